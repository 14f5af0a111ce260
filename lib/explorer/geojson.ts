import type { FeatureCollection, Point } from 'geojson';
import type { TExplorerCluster, TExplorerEvent } from '@/lib/contract';

/** Properties of one circle on the map (kept small: the source is copied to a worker on every load). */
export interface EventPointProps {
  /** Its index in the view's clusters (a click frames that cluster's bounds). */
  k: number;
  /** How many events it holds (exact over every match); 1 for a single event. */
  count: number;
  /** The event, when it holds one. */
  id?: number;
  /** A single event's first main category, or `none` (also for a single event the list's page does not hold). */
  cat: string;
  /** 1 when a single event is cancelled or unavailable: drawn muted. */
  off: 0 | 1;
}

/** A view's circles: its clusters, each with its exact count; single events as points of their category's colour. */
export function clustersToGeoJson(
  clusters: readonly TExplorerCluster[],
  events: readonly TExplorerEvent[],
): FeatureCollection<Point, EventPointProps> {
  const byId = new Map(events.map((event) => [event.id, event]));
  const features = clusters.map((cluster, k): FeatureCollection<Point, EventPointProps>['features'][number] => {
    const event = cluster.eventId === undefined ? undefined : byId.get(cluster.eventId);
    return {
      type: 'Feature',
      ...(cluster.eventId === undefined ? {} : { id: cluster.eventId }),
      geometry: { type: 'Point', coordinates: cluster.position },
      properties: {
        k,
        count: cluster.count,
        ...(cluster.eventId === undefined ? {} : { id: cluster.eventId }),
        cat: event?.category ?? 'none',
        off: event?.cancelled || event?.unavailable ? 1 : 0,
      },
    };
  });
  return { type: 'FeatureCollection', features };
}
