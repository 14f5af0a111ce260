import { cleanText } from '@/partner-api/links/link-marker';
import type { EventInput, MapPlaceInput, PerformerInput, PlaceInput, SourceInput } from '../../types';
import {
  loadMapPlace,
  loadPlace,
  type EventRecord,
  type MapPlaceRecord,
  type PartnerRecord,
  type PerformerRecord,
  type PlaceRecord,
  type SourceRecord,
} from './event-record';
import type { Db } from '../open';
import { stmt } from '../statements';
import {
  DEFAULT_TIME_ZONE,
  assertCoordinates,
  assertDates,
  assertFinite,
  assertPrices,
  categoryIdsOf,
  commentaryRecordsOf,
  derivePrices,
  imagePath,
} from '../../model/derive';

export { DEFAULT_TIME_ZONE, imagePath };

function nextId(db: Db, sql: string): number {
  const row = stmt(db, sql).get() as { m: number | null };
  return (row.m ?? 0) + 1;
}

/** The meta key holding the largest event id ever created, so ids stay unique after tombstones are pruned. */
export const MAX_EVENT_ID_KEY = 'max_event_id';

/** The next unused event id; ids of deleted events are never reused, even once their tombstones are pruned. */
export function nextEventId(db: Db): number {
  return nextId(
    db,
    `SELECT max(m) AS m FROM (SELECT max(id) AS m FROM events UNION ALL SELECT max(event_id) AS m FROM tombstones
       UNION ALL SELECT CAST(value AS INTEGER) AS m FROM meta WHERE key = '${MAX_EVENT_ID_KEY}')`,
  );
}

/** Remembers `id` as created (see nextEventId). */
export function noteEventId(db: Db, id: number): void {
  stmt(
    db,
    `INSERT INTO meta (key, value) VALUES ('${MAX_EVENT_ID_KEY}', ?)
     ON CONFLICT (key) DO UPDATE SET value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))`,
  ).run(String(id));
}

