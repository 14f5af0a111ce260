import type { EventRecord, MapPlaceRecord, PlaceRecord } from '../model/records';
import {
  eventRecordOfRow,
  mapPlaceOfRow,
  placeOfRow,
  type EventWithPartsRow,
  type MapPlaceRow,
  type PlaceRow,
} from '../model/rows';
import type { Queryable } from './pool';

/*
 * Reading an event and everything it embeds, the PostgreSQL side of partner-api/store/sqlite/event-record.ts: the
 * same records, so the same serializer builds the same JSON.
 */

const MAP_PLACE_COLUMNS =
  'id, name, address, lng, lat, average_grade, total_grades, street, city, postal_code, country, photo_ref, ' +
  'website, editorial_summary, time_zone, periods';
const PLACE_COLUMNS =
  'id, map_id, name, lng, lat, street, city, postal_code, country, image, square_image, rectangle_image, ' +
  'average_grade, total_grades, time_zone';

/** Reads a map place, or null. */
export async function loadMapPlace(q: Queryable, id: string): Promise<MapPlaceRecord | null> {
  const { rows } = await q.query<MapPlaceRow>(`SELECT ${MAP_PLACE_COLUMNS} FROM map_places WHERE id = $1`, [id]);
  return rows[0] ? mapPlaceOfRow(rows[0]) : null;
}

/** Reads a place, or null. */
export async function loadPlace(q: Queryable, id: number): Promise<PlaceRecord | null> {
  const { rows } = await q.query<PlaceRow>(`SELECT ${PLACE_COLUMNS} FROM places WHERE id = $1`, [id]);
  return rows[0] ? placeOfRow(rows[0]) : null;
}

/** The places ingestion created for these venue keys (ingest_venues), by venue key: one round trip for a batch. */
export async function loadVenuePlaces(q: Queryable, venueKeys: readonly string[]): Promise<Map<string, PlaceRecord>> {
  const { rows } = await q.query<PlaceRow & { venue_key: string }>(
    `SELECT v.venue_key, p.* FROM ingest_venues v
     JOIN LATERAL (SELECT ${PLACE_COLUMNS} FROM places WHERE id = v.place_id) p ON TRUE
     WHERE v.venue_key = ANY($1::TEXT[])`,
    [venueKeys],
  );
  return new Map(rows.map((row) => [row.venue_key, placeOfRow(row)]));
}

/*
 * One round trip per event: the embedded rows come back as JSON arrays. json_agg keeps doubles exact (PostgreSQL
 * prints float8 with the shortest round-tripping form) and BIGINT milliseconds are below 2^53.
 */
const LOAD_EVENT = `
SELECT e.id, e.service_id, e.name, e.description, e.start_ms, e.end_ms, e.has_end_date_not_reliable, e.lowest_price,
       e.highest_price, e.has_good_deal, e.image, e.image_height, e.image_width, e.square_image, e.rectangle_image,
       e.web_image, e.not_available_ms, e.cancelled_ms, e.created_ms, e.updated_ms, e.time_zone, e.place_id,
       e.map_place_id, e.trending_score,
       (SELECT row_to_json(p) FROM (SELECT ${PLACE_COLUMNS} FROM places WHERE id = e.place_id) p) AS place,
       (SELECT row_to_json(m) FROM (SELECT ${MAP_PLACE_COLUMNS} FROM map_places WHERE id = e.map_place_id) m)
         AS map_place,
       (SELECT json_agg(s ORDER BY s.id) FROM (
          SELECT s.id, s.partner_id, pa.name AS partner_name, pa.logo AS partner_logo,
                 pa.back_color AS partner_back_color, s.start_ms, s.end_ms, s.lowest_price, s.highest_price,
                 s.is_good_deal, s.commission_fix, s.commission_per_ticket, s.commission_per_cart, s.commission_rate,
                 s.link, s.is_bookable, s.available_dates, s.average_grade, s.total_grades,
                 s.cant_retrieve_available_dates, s.not_available_ms
          FROM sources s JOIN partners pa ON pa.id = s.partner_id WHERE s.event_id = e.id) s) AS sources,
       (SELECT array_agg(category_id ORDER BY category_id) FROM event_categories WHERE event_id = e.id)
         AS category_ids,
       (SELECT json_agg(c ORDER BY c.date_ms, c.id) FROM (
          SELECT id, grade, content, username, date_ms FROM commentaries WHERE event_id = e.id) c) AS commentaries,
       (SELECT json_agg(p ORDER BY p.position, p.id) FROM (
          SELECT p.id, p.name, p.description, p.image, p.web_image, ep.position
          FROM event_performers ep JOIN performers p ON p.id = ep.performer_id WHERE ep.event_id = e.id) p)
         AS performers
FROM events e WHERE e.id = $1`;

/** Reads an event and everything it embeds (deleted events are gone from the table), or null. */
export async function loadEventRecord(q: Queryable, id: number, forUpdate = false): Promise<EventRecord | null> {
  const { rows } = await q.query<EventWithPartsRow>(forUpdate ? `${LOAD_EVENT} FOR UPDATE OF e` : LOAD_EVENT, [id]);
  const row = rows[0];
  if (!row) return null;
  if (!row.place) throw new Error(`event ${id} references missing place ${row.place_id}`);
  return eventRecordOfRow(row);
}
