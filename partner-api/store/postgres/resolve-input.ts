import { cleanText } from '@/partner-api/links/link-marker';
import type { EventInput, MapPlaceInput, PerformerInput, PlaceInput, SourceInput } from '../types';
import type {
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from '../model/records';
import {
  assertEventInput,
  assertNewPlace,
  newEventRecord,
  newMapPlaceValues,
  newPartnerValues,
  newPerformerValues,
  newPlaceValues,
  sourceRecordsFrom,
} from '../model/new-rows';
import { pgFlag } from '../model/rows';
import type { PgClient } from './pool';
import { loadMapPlace, loadPlace } from './records';

/*
 * Turning a write's input into records, creating the rows it refers to, as partner-api/store/sqlite/resolve-input.ts
 * does: same checks, same defaults. Runs inside the write's transaction, after the catalogue clock was taken, so
 * writers never race for the next id.
 */

async function nextId(client: PgClient, sql: string): Promise<number> {
  const { rows } = await client.query<{ m: number | null }>(sql);
  return (rows[0]?.m ?? 0) + 1;
}

/** The meta key holding the largest event id ever created, so ids stay unique after tombstones are pruned. */
export const MAX_EVENT_ID_KEY = 'max_event_id';

/** The next unused event id; ids of deleted events are never reused, even once their tombstones are pruned. */
export function nextEventId(client: PgClient): Promise<number> {
  return nextId(
    client,
    `SELECT max(m) AS m FROM (SELECT max(id) AS m FROM events UNION ALL SELECT max(event_id) AS m FROM tombstones
       UNION ALL SELECT value::BIGINT AS m FROM meta WHERE key = '${MAX_EVENT_ID_KEY}') ids`,
  );
}

/** Remembers `id` as created (see nextEventId). */
export async function noteEventId(client: PgClient, id: number): Promise<void> {
  await client.query(
    `INSERT INTO meta (key, value) VALUES ('${MAX_EVENT_ID_KEY}', $1)
     ON CONFLICT (key) DO UPDATE SET value = greatest(meta.value::BIGINT, excluded.value::BIGINT)::TEXT`,
    [String(id)],
  );
}

/** The map place with `input.id`, created from `input` when absent. */
export async function ensureMapPlace(client: PgClient, input: MapPlaceInput): Promise<MapPlaceRecord> {
  const existing = await loadMapPlace(client, input.id);
  if (existing) return existing;
  await client.query(
    `INSERT INTO map_places (id, name, address, lng, lat, average_grade, total_grades, street, city, postal_code,
       country, photo_ref, website, editorial_summary, time_zone, periods)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    newMapPlaceValues(input),
  );
  return (await loadMapPlace(client, input.id)) as MapPlaceRecord;
}

/** The place with `input.id` when it exists, else a new place (linked to `mapId`). */
export async function ensurePlace(client: PgClient, input: PlaceInput, mapId: string | null): Promise<PlaceRecord> {
  if (input.id !== undefined) {
    const existing = await loadPlace(client, input.id);
    if (existing) return existing;
  }
  assertNewPlace(input);
  const id = input.id ?? (await nextId(client, 'SELECT max(id) AS m FROM places'));
  await client.query(
    `INSERT INTO places (id, map_id, name, lng, lat, street, city, postal_code, country, image, square_image,
       rectangle_image, average_grade, total_grades, time_zone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    newPlaceValues(input, id, mapId),
  );
  return (await loadPlace(client, id)) as PlaceRecord;
}

/** The partner named `name`, created (with a generated logo and colour) when unknown. */
export async function ensurePartner(client: PgClient, name: string): Promise<PartnerRecord> {
  const clean = cleanText(name);
  const find = async () =>
    (
      await client.query<PartnerRecord>(
        'SELECT id, name, logo, back_color AS "backColor" FROM partners WHERE name = $1',
        [clean],
      )
    ).rows[0];
  const existing = await find();
  if (existing) return existing;
  const id = await nextId(client, 'SELECT max(id) AS m FROM partners');
  await client.query(
    'INSERT INTO partners (id, name, logo, back_color) VALUES ($1, $2, $3, $4)',
    newPartnerValues(id, clean),
  );
  return (await find()) as PartnerRecord;
}

/** The performer with `input.id` when it exists, else a new performer. */
export async function ensurePerformer(client: PgClient, input: PerformerInput): Promise<PerformerRecord> {
  const find = async (id: number) =>
    (
      await client.query<PerformerRecord>(
        'SELECT id, name, description, image, web_image AS "webImage" FROM performers WHERE id = $1',
        [id],
      )
    ).rows[0];
  if (input.id !== undefined) {
    const existing = await find(input.id);
    if (existing) return existing;
  }
  const id = input.id ?? (await nextId(client, 'SELECT max(id) AS m FROM performers'));
  await client.query(
    `INSERT INTO performers (id, name, description, image, square_image, rectangle_image, web_image,
       identity_confirmed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    newPerformerValues(input, id, pgFlag),
  );
  return (await find(id)) as PerformerRecord;
}

/** Source records of inputs; new sources get fresh ids, dates default to the event's. */
export async function sourceRecordsOf(
  client: PgClient,
  inputs: readonly SourceInput[],
  event: { startMs: number; endMs: number },
): Promise<SourceRecord[]> {
  const firstFreeId = await nextId(client, 'SELECT max(id) AS m FROM sources');
  const partners: PartnerRecord[] = [];
  for (const s of inputs) partners.push(await ensurePartner(client, s.partner));
  return sourceRecordsFrom(inputs, event, firstFreeId, partners);
}

/** A full event record of a creation input, creating the rows it refers to (place, map place, performers…). */
export async function eventRecordOf(
  client: PgClient,
  input: EventInput,
  id: number,
  nowMs: number,
): Promise<EventRecord> {
  assertEventInput(input);
  const mapPlace = input.mapPlace ? await ensureMapPlace(client, input.mapPlace) : null;
  const place = await ensurePlace(client, input.place, mapPlace?.id ?? null);
  const sources = await sourceRecordsOf(client, input.sources ?? [], input);
  const performers: PerformerRecord[] = [];
  for (const p of input.performers ?? []) performers.push(await ensurePerformer(client, p));
  return newEventRecord(input, id, nowMs, { mapPlace, place, sources, performers });
}
