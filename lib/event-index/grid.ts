import { circleBoxes, rectangleBoxes } from './geo';
import type { LocationQuery } from './events-query';

/* The index's grid: slots by cell of CELL_DEG degrees, so small viewports visit only their cells. */

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