/** The map place with `input.id`, created from `input` when absent. */
export function ensureMapPlace(db: Db, input: MapPlaceInput): MapPlaceRecord {
  const existing = loadMapPlace(db, input.id);
  if (existing) return existing;
  assertCoordinates(input.lng, input.lat, `map place ${input.id}`);
  const address =
    input.address ??
    [input.street, [input.postalCode, input.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  stmt(
    db,
    `INSERT INTO map_places (id, name, address, lng, lat, average_grade, total_grades, street, city, postal_code,
       country, photo_ref, website, editorial_summary, time_zone, periods)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    cleanText(input.id),
    cleanText(input.name),
    cleanText(address),
    input.lng,
    input.lat,
    input.averageGrade ?? null,
    input.totalGrades ?? null,
    input.street ?? null,
    input.city ?? null,
    input.postalCode ?? null,
    input.country ?? 'FR',
    input.photoRef ?? null,
    input.website ?? null,
    input.editorialSummary ?? null,
    input.timeZone ?? DEFAULT_TIME_ZONE,
    JSON.stringify(input.periods ?? []),
  );
  return loadMapPlace(db, input.id) as MapPlaceRecord;
}

/** The place with `input.id` when it exists, else a new place (linked to `mapId`). */
export function ensurePlace(db: Db, input: PlaceInput, mapId: string | null): PlaceRecord {
  if (input.id !== undefined) {
    const existing = loadPlace(db, input.id);
    if (existing) return existing;
  }
  assertCoordinates(input.lng, input.lat, `place ${input.name}`);
  const id = input.id ?? nextId(db, 'SELECT max(id) AS m FROM places');
  stmt(
    db,
    `INSERT INTO places (id, map_id, name, lng, lat, street, city, postal_code, country, image, square_image,
       rectangle_image, average_grade, total_grades, time_zone)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    mapId,
    cleanText(input.name),
    input.lng,
    input.lat,
    cleanText(input.street),
    cleanText(input.city),
    cleanText(input.postalCode),
    input.country ?? 'FR',
    imagePath('place', id, 'main'),
    imagePath('place', id, 'square'),
    imagePath('place', id, 'rectangle'),
    input.averageGrade ?? 0,
    input.totalGrades ?? 0,
    input.timeZone ?? DEFAULT_TIME_ZONE,
  );
  return loadPlace(db, id) as PlaceRecord;
}

/** The partner named `name`, created (with a generated logo and colour) when unknown. */
export function ensurePartner(db: Db, name: string): PartnerRecord {
  const clean = cleanText(name);
  const find = () =>
    stmt(db, 'SELECT id, name, logo, back_color AS backColor FROM partners WHERE name = ?').get(clean) as
      PartnerRecord | undefined;
  const existing = find();
  if (existing) return existing;
  const id = nextId(db, 'SELECT max(id) AS m FROM partners');
  stmt(db, 'INSERT INTO partners (id, name, logo, back_color) VALUES (?, ?, ?, ?)').run(
    id,
    clean,
    imagePath('partner', id, 'logo'),
    '#475569',
  );
  return find() as PartnerRecord;
}

/** The performer with `input.id` when it exists, else a new performer. */
export function ensurePerformer(db: Db, input: PerformerInput): PerformerRecord {
  const find = (id: number) =>
    stmt(db, 'SELECT id, name, description, image, web_image AS webImage FROM performers WHERE id = ?').get(id) as
      PerformerRecord | undefined;
  if (input.id !== undefined) {
    const existing = find(input.id);
    if (existing) return existing;
  }
  const id = input.id ?? nextId(db, 'SELECT max(id) AS m FROM performers');
  const images = input.withImages ?? true;
  stmt(
    db,
    `INSERT INTO performers (id, name, description, image, square_image, rectangle_image, web_image, identity_confirmed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    cleanText(input.name),
    cleanText(input.description ?? ''),
    images ? imagePath('performer', id, 'main') : null,
    images ? imagePath('performer', id, 'square') : null,
    images ? imagePath('performer', id, 'rectangle') : null,
    images ? imagePath('performer', id, 'web') : null,
    input.identityConfirmed === false ? 0 : 1,
  );
  return find(id) as PerformerRecord;
}

/** Source records of inputs; new sources get fresh ids, dates default to the event's. */
export function sourceRecordsOf(
  db: Db,
  inputs: readonly SourceInput[],
  event: { startMs: number; endMs: number },
): SourceRecord[] {
  let next = nextId(db, 'SELECT max(id) AS m FROM sources');
  return inputs.map((s) => {
    assertPrices(s.lowestPrice, s.highestPrice, `source of ${s.partner}`);
    const id = s.id ?? next++;
    if (s.id !== undefined && s.id >= next) next = s.id + 1;
    return {
      id,
      partner: ensurePartner(db, s.partner),
      startMs: s.startMs ?? event.startMs,
      endMs: s.endMs ?? event.endMs,
      lowestPrice: s.lowestPrice,
      highestPrice: s.highestPrice,
      isGoodDeal: s.isGoodDeal ?? false,
      commissionFix: s.commissionFix ?? 0,
      commissionPerTicket: s.commissionPerTicket ?? 0,
      commissionPerCart: s.commissionPerCart ?? 0,
      commissionRate: s.commissionRate ?? 0,
      link: s.link,
      isBookable: s.isBookable ?? true,
      availableDates: (s.availableDates ?? []).map((d) => ({
        startMs: d.startMs,
        endMs: d.endMs,
        hasEndDateNotReliable: d.hasEndDateNotReliable ?? false,
        hasUnknownAvailability: d.hasUnknownAvailability ?? false,
      })),
      averageGrade: s.averageGrade ?? 0,
      totalGrades: s.totalGrades ?? 0,
      cantRetrieveAvailableDates: s.cantRetrieveAvailableDates ?? false,
      notAvailableMs: s.notAvailableMs ?? null,
    };
  });
}

/** A full event record of a creation input, creating the rows it refers to (place, map place, performers…). */
export function eventRecordOf(db: Db, input: EventInput, id: number, nowMs: number): EventRecord {
  assertDates(input.startMs, input.endMs);
  assertPrices(input.lowestPrice, input.highestPrice, 'event');
  assertFinite(input.trendingScore, 'trendingScore');
  const mapPlace = input.mapPlace ? ensureMapPlace(db, input.mapPlace) : null;
  const place = ensurePlace(db, input.place, mapPlace?.id ?? null);
  const sources = sourceRecordsOf(db, input.sources ?? [], input);
  const derived = derivePrices(sources);
  const images = input.withImages ?? true;
  return {
    id,
    serviceId: input.serviceId ?? id,
    name: cleanText(input.name),
    description: cleanText(input.description),
    startMs: input.startMs,
    endMs: input.endMs,
    hasEndDateNotReliable: input.hasEndDateNotReliable ?? false,
    lowestPrice: input.lowestPrice !== undefined ? input.lowestPrice : derived.lowestPrice,
    highestPrice: input.highestPrice !== undefined ? input.highestPrice : derived.highestPrice,
    hasGoodDeal: input.hasGoodDeal ?? derived.hasGoodDeal,
    image: images ? imagePath('event', id, 'main') : null,
    imageHeight: images ? 800 : null,
    imageWidth: images ? 1200 : null,
    squareImage: images ? imagePath('event', id, 'square') : null,
    rectangleImage: images ? imagePath('event', id, 'rectangle') : null,
    webImage: images ? imagePath('event', id, 'web') : null,
    notAvailableMs: input.notAvailableMs ?? null,
    cancelledMs: input.cancelledMs ?? null,
    createdMs: nowMs,
    updatedMs: nowMs,
    timeZone: place.timeZone,
    mapPlace,
    place,
    sources,
    categoryIds: categoryIdsOf(input.categories ?? []),
    commentaries: commentaryRecordsOf(input.commentaries ?? []),
    trendingScore: input.trendingScore ?? 0,
    performers: (input.performers ?? []).map((p) => ensurePerformer(db, p)),
  };
}
