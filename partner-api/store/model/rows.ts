import type { PeriodInput, PlaceInput } from '../types';
import type {
  AvailableDateRecord,
  CommentaryRecord,
  EventRecord,
  MapPlaceRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from './records';

/*
 * The catalogue's rows as either driver returns them, and the records they make. Both schemas have the same columns;
 * the drivers differ only in booleans (PostgreSQL BOOLEAN → true/false, SQLite INTEGER → 1/0), so a flag column is
 * typed `Flag` and read with `flag`.
 */

/** A boolean column: `boolean` from pg, `0 | 1` from better-sqlite3. */
export type Flag = boolean | number;

/** A boolean column's value, whichever driver read it. */
export const flag = (value: Flag): boolean => value === true || value === 1;

/** A boolean as SQLite stores it: better-sqlite3 cannot bind `true`/`false`. */
export const sqliteFlag = (value: boolean): number => (value ? 1 : 0);

/** A boolean as PostgreSQL stores it. */
export const pgFlag = (value: boolean): boolean => value;

export interface MapPlaceRow {
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

export interface PlaceRow {
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

/** A sources row joined with its partner's name, logo and colour. */
export interface SourceRow {
  id: number;
  partner_id: number;
  partner_name: string;
  partner_logo: string;
  partner_back_color: string;
  start_ms: number;
  end_ms: number;
  lowest_price: number | null;
  highest_price: number | null;
  is_good_deal: Flag;
  commission_fix: number;
  commission_per_ticket: number;
  commission_per_cart: number;
  commission_rate: number;
  link: string;
  is_bookable: Flag;
  available_dates: string;
  average_grade: number;
  total_grades: number;
  cant_retrieve_available_dates: Flag;
  not_available_ms: number | null;
}

/** The events columns an EventRecord is read from. */
export interface EventRow {
  id: number;
  service_id: number;
  name: string;
  description: string;
  start_ms: number;
  end_ms: number;
  has_end_date_not_reliable: Flag;
  lowest_price: number | null;
  highest_price: number | null;
  has_good_deal: Flag;
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

export interface CommentaryRow {
  grade: number;
  content: string;
  username: string;
  date_ms: number;
}

export interface PerformerRow {
  id: number;
  name: string;
  description: string;
  image: string | null;
  web_image: string | null;
}

/** An events row with the rows it embeds (PostgreSQL reads them as JSON in one query; null = none). */
export interface EventWithPartsRow extends EventRow {
  place: PlaceRow;
  map_place: MapPlaceRow | null;
  sources: SourceRow[] | null;
  category_ids: number[] | null;
  commentaries: CommentaryRow[] | null;
  performers: PerformerRow[] | null;
}

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

/** A place's identity and address: what a place record and a place sample share. */
function placeAddressOfRow(row: PlaceSampleRow) {
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
  };
}

export function placeOfRow(row: PlaceRow): PlaceRecord {
  return {
    ...placeAddressOfRow(row),
    image: row.image,
    squareImage: row.square_image,
    rectangleImage: row.rectangle_image,
    averageGrade: row.average_grade,
    totalGrades: row.total_grades,
    timeZone: row.time_zone,
  };
}

function sourceOfRow(s: SourceRow): SourceRecord {
  return {
    id: s.id,
    partner: { id: s.partner_id, name: s.partner_name, logo: s.partner_logo, backColor: s.partner_back_color },
    startMs: s.start_ms,
    endMs: s.end_ms,
    lowestPrice: s.lowest_price,
    highestPrice: s.highest_price,
    isGoodDeal: flag(s.is_good_deal),
    commissionFix: s.commission_fix,
    commissionPerTicket: s.commission_per_ticket,
    commissionPerCart: s.commission_per_cart,
    commissionRate: s.commission_rate,
    link: s.link,
    isBookable: flag(s.is_bookable),
    availableDates: JSON.parse(s.available_dates) as AvailableDateRecord[],
    averageGrade: s.average_grade,
    totalGrades: s.total_grades,
    cantRetrieveAvailableDates: flag(s.cant_retrieve_available_dates),
    notAvailableMs: s.not_available_ms,
  };
}

function commentaryOfRow(c: CommentaryRow): CommentaryRecord {
  return { grade: c.grade, content: c.content, username: c.username, dateMs: c.date_ms };
}

function performerOfRow(p: PerformerRow): PerformerRecord {
  return { id: p.id, name: p.name, description: p.description, image: p.image, webImage: p.web_image };
}

/** An event's record from its row and the rows it embeds. */
export function eventRecordOfRow(row: EventWithPartsRow): EventRecord {
  return {
    id: row.id,
    serviceId: row.service_id,
    name: row.name,
    description: row.description,
    startMs: row.start_ms,
    endMs: row.end_ms,
    hasEndDateNotReliable: flag(row.has_end_date_not_reliable),
    lowestPrice: row.lowest_price,
    highestPrice: row.highest_price,
    hasGoodDeal: flag(row.has_good_deal),
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
    sources: (row.sources ?? []).map(sourceOfRow),
    categoryIds: row.category_ids ?? [],
    commentaries: (row.commentaries ?? []).map(commentaryOfRow),
    trendingScore: row.trending_score,
    performers: (row.performers ?? []).map(performerOfRow),
  };
}

/** The places columns the `simulate` command's place sample reads. */
export type PlaceSampleRow = Pick<
  PlaceRow,
  'id' | 'map_id' | 'name' | 'lng' | 'lat' | 'street' | 'city' | 'postal_code' | 'country' | 'time_zone'
>;

/** A sampled place as the input of a new event at it. */
export function placeSampleOfRow(row: PlaceSampleRow): PlaceInput & { id: number; mapId: string | null } {
  return { ...placeAddressOfRow(row), timeZone: row.time_zone };
}

/**
 * Where a sample at `fraction` (0 ≤ fraction < 1) of a table's id range starts: ids are mostly dense, so this spreads
 * picks over the table without counting it. Null when the table is empty.
 */
export function sampleIdAt(lo: number | null, hi: number | null, fraction: number): { lo: number; at: number } | null {
  if (lo === null || hi === null) return null;
  return { lo, at: lo + Math.min(hi - lo, Math.floor(fraction * (hi - lo + 1))) };
}
