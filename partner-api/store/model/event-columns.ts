import type { StoredEventJson } from '../types';
import { categoryMask } from './derive';
import type { EventRecord, SourceRecord } from './records';
import { eventGrades, eventPosition } from './serialize-event';

/**
 * The events table's columns after `id`, in the order both stores write them (their schemas define the same
 * columns; the values differ only in how each driver encodes booleans).
 */
export const EVENT_COLUMNS = [
  'service_id',
  'name',
  'description',
  'start_ms',
  'end_ms',
  'has_end_date_not_reliable',
  'lowest_price',
  'highest_price',
  'has_good_deal',
  'image',
  'image_height',
  'image_width',
  'square_image',
  'rectangle_image',
  'web_image',
  'not_available_ms',
  'cancelled_ms',
  'created_ms',
  'updated_ms',
  'place_id',
  'map_place_id',
  'lng',
  'lat',
  'category_mask',
  'average_grade',
  'total_grades',
  'trending_score',
  'time_zone',
  'body',
  'commentaries_json',
  'performers_json',
] as const;

/** The sources table's columns after `id`, in the order both stores write them. */
export const SOURCE_COLUMNS = [
  'event_id',
  'partner_id',
  'start_ms',
  'end_ms',
  'lowest_price',
  'highest_price',
  'is_good_deal',
  'commission_fix',
  'commission_per_ticket',
  'commission_per_cart',
  'commission_rate',
  'link',
  'is_bookable',
  'available_dates',
  'average_grade',
  'total_grades',
  'cant_retrieve_available_dates',
  'not_available_ms',
] as const;

/** How a store binds a boolean (model/rows.ts: sqliteFlag, pgFlag). */
export type FlagEncoder = (value: boolean) => boolean | number;

/** The events row of a record, in EVENT_COLUMNS order. */
export function eventValues(record: EventRecord, json: StoredEventJson, encode: FlagEncoder): unknown[] {
  const position = eventPosition(record);
  const grades = eventGrades(record);
  return [
    record.serviceId,
    record.name,
    record.description,
    record.startMs,
    record.endMs,
    encode(record.hasEndDateNotReliable),
    record.lowestPrice,
    record.highestPrice,
    encode(record.hasGoodDeal),
    record.image,
    record.imageHeight,
    record.imageWidth,
    record.squareImage,
    record.rectangleImage,
    record.webImage,
    record.notAvailableMs,
    record.cancelledMs,
    record.createdMs,
    record.updatedMs,
    record.place.id,
    record.mapPlace?.id ?? null,
    position.lng,
    position.lat,
    categoryMask(record.categoryIds),
    grades.averageGrade,
    grades.totalGrades,
    record.trendingScore,
    record.timeZone,
    json.body,
    json.commentaries,
    json.performers,
  ];
}

/** A sources row: id first, then SOURCE_COLUMNS. */
export function sourceValues(eventId: number, s: SourceRecord, encode: FlagEncoder): unknown[] {
  return [
    s.id,
    eventId,
    s.partner.id,
    s.startMs,
    s.endMs,
    s.lowestPrice,
    s.highestPrice,
    encode(s.isGoodDeal),
    s.commissionFix,
    s.commissionPerTicket,
    s.commissionPerCart,
    s.commissionRate,
    s.link,
    encode(s.isBookable),
    JSON.stringify(s.availableDates),
    s.averageGrade,
    s.totalGrades,
    encode(s.cantRetrieveAvailableDates),
    s.notAvailableMs,
  ];
}

/**
 * The catalogue's tables, children first: what a seed with reset empties before loading. Ingestion's record of
 * source records, venues and performers goes too: it names events, places and performers of the old catalogue.
 */
export const CATALOGUE_TABLES = [
  'ingest_sources',
  'ingest_venues',
  'ingest_performers',
  'commentaries',
  'event_performers',
  'event_categories',
  'sources',
  'events',
  'tombstones',
  'places',
  'map_places',
  'performers',
] as const;
