import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import type { MatchSet } from './event-index';

/*
 * Aggregations over every match of a query (not a page of it): the map's groups with their exact counts, and the
 * chips' counts per category. Pure code over the index's columns (EventIndex.matchSet).
 */

/** A group of matches the map draws as one circle (the shape of lib/contract's ExplorerCluster). */
export interface MatchCluster {
  position: [number, number];
  count: number;
  bounds: [number, number, number, number];
  label?: string;
  eventId?: number;
}

/** How wide (in screen pixels) one group's cell is: a circle with its count fits, and a country view stays small. */
export const CLUSTER_CELL_PX = 64;

/**
 * The grid cell size in degrees of longitude at a map zoom: CLUSTER_CELL_PX pixels of a 512-pixel Web Mercator world
 * (MapLibre's tiles). The grid is anchored to the world, not to the viewport, so a pan keeps each group whole.
 */
export function clusterCellDegrees(zoom: number): number {
  return (360 * CLUSTER_CELL_PX) / (512 * 2 ** zoom);
}

/** ~1 m: more digits are noise on a map and bytes on a phone. */
export const roundCoordinate = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * The matches grouped by grid cell (`cellDeg` degrees of longitude; rows as tall in Mercator, so cells look square):
 * each group's count, mean position, bounds, most common label and, when single, its event. Ordered by count (the
 * largest first), then position, so an answer is stable.
 */
export function clusterMatches(matches: MatchSet, cellDeg: number): MatchCluster[] {
  const { slots, ids, lng, lat, label } = matches;
  const columns = Math.ceil(360 / cellDeg) + 1;
  const byCell = new Map<number, number>();
  const count: number[] = [];
  const sumLng: number[] = [];
  const sumLat: number[] = [];
  const box: number[][] = [];
  const first: number[] = [];
  const labels: Map<number, number>[] = [];
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!;
    const x = lng[s]!;
    const y = lat[s]!;
    const key = mercatorRow(y, cellDeg) * columns + Math.floor((x + 180) / cellDeg);
    let c = byCell.get(key);
    if (c === undefined) {
      c = count.length;
      byCell.set(key, c);
      count.push(0);
      sumLng.push(0);
      sumLat.push(0);
      box.push([x, y, x, y]);
      first.push(s);
      labels.push(new Map());
    }
    count[c]! += 1;
    sumLng[c]! += x;
    sumLat[c]! += y;
    const b = box[c]!;
    if (x < b[0]!) b[0] = x;
    if (y < b[1]!) b[1] = y;
    if (x > b[2]!) b[2] = x;
    if (y > b[3]!) b[3] = y;
    const l = label[s]!;
    if (l >= 0) labels[c]!.set(l, (labels[c]!.get(l) ?? 0) + 1);
  }
  const clusters: MatchCluster[] = count.map((n, c) => {
    let best = -1;
    let bestCount = 0;
    for (const [l, k] of labels[c]!) {
      // Ties go to the name first in alphabetical order: the same answer whatever order the events came in.
      if (k > bestCount || (k === bestCount && matches.labelNames[l]! < matches.labelNames[best]!)) {
        best = l;
        bestCount = k;
      }
    }
    const b = box[c]!;
    return {
      position: [roundCoordinate(sumLng[c]! / n), roundCoordinate(sumLat[c]! / n)],
      count: n,
      bounds: [roundCoordinate(b[0]!), roundCoordinate(b[1]!), roundCoordinate(b[2]!), roundCoordinate(b[3]!)],
      ...(best >= 0 && { label: matches.labelNames[best] }),
      ...(n === 1 && { eventId: ids[first[c]!]! }),
    };
  });
  return clusters.sort((a, b) => b.count - a.count || a.position[0] - b.position[0] || a.position[1] - b.position[1]);
}

/**
 * A latitude's Mercator northing in degrees of longitude from the south edge (clamped to MapLibre's ±85.05°): the
 * part of a grid row that does not depend on the cell size.
 */
export function mercatorNorthing(latDeg: number): number {
  const clamped = Math.max(-85.0511, Math.min(85.0511, latDeg));
  const y = Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)); // radians of Mercator northing
  return (y * 180) / Math.PI + 180;
}

/** The Mercator row of a latitude for cells `cellDeg` wide. */
function mercatorRow(latDeg: number, cellDeg: number): number {
  return Math.floor(mercatorNorthing(latDeg) / cellDeg);
}

/** The chips' keys: the main categories, then `none`. */
export type CategoryKey = (typeof MAIN_CATEGORIES)[number] | 'none';

/**
 * Matches per main category (an event with several counts under each), and `none` for events without one.
 * Categories with no match are left out.
 */
export function categoryCounts(matches: MatchSet): Partial<Record<CategoryKey, number>> {
  const perBit = new Array<number>(MAIN_CATEGORIES.length).fill(0);
  let none = 0;
  const { slots, mask } = matches;
  for (let i = 0; i < slots.length; i++) {
    let m = mask[slots[i]!]!;
    if (m === 0) {
      none += 1;
      continue;
    }
    for (let bit = 0; m !== 0; bit++, m >>>= 1) if (m & 1) perBit[bit]! += 1;
  }
  const out: Partial<Record<CategoryKey, number>> = {};
  MAIN_CATEGORIES.forEach((category, bit) => {
    if (perBit[bit]! > 0) out[category] = perBit[bit];
  });
  if (none > 0) out.none = none;
  return out;
}
