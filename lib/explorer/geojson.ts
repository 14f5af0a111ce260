import type { FeatureCollection, Point } from 'geojson';
import type { TExplorerEvent } from '@/lib/contract';
import { eventPosition } from './events-request';

/** Properties of one event point on the map (kept small: the source is copied to a worker on every load). */
export interface EventPointProps {
  id: number;
  /** The first main category, or `none`. */
  cat: string;
  /** 1 when cancelled or unavailable: drawn muted. */
  off: 0 | 1;
}

/** The events' points, one feature per event with a position; the feature id is the event id. */
export function eventsToGeoJson(events: readonly TExplorerEvent[]): FeatureCollection<Point, EventPointProps> {
  const features: FeatureCollection<Point, EventPointProps>['features'] = [];
  for (const event of events) {
    const position = eventPosition(event);
    if (!position) continue;
    features.push({
      type: 'Feature',
      id: event.id,
      geometry: { type: 'Point', coordinates: position },
      properties: {
        id: event.id,
        cat: event.category ?? 'none',
        off: event.cancelled || event.unavailable ? 1 : 0,
      },
    });
  }
  return { type: 'FeatureCollection', features };
}
