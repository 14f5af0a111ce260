import { mercatorNorthing, type MatchCluster } from '@/lib/event-index/aggregate';
import { markerReach } from '@/lib/map/markers';

/** A group's centre in screen pixels at a zoom (as MapLibre places it in a 512-pixel world). */
function screen(group: Pick<MatchCluster, 'position'>, zoom: number): [number, number] {
  const perDegree = (512 * 2 ** zoom) / 360;
  return [(group.position[0] + 180) * perDegree, mercatorNorthing(group.position[1]) * perDegree];
}

/** Pairs of the map's circles that would cover each other on screen at a zoom, rings included. */
export function overlappingCircles<T extends Pick<MatchCluster, 'position' | 'count'>>(
  groups: readonly T[],
  zoom: number,
): [T, T][] {
  const found: [T, T][] = [];
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      const [ax, ay] = screen(groups[i]!, zoom);
      const [bx, by] = screen(groups[j]!, zoom);
      const reach = markerReach(groups[i]!.count, zoom) + markerReach(groups[j]!.count, zoom);
      if (Math.hypot(ax - bx, ay - by) < reach) found.push([groups[i]!, groups[j]!]);
    }
  }
  return found;
}
