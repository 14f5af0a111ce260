import type { TExplorerCluster, TExplorerEvent } from '@/lib/contract';
import { clusterCellDegrees, clusterMatches } from '@/lib/event-index/aggregate';
import type { MatchSet } from '@/lib/event-index/event-index';
import { mergeOverlappingGroups } from './merge-groups';

/**
 * Groups of a list of events (the only events known: a live answer's page, a search's results), by the view's grid at
 * `zoom` and merged where their circles would overlap, as the read model groups every match: events at one place are
 * one circle with their number, not dots drawn over each other.
 */
export function pageClusters(data: readonly TExplorerEvent[], zoom: number): TExplorerCluster[] {
  const placed = data.filter((event) => event.position !== undefined);
  const labels = [...new Set(placed.flatMap((event) => (event.city === undefined ? [] : [event.city])))];
  const matches: MatchSet = {
    slots: Int32Array.from(placed, (_, i) => i),
    ids: Float64Array.from(placed, (event) => event.id),
    lng: Float64Array.from(placed, (event) => event.position![0]),
    lat: Float64Array.from(placed, (event) => event.position![1]),
    mask: new Int32Array(placed.length),
    label: Int32Array.from(placed, (event) => (event.city === undefined ? -1 : labels.indexOf(event.city))),
    labelNames: labels,
  };
  return mergeOverlappingGroups(clusterMatches(matches, clusterCellDegrees(zoom)), zoom);
}
