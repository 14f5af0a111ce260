import type { PeriodInput } from '../types';
import type { AvailableDateRecord, EventRecord, MapPlaceRecord, PlaceRecord, SourceRecord } from '../model/records';
import type { Queryable } from './pool';

/*
 * Reading an event and everything it embeds, the PostgreSQL side of partner-api/store/sqlite/event-record.ts: the
 * same records, so the same serializer builds the same JSON.
 */

interface MapPlaceRow {
  id: string;
  name: string;
  address: string;
  lng: number;
  lat: number;
  average_grade: number | null;
  total_grades: number | null;
  street: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  photo_ref: string | null;
  website: string | null;
  editorial_summary: string | null;
  time_zone: string;
  periods: string;
}

interface PlaceRow {
  id: number;
  map_id: string | null;
  name: string;
  lng: number;
  lat: number;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  image: string;
  square_image: string;
  rectangle_image: string;
  average_grade: number;
  total_grades: number;
  time_zone: string;
}

const MAP_PLACE_COLUMNS =
  'id, name, address, lng, lat, average_grade, total_grades, street, city, postal_code, country, photo_ref, ' +
  'website, editorial_summary, time_zone, periods';
const PLACE_COLUMNS =
  'id, map_id, name, lng, lat, street, city, postal_code, country, image, square_image, rectangle_image, ' +
  'average_grade, total_grades, time_zone';

export function mapPlaceOfRow(row: MapPlaceRow): MapPlaceRecord {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    lng: row.lng,
    lat: row.lat,
    averageGrade: row.average_grade,
    totalGrades: row.total_grades,
    street: row.street,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    photoRef: row.photo_ref,
    website: row.website,
    editorialSummary: row.editorial_summary,
    timeZone: row.time_zone,
    periods: JSON.parse(row.periods) as PeriodInput[],
  };
}

function placeOfRow(row: PlaceRow): PlaceRecord {
  return {
    id: row.id,
    mapId: row.map_id,
    name: row.name,
    lng: row.lng,
    lat: row.lat,
    street: row.street,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    image: row.image,
    squareImage: row.square_image,
    rectangleImage: row.rectangle_image,
    averageGrade: row.average_grade,
    totalGrades: row.total_grades,
    timeZone: row.time_zone,
  };
}

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

interface EventRow {
  id: number;
  service_id: number;
  name: string;
  description: string;
  start_ms: number;
  end_ms: number;
  has_end_date_not_reliable: boolean;
  lowest_price: number | null;
  highest_price: number | null;
  has_good_deal: boolean;
  image: string | null;
  image_height: number | null;
  image_width: number | null;
  square_image: string | null;
  rectangle_image: string | null;
  web_image: string | null;
  not_available_ms: number | null;
  cancelled_ms: number | null;
  created_ms: number;
  updated_ms: number;
  time_zone: string;
  place_id: number;
  map_place_id: string | null;
  trending_score: number;
  /** The event's place, map place, sources, categories, commentaries and performers, as JSON from one query. */
  place: PlaceRow;
  map_place: MapPlaceRow | null;
  sources: Array<Omit<SourceRow, 'available_dates'> & { available_dates: string }> | null;
  category_ids: number[] | null;
  commentaries: Array<{ grade: number; content: string; username: string; date_ms: number }> | null;
  performers: Array<{
    id: number;
    name: string;
    description: string;
    image: string | null;
    web_image: string | null;
  }> | null;
}

interface SourceRow {
  id: number;
  partner_id: number;
  partner_name: string;
  partner_logo: string;
  partner_back_color: string;
  start_ms: number;
  end_ms: number;
  lowest_price: number | null;
  highest_price: number | null;
  is_good_deal: boolean;
  commission_fix: number;
  commission_per_ticket: number;
  commission_per_cart: number;
  commission_rate: number;
  link: string;
  is_bookable: boolean;
  average_grade: number;
  total_grades: number;
  cant_retrieve_available_dates: boolean;
  not_available_ms: number | null;
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
  const { rows } = await q.query<EventRow>(forUpdate ? `${LOAD_EVENT} FOR UPDATE OF e` : LOAD_EVENT, [id]);
  const row = rows[0];
  if (!row) return null;
  if (!row.place) throw new Error(`event ${id} references missing place ${row.place_id}`);
  const sources = (row.sources ?? []).map((s): SourceRecord => ({
    id: s.id,
    partner: { id: s.partner_id, name: s.partner_name, logo: s.partner_logo, backColor: s.partner_back_color },
    startMs: s.start_ms,
    endMs: s.end_ms,
    lowestPrice: s.lowest_price,
    highestPrice: s.highest_price,
    isGoodDeal: s.is_good_deal,
    commissionFix: s.commission_fix,
    commissionPerTicket: s.commission_per_ticket,
    commissionPerCart: s.commission_per_cart,
    commissionRate: s.commission_rate,
    link: s.link,
    isBookable: s.is_bookable,
    availableDates: JSON.parse(s.available_dates) as AvailableDateRecord[],
    averageGrade: s.average_grade,
    totalGrades: s.total_grades,
    cantRetrieveAvailableDates: s.cant_retrieve_available_dates,
    notAvailableMs: s.not_available_ms,
  }));
  return {
    id: row.id,
    serviceId: row.service_id,
    name: row.name,
    description: row.description,
    startMs: row.start_ms,
    endMs: row.end_ms,
    hasEndDateNotReliable: row.has_end_date_not_reliable,
    lowestPrice: row.lowest_price,
    highestPrice: row.highest_price,
    hasGoodDeal: row.has_good_deal,
    image: row.image,
    imageHeight: row.image_height,
    imageWidth: row.image_width,
    squareImage: row.square_image,
    rectangleImage: row.rectangle_image,
    webImage: row.web_image,
    notAvailableMs: row.not_available_ms,
    cancelledMs: row.cancelled_ms,
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
    timeZone: row.time_zone,
    mapPlace: row.map_place ? mapPlaceOfRow(row.map_place) : null,
    place: placeOfRow(row.place),
    sources,
    categoryIds: row.category_ids ?? [],
    commentaries: (row.commentaries ?? []).map((c) => ({
      grade: c.grade,
      content: c.content,
      username: c.username,
      dateMs: c.date_ms,
    })),
    trendingScore: row.trending_score,
    performers: (row.performers ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      image: p.image,
      webImage: p.web_image,
    })),
  };
}
