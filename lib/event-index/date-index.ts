import type { EventColumns } from './columns';
import { mergedOrder, slotComparator, type SortOrders } from './orders';

/*
 * The index's date index: live slots in duration classes, each sorted by start, so the slots overlapping a window
 * are, per class, one range found by two binary searches (an event of class k starting before
 * `minMs - SPAN_CLASSES_MS[k]` has ended before the window).
 */

/** Duration classes of the date index (ms): up to 6 hours, a day, 4 days, 16 days, 64 days, longer. */
export const SPAN_CLASSES_MS = [6, 24, 96, 384, 1536, Number.POSITIVE_INFINITY].map((hours) => hours * 3_600_000);

/** The duration class of a slot: the first SPAN_CLASSES_MS bound its event's duration fits in. */
export function spanClass(start: Float64Array, end: Float64Array, s: number): number {
  const duration = end[s]! - start[s]!;
  let k = 0;
  while (k < SPAN_CLASSES_MS.length - 1 && duration > SPAN_CLASSES_MS[k]!) k++;
  return k;
}

/** First index of `span` (sorted by start) whose start is > `ms` (or >= when `after` is false). */
export function startBound(start: Float64Array, span: Int32Array, ms: number, after: boolean): number {
  let lo = 0;
  let hi = span.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = start[span[mid]!]!;
    if (after ? v <= ms : v < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The date index over every live slot: slots by duration class (SPAN_CLASSES_MS), each sorted by start. An event of
 * class k overlapping [minMs, maxMs] starts in [minMs - SPAN_CLASSES_MS[k], maxMs]: a few binary searches bound the
 * candidates of a date window, long events (exhibitions) apart so they do not widen the short ones' range. Built
 * lazily from the start order, patched like the orders.
 */
export class DateIndex {
  /** null = rebuild on next use. */
  private spans: Int32Array[] | null = null;

  constructor(
    private readonly columns: EventColumns,
    private readonly orders: SortOrders,
  ) {}

  /** The live slots of each duration class, sorted by start. */
  classes(): Int32Array[] {
    if (this.spans === null) {
      const { start, end } = this.columns;
      const classes: number[][] = SPAN_CLASSES_MS.map(() => []);
      const byStart = this.orders.get('startDate');
      for (let i = 0; i < byStart.length; i++) classes[spanClass(start, end, byStart[i]!)]!.push(byStart[i]!);
      this.spans = classes.map((slots) => Int32Array.from(slots));
    }
    return this.spans;
  }

  /** Takes changed slots in (dead ones out, live ones merged into their class); many changes drop the index instead. */
  patch(changed: readonly number[], changedSet: ReadonlySet<number>): void {
    if (this.spans === null) return;
    const { alive, start, end, size, dead } = this.columns;
    if (changed.length > (size - dead) / 8) {
      this.spans = null;
      return;
    }
    const compare = slotComparator(this.columns, 'startDate');
    this.spans = this.spans.map((span, k) =>
      mergedOrder(
        span,
        changedSet,
        changed.filter((s) => alive[s] && spanClass(start, end, s) === k).sort(compare),
        compare,
        alive,
      ),
    );
  }

  /** Drops the index (after the slots were renumbered). */
  clear(): void {
    this.spans = null;
  }
}
