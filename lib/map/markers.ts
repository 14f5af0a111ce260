/*
 * The sizes of the map's event circles, in screen pixels: the live map's layers (components/map/layers.ts), the drawn
 * first view (components/map/map-backdrop.tsx) and the merging of groups whose circles would overlap
 * (lib/explorer/merge-groups.ts) read them here, so what the server merges is what the map draws.
 */

/** A group's radius by its count: [from this many events, radius] steps, smallest first. */
export const GROUP_RADIUS_STEPS: readonly (readonly [number, number])[] = [
  [2, 16],
  [10, 20],
  [100, 25],
  [1000, 31],
  [10_000, 36],
];

/** The white ring around a group's circle. */
export const GROUP_STROKE_PX = 3;

/** A single event's radius by map zoom: [zoom, radius] stops, linear in between and held beyond. */
export const POINT_RADIUS_STOPS: readonly (readonly [number, number])[] = [
  [6, 6],
  [14, 9],
];

/** The white ring around a single event's circle. */
export const POINT_STROKE_PX = 2;

/** A group's circle radius (without its ring) for `count` events. */
export function groupRadius(count: number): number {
  let radius = GROUP_RADIUS_STEPS[0]![1];
  for (const [from, r] of GROUP_RADIUS_STEPS) if (count >= from) radius = r;
  return radius;
}

/** A single event's circle radius (without its ring) at a map zoom. */
export function pointRadius(zoom: number): number {
  const [z0, r0] = POINT_RADIUS_STOPS[0]!;
  const [z1, r1] = POINT_RADIUS_STOPS[POINT_RADIUS_STOPS.length - 1]!;
  if (zoom <= z0) return r0;
  if (zoom >= z1) return r1;
  return r0 + ((zoom - z0) / (z1 - z0)) * (r1 - r0);
}

/** How far from its centre a circle of `count` events reaches on screen at a zoom, its ring included. */
export function markerReach(count: number, zoom: number): number {
  return count > 1 ? groupRadius(count) + GROUP_STROKE_PX : pointRadius(zoom) + POINT_STROKE_PX;
}

/** The largest reach any circle has: a group of the last step. */
export const MAX_MARKER_REACH = GROUP_RADIUS_STEPS[GROUP_RADIUS_STEPS.length - 1]![1] + GROUP_STROKE_PX;
