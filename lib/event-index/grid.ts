import type { EventColumns } from './columns';
import { spanClass, SPAN_CLASSES_MS } from './date-index';
import { circleBoxes, rectangleBoxes } from './geo';
import { slotComparator } from './orders';
import type { LocationQuery } from './events-query';

/*
 * The index's grid: slots by cell of CELL_DEG degrees, so small viewports visit only their cells, and each cell's
 * own date index for small viewports over many dates.
 */

export const CELL_DEG = 0.1;
/** Rough cost of searching one cell's date ranges, in candidate tests: the bar for using per-cell ranges. */
export const CELL_SEARCH_COST = 256;
const GRID_COLUMNS = Math.ceil(360 / CELL_DEG) + 1;
/** Beyond this many cells a viewport is large: scanning in sort order wins. */
const MAX_GRID_CELLS = 4096;
const cellColumn = (lng: number) => Math.floor((lng + 180) / CELL_DEG);
const cellRow = (lat: number) => Math.floor((lat + 90) / CELL_DEG);
export const cellKey = (lng: number, lat: number) => cellRow(lat) * GRID_COLUMNS + cellColumn(lng);

/**
 * The grid cells a location filter touches and how many slots they hold, when that is a small part of the index
 * (else null: too many cells to visit).
 */
export function gridCells(
  grid: ReadonlyMap<number, readonly number[]>,
  location: LocationQuery | null,
): { cells: number[]; total: number } | null {
  if (location === null) return null;
  const boxes =
    location.kind === 'rectangle'
      ? rectangleBoxes(location)
      : circleBoxes(location.lng, location.lat, location.maxDistance);
  const cells: number[] = [];
  let total = 0;
  let visited = 0;
  for (const box of boxes) {
    const x0 = cellColumn(box.minLng);
    const x1 = cellColumn(box.maxLng);
    const y0 = cellRow(box.minLat);
    const y1 = cellRow(box.maxLat);
    visited += (x1 - x0 + 1) * (y1 - y0 + 1);
    if (visited > MAX_GRID_CELLS) return null;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const key = y * GRID_COLUMNS + x;
        const cell = grid.get(key);
        if (cell) {
          cells.push(key);
          total += cell.length;
        }
      }
    }
  }
  return { cells, total };
}

/** Slots by grid cell (CELL_DEG degrees); may hold dead slots. */
export class SlotGrid {
  private readonly cells = new Map<number, number[]>();
  /**
   * A cell's slots in the date index's duration classes, each sorted by start (as DateIndex, per cell): a small
   * viewport's candidates for a window are then a few ranges per cell. Built on first use, dropped when a slot is
   * added to the cell; may hold dead slots.
   */
  private readonly cellSpans = new Map<number, Int32Array[]>();

  constructor(private readonly columns: EventColumns) {}

  /** Files a new slot under its cell. */
  add(slot: number, lng: number, lat: number): void {
    const key = cellKey(lng, lat);
    const cell = this.cells.get(key);
    if (cell) cell.push(slot);
    else this.cells.set(key, [slot]);
    this.cellSpans.delete(key);
  }

  /** Files every slot anew (after the slots were renumbered: dead ones are gone). */
  rebuild(): void {
    this.cells.clear();
    this.cellSpans.clear();
    const { lng, lat, size } = this.columns;
    for (let slot = 0; slot < size; slot++) {
      const key = cellKey(lng[slot]!, lat[slot]!);
      const cell = this.cells.get(key);
      if (cell) cell.push(slot);
      else this.cells.set(key, [slot]);
    }
  }

  /** The cells a location filter touches and how many slots they hold, or null (see gridCells). */
  touched(location: LocationQuery | null): { cells: number[]; total: number } | null {
    return gridCells(this.cells, location);
  }

  /** The slots of a cell touched (a key from touched()). */
  cell(key: number): number[] {
    return this.cells.get(key)!;
  }

  /** A cell's live slots by duration class, each sorted by start. */
  cellClasses(key: number): Int32Array[] {
    let spans = this.cellSpans.get(key);
    if (spans === undefined) {
      const { alive, start, end } = this.columns;
      const classes: number[][] = SPAN_CLASSES_MS.map(() => []);
      for (const s of this.cells.get(key) ?? []) if (alive[s]) classes[spanClass(start, end, s)]!.push(s);
      const compare = slotComparator(this.columns, 'startDate');
      spans = classes.map((slots) => Int32Array.from(slots.sort(compare)));
      this.cellSpans.set(key, spans);
    }
    return spans;
  }
}
