import { cleanText } from '@/partner-api/links/link-marker';
import type { EventInput, MapPlaceInput, PerformerInput, PlaceInput, SourceInput } from '../../types';
import type {
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from '../../model/records';
import { loadMapPlace, loadPlace } from './event-record';
import type { Db } from '../open';
import { stmt } from '../statements';
import { DEFAULT_TIME_ZONE, imagePath } from '../../model/derive';
import {
  assertEventInput,
  assertNewPlace,
  newEventRecord,
  newMapPlaceValues,
  newPartnerValues,
  newPerformerValues,
  newPlaceValues,
  sourceRecordsFrom,
} from '../../model/new-rows';
import { sqliteFlag } from '../../model/rows';

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
  stmt(
    db,
    `INSERT INTO map_places (id, name, address, lng, lat, average_grade, total_grades, street, city, postal_code,
       country, photo_ref, website, editorial_summary, time_zone, periods)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(...newMapPlaceValues(input));
  return loadMapPlace(db, input.id) as MapPlaceRecord;
}

/** The place with `input.id` when it exists, else a new place (linked to `mapId`). */
export function ensurePlace(db: Db, input: PlaceInput, mapId: string | null): PlaceRecord {
  if (input.id !== undefined) {
    const existing = loadPlace(db, input.id);
    if (existing) return existing;
  }
  assertNewPlace(input);
  const id = input.id ?? nextId(db, 'SELECT max(id) AS m FROM places');
  stmt(
    db,
    `INSERT INTO places (id, map_id, name, lng, lat, street, city, postal_code, country, image, square_image,
       rectangle_image, average_grade, total_grades, time_zone)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(...newPlaceValues(input, id, mapId));
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
  stmt(db, 'INSERT INTO partners (id, name, logo, back_color) VALUES (?, ?, ?, ?)').run(...newPartnerValues(id, clean));
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
  stmt(
    db,
    `INSERT INTO performers (id, name, description, image, square_image, rectangle_image, web_image, identity_confirmed)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(...newPerformerValues(input, id, sqliteFlag));
  return find(id) as PerformerRecord;
}

/** Source records of inputs; new sources get fresh ids, dates default to the event's. */
export function sourceRecordsOf(
  db: Db,
  inputs: readonly SourceInput[],
  event: { startMs: number; endMs: number },
): SourceRecord[] {
  const firstFreeId = nextId(db, 'SELECT max(id) AS m FROM sources');
  const partners = inputs.map((s) => ensurePartner(db, s.partner));
  return sourceRecordsFrom(inputs, event, firstFreeId, partners);
}

/** A full event record of a creation input, creating the rows it refers to (place, map place, performers…). */
export function eventRecordOf(db: Db, input: EventInput, id: number, nowMs: number): EventRecord {
  assertEventInput(input);
  const mapPlace = input.mapPlace ? ensureMapPlace(db, input.mapPlace) : null;
  const place = ensurePlace(db, input.place, mapPlace?.id ?? null);
  const sources = sourceRecordsOf(db, input.sources ?? [], input);
  const performers = (input.performers ?? []).map((p) => ensurePerformer(db, p));
  return newEventRecord(input, id, nowMs, { mapPlace, place, sources, performers });
}
