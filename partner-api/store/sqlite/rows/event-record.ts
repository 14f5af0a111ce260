import type { PeriodInput } from '../../types';
import type {
  AvailableDateRecord,
  CommentaryRecord,
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from '../../model/records';

export type {
  AvailableDateRecord,
  CommentaryRecord,
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
};
import type { Db } from '../open';
import { stmt } from '../statements';

interface EventRow {
  id: number;
  service_id: number;
  name: string;
  description: string;
  start_ms: number;
  end_ms: number;
  has_end_date_not_reliable: number;
  lowest_price: number | null;
  highest_price: number | null;
  has_good_deal: number;
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
}

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
  is_good_deal: number;
  commission_fix: number;
  commission_per_ticket: number;
  commission_per_cart: number;
  commission_rate: number;
  link: string;
  is_bookable: number;
  available_dates: string;
  average_grade: number;
  total_grades: number;
  cant_retrieve_available_dates: number;
  not_available_ms: number | null;
}

/** Reads a map place, or null. */
export function loadMapPlace(db: Db, id: string): MapPlaceRecord | null {
  const row = stmt(db, 'SELECT * FROM map_places WHERE id = ?').get(id) as MapPlaceRow | undefined;
  if (!row) return null;
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

/** Reads a place, or null. */
export function loadPlace(db: Db, id: number): PlaceRecord | null {
  const row = stmt(db, 'SELECT * FROM places WHERE id = ?').get(id) as PlaceRow | undefined;
  if (!row) return null;
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

/** Reads an event and everything it embeds (deleted events are gone from the table), or null. */
export function loadEventRecord(db: Db, id: number): EventRecord | null {
  const row = stmt(db, 'SELECT * FROM events WHERE id = ?').get(id) as EventRow | undefined;
  if (!row) return null;
  const place = loadPlace(db, row.place_id);
  if (!place) throw new Error(`event ${id} references missing place ${row.place_id}`);
  const mapPlace = row.map_place_id === null ? null : loadMapPlace(db, row.map_place_id);
  const sources = (
    stmt(
      db,
      `SELECT s.*, p.name AS partner_name, p.logo AS partner_logo, p.back_color AS partner_back_color
       FROM sources s JOIN partners p ON p.id = s.partner_id WHERE s.event_id = ? ORDER BY s.id`,
    ).all(id) as SourceRow[]
  ).map((s): SourceRecord => ({
    id: s.id,
    partner: { id: s.partner_id, name: s.partner_name, logo: s.partner_logo, backColor: s.partner_back_color },
    startMs: s.start_ms,
    endMs: s.end_ms,
    lowestPrice: s.lowest_price,
    highestPrice: s.highest_price,
    isGoodDeal: s.is_good_deal === 1,
    commissionFix: s.commission_fix,
    commissionPerTicket: s.commission_per_ticket,
    commissionPerCart: s.commission_per_cart,
    commissionRate: s.commission_rate,
    link: s.link,
    isBookable: s.is_bookable === 1,
    availableDates: JSON.parse(s.available_dates) as AvailableDateRecord[],
    averageGrade: s.average_grade,
    totalGrades: s.total_grades,
    cantRetrieveAvailableDates: s.cant_retrieve_available_dates === 1,
    notAvailableMs: s.not_available_ms,
  }));
  const categoryIds = (
    stmt(db, 'SELECT category_id FROM event_categories WHERE event_id = ? ORDER BY category_id').all(id) as {
      category_id: number;
    }[]
  ).map((c) => c.category_id);
  const commentaries = (
    stmt(db, 'SELECT grade, content, username, date_ms FROM commentaries WHERE event_id = ? ORDER BY date_ms, id').all(
      id,
    ) as { grade: number; content: string; username: string; date_ms: number }[]
  ).map((c) => ({ grade: c.grade, content: c.content, username: c.username, dateMs: c.date_ms }));
  const performers = (
    stmt(
      db,
      `SELECT p.id, p.name, p.description, p.image, p.web_image FROM event_performers ep
       JOIN performers p ON p.id = ep.performer_id WHERE ep.event_id = ? ORDER BY ep.position, p.id`,
    ).all(id) as { id: number; name: string; description: string; image: string | null; web_image: string | null }[]
  ).map((p) => ({ id: p.id, name: p.name, description: p.description, image: p.image, webImage: p.web_image }));
  return {
    id: row.id,
    serviceId: row.service_id,
    name: row.name,
    description: row.description,
    startMs: row.start_ms,
    endMs: row.end_ms,
    hasEndDateNotReliable: row.has_end_date_not_reliable === 1,
    lowestPrice: row.lowest_price,
    highestPrice: row.highest_price,
    hasGoodDeal: row.has_good_deal === 1,
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
    mapPlace,
    place,
    sources,
    categoryIds,
    commentaries,
    trendingScore: row.trending_score,
    performers,
  };
}
