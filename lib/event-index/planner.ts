import type { EventColumns } from './columns';
import { SPAN_CLASSES_MS, startBound, type DateIndex } from './date-index';
import { CELL_SEARCH_COST, type SlotGrid } from './grid';
import type { EventsQuery } from './events-query';

/** How many slots a sequential pass visits for the cost of one candidate visited out of order. */
const RANDOM_ACCESS_COST = 3;

/**
 * Picks the candidates of a query, whichever set is estimated cheapest to test: each grid cell's own date ranges, the
 * grid cells of the location filter, the date index's ranges for the window, or every slot in order; then keeps the
 * candidates a predicate accepts. Each slot is visited once (cells are disjoint, so are duration classes).
 */
export class CandidatePlanner {
  /** Scratch space of matches(). */
  private matchBuffer = new Int32Array(0);
  /** How many slots the last `matches` examined (the candidate set it chose), for the events query's metric. */
  lastCandidates = 0;

  constructor(
    private readonly columns: EventColumns,
    private readonly dates: DateIndex,
    private readonly grid: SlotGrid,
  ) {}

  /** Every live slot matching `test` among the query's candidates; valid until the next query. */
  matches(query: EventsQuery, test: (s: number) => boolean): Int32Array {
    const { start, alive, size } = this.columns;
    const spans = this.dates.classes();
    const ranges: [Int32Array, number, number][] = [];
    let spanTotal = 0;
    spans.forEach((span, k) => {
      const from = startBound(start, span, query.minMs - SPAN_CLASSES_MS[k]!, false);
      const to = startBound(start, span, query.maxMs, true);
      if (to > from) {
        ranges.push([span, from, to]);
        spanTotal += to - from;
      }
    });
    // Written into one reusable array (a slot matches at most once): a million-event match list grown by push()
    // cost more than the pass that found it. The result is only valid until the next query.
    if (this.matchBuffer.length < size) this.matchBuffer = new Int32Array(this.columns.capacity);
    const out = this.matchBuffer;
    let n = 0;
    const grid = this.grid.touched(query.location);
    // Few cells against many date candidates: each cell's own date ranges (a dozen binary searches per cell).
    if (grid !== null && grid.cells.length * CELL_SEARCH_COST < Math.min(spanTotal, grid.total)) {
      let visited = 0;
      for (const key of grid.cells) {
        this.grid.cellClasses(key).forEach((span, k) => {
          const to = startBound(start, span, query.maxMs, true);
          const from = startBound(start, span, query.minMs - SPAN_CLASSES_MS[k]!, false);
          visited += Math.max(0, to - from);
          for (let i = from; i < to; i++) {
            const s = span[i]!;
            if (alive[s] && test(s)) out[n++] = s;
          }
        });
      }
      this.lastCandidates = visited;
      return out.subarray(0, n);
    }
    if (grid !== null && grid.total < spanTotal) {
      this.lastCandidates = grid.total;
      for (const key of grid.cells) {
        const cell = this.grid.cell(key);
        for (let i = 0; i < cell.length; i++) {
          const s = cell[i]!;
          if (alive[s] && test(s)) out[n++] = s;
        }
      }
      return out.subarray(0, n);
    }
    // Date ranges list slots in start order, i.e. scattered over the columns: at 1 000 000 events each candidate
    // cost several cache misses (~280 ns against ~16 ns a slot in order, measured). When they are more than
    // 1 / RANDOM_ACCESS_COST of the index, a sequential pass over every slot is cheaper.
    if (spanTotal * RANDOM_ACCESS_COST > size) {
      this.lastCandidates = size;
      for (let s = 0; s < size; s++) if (alive[s] && test(s)) out[n++] = s;
      return out.subarray(0, n);
    }
    this.lastCandidates = spanTotal;
    for (const [span, from, to] of ranges) {
      for (let i = from; i < to; i++) {
        const s = span[i]!;
        if (test(s)) out[n++] = s;
      }
    }
    return out.subarray(0, n);
  }
}
