import type { RecordWithEventsJson } from '../../search-types';
import { bestPlaceId, placeSearchBox } from '../../model/search-results';
import { getMapPlace } from './get-map-place';
import { mapPlaceHadEvent } from '../rows/record-events';
import { expandWords, ftsMatch, queryWords, withMatch } from '../rows/search-index';
import { stmt } from '../statements';
import type { StoreContext } from '../rows/store-context';

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
  const box = placeSearchBox(point);
  const rows = withMatch(
    () =>
      stmt(
        ctx.db,
        `SELECT m.id, m.name, m.lng, m.lat FROM search_places s
     JOIN search_place_keys k ON k.rowid = s.rowid JOIN map_places m ON m.id = k.map_place_id
     WHERE search_places MATCH ? AND m.lat BETWEEN ? AND ? AND m.lng BETWEEN ? AND ?`,
      ).all(`name : (${match})`, box.minLat, box.maxLat, box.minLng, box.maxLng) as Array<{
        id: string;
        name: string;
        lng: number;
        lat: number;
      }>,
  );
  const id = bestPlaceId(rows, words, point);
  if (id === null || !mapPlaceHadEvent(ctx.db, id, ctx.clock())) return null;
  return getMapPlace(ctx, id);
}
