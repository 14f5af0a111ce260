import { haversineMeters } from '@/partner-api/search/ranking';
import { textRelevance } from '@/partner-api/search/relevance';
import type { RecordWithEventsJson } from '../../search-types';
import { getMapPlace } from './get-map-place';
import { mapPlaceHadEvent } from '../rows/record-events';
import { expandWords, ftsMatch, queryWords, withMatch } from '../rows/search-index';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

/** How far from the given point a place may be: the point is approximate, a city is the intended scale. */
export const PLACE_SEARCH_RADIUS_M = 50_000;

/**
 * The map place whose name best matches `name` (every word, as typed or with one typo) within
 * PLACE_SEARCH_RADIUS_M of the point — most relevant first, then nearest. Null when there is none, or when no
 * event has taken place there yet (the spec's rule: the place must be known from an event that happened).
 */
export function searchPlace(
  ctx: StoreContext,
  name: string,
  point: { lng: number; lat: number },
): RecordWithEventsJson | null {
  const words = expandWords(ctx.db, 'places', queryWords(name), false);
  const match = ftsMatch(words);
  if (!match) return null;
  // A bounding box around the circle prefilters in SQL; the exact distance is checked below.
  const dLat = PLACE_SEARCH_RADIUS_M / 111_195;
  const dLng = dLat / Math.max(0.01, Math.cos((point.lat * Math.PI) / 180));
  const rows = withMatch(
    () =>
      stmt(
        ctx.db,
        `SELECT m.id, m.name, m.lng, m.lat FROM search_places s
     JOIN search_place_keys k ON k.rowid = s.rowid JOIN map_places m ON m.id = k.map_place_id
     WHERE search_places MATCH ? AND m.lat BETWEEN ? AND ? AND m.lng BETWEEN ? AND ?`,
      ).all(`name : (${match})`, point.lat - dLat, point.lat + dLat, point.lng - dLng, point.lng + dLng) as Array<{
        id: string;
        name: string;
        lng: number;
        lat: number;
      }>,
  );
  let best: { id: string; relevance: number; distance: number } | null = null;
  for (const row of rows) {
    const distance = haversineMeters(point.lng, point.lat, row.lng, row.lat);
    if (distance > PLACE_SEARCH_RADIUS_M) continue;
    const relevance = textRelevance(words, row.name);
    if (
      !best ||
      relevance > best.relevance ||
      (relevance === best.relevance && (distance < best.distance || (distance === best.distance && row.id < best.id)))
    ) {
      best = { id: row.id, relevance, distance };
    }
  }
  if (!best || !mapPlaceHadEvent(ctx.db, best.id, ctx.clock())) return null;
  return getMapPlace(ctx, best.id);
}
