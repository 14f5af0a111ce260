import { mercatorNorthing, roundCoordinate, type MatchCluster } from '@/lib/event-index/aggregate';
import { MAX_MARKER_REACH, markerReach } from '@/lib/map/markers';

/** Clear space kept between two circles, in screen pixels. */
const GAP_PX = 2;

/** Neighbour search cells: a circle overlaps only circles whose centres lie in its own or the eight around it. */
const CELL_PX = 2 * MAX_MARKER_REACH + GAP_PX;

/**
 * A search cell's key. Columns and rows stay under 2^27 up to zoom 24 (a 512 × 2^24-pixel world in 80-pixel cells); a
 * key past 2^53 may round onto a neighbour's, which only puts two cells' circles in one bucket: every candidate's
 * distance is still measured.
 */
const cellKey = (column: number, row: number) => column * 134_217_728 + row;

interface Working {
  /** Screen position at the zoom (pixels of the Web Mercator world; y grows northwards). */
  x: number;
  y: number;
  count: number;
  /** Sums of the members' positions weighted by their counts: the merged group's mean is that of its events. */
  sumLng: number;
  sumLat: number;
  bounds: [number, number, number, number];
  /** Events per town name among the members (only once the group has merged another). */
  labels: Map<string, number> | null;
  source: MatchCluster;
  merged: boolean;
  cell: number;
}

/**
 * The view's groups with every two whose circles would overlap on screen merged into one, until none do.
 *
 * The groups come from a grid of 64-pixel cells anchored to the world (lib/event-index/aggregate.ts), each circle at
 * the mean of its events: two neighbouring cells' groups can sit a few pixels apart, and a lone event's dot then
 * covers a group's number (seen over Paris at a country's zoom). Merged groups keep exact counts, the mean position
 * and the bounds of all their events, and the town with most of their events; the total is unchanged. Largest
 * groups absorb first, so a town's group takes in the stragglers around it. Linear in the groups (a grid of cells as
 * wide as two of the largest circles finds the neighbours), so a zoom far finer than the view costs no more than the
 * grouping itself.
 */
export function mergeOverlappingGroups(groups: readonly MatchCluster[], zoom: number): MatchCluster[] {
  if (groups.length < 2) return [...groups];
  const pxPerDegree = (512 * 2 ** zoom) / 360;
  const cells = new Map<number, Set<Working>>();
  const cellOf = (x: number, y: number) => cellKey(Math.floor(x / CELL_PX), Math.floor(y / CELL_PX));
  const place = (w: Working) => {
    w.cell = cellOf(w.x, w.y);
    let set = cells.get(w.cell);
    if (set === undefined) cells.set(w.cell, (set = new Set()));
    set.add(w);
  };
  const working: Working[] = groups.map((group) => {
    const [lng, lat] = group.position;
    const w: Working = {
      x: (lng + 180) * pxPerDegree,
      y: mercatorNorthing(lat) * pxPerDegree,
      count: group.count,
      sumLng: lng * group.count,
      sumLat: lat * group.count,
      bounds: [...group.bounds],
      labels: null,
      source: group,
      merged: false,
      cell: 0,
    };
    place(w);
    return w;
  });

  const overlapping = (a: Working): Working | undefined => {
    const cx = Math.floor(a.x / CELL_PX);
    const cy = Math.floor(a.y / CELL_PX);
    const reach = markerReach(a.count, zoom) + GAP_PX;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const set = cells.get(cellKey(cx + dx, cy + dy));
        if (set === undefined) continue;
        for (const b of set) {
          if (b === a) continue;
          const limit = reach + markerReach(b.count, zoom);
          if ((a.x - b.x) ** 2 + (a.y - b.y) ** 2 < limit * limit) return b;
        }
      }
    }
    return undefined;
  };

  const labelsOf = (w: Working) =>
    w.labels ?? new Map(w.source.label === undefined ? [] : [[w.source.label, w.source.count]]);

  const absorb = (into: Working, other: Working) => {
    cells.get(other.cell)!.delete(other);
    cells.get(into.cell)!.delete(into);
    const labels = labelsOf(into);
    for (const [label, n] of labelsOf(other)) labels.set(label, (labels.get(label) ?? 0) + n);
    into.labels = labels;
    into.count += other.count;
    into.sumLng += other.sumLng;
    into.sumLat += other.sumLat;
    const lng = into.sumLng / into.count;
    const lat = into.sumLat / into.count;
    into.x = (lng + 180) * pxPerDegree;
    into.y = mercatorNorthing(lat) * pxPerDegree;
    into.bounds = [
      Math.min(into.bounds[0], other.bounds[0]),
      Math.min(into.bounds[1], other.bounds[1]),
      Math.max(into.bounds[2], other.bounds[2]),
      Math.max(into.bounds[3], other.bounds[3]),
    ];
    into.merged = true;
    other.count = 0;
    place(into);
  };

  // Largest first (the grouping's own order is by count, then position: kept for ties).
  const order = [...working].sort((a, b) => b.count - a.count);
  for (const w of order) {
    if (w.count === 0) continue;
    for (let other = overlapping(w); other !== undefined; other = overlapping(w)) absorb(w, other);
  }

  const out = working
    .filter((w) => w.count > 0)
    .map((w): MatchCluster => {
      if (!w.merged) return w.source;
      let label: string | undefined;
      let most = 0;
      // Ties go to the name first in alphabetical order, as the grouping's own labels do.
      for (const [name, n] of w.labels!) if (n > most || (n === most && name < label!)) [label, most] = [name, n];
      return {
        position: [roundCoordinate(w.sumLng / w.count), roundCoordinate(w.sumLat / w.count)],
        count: w.count,
        bounds: w.bounds,
        ...(label !== undefined && { label }),
      };
    });
  return out.sort((a, b) => b.count - a.count || a.position[0] - b.position[0] || a.position[1] - b.position[1]);
}
