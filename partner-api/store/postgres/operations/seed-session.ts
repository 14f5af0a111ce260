import { randomUUID } from 'node:crypto';
import { cleanText } from '@/partner-api/links/link-marker';
import type { SeedingStore, SeedSession } from '../../port';
import type { EventRecord, MapPlaceRecord, PartnerRecord, PerformerRecord, PlaceRecord } from '../../model/records';
import { DEFAULT_TIME_ZONE, imagePath } from '../../model/derive';
import { serializeEvent } from '../../model/serialize-event';
import { copyRows } from '../copy';
import { GENERATION_KEY } from './changes-since';
import type { PgClient } from '../pool';
import { isCatalogueEmpty } from './health-probes';
import { noteEventId, MAX_EVENT_ID_KEY } from '../resolve-input';
import { CATALOGUE_TABLES, EVENT_COLUMNS, eventValues, SOURCE_COLUMNS, sourceValues } from '../../model/event-columns';
import { pgFlag } from '../../model/rows';
import { CATALOGUE_CHANNEL, lastUpdatedMs } from '../stamp';
import type { PgStoreContext } from '../rows/store-context';
import { applyIngestBatch, ingestReads } from '../ingest';

const META_UPSERT =
  'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/**
 * A bulk load on one connection and one transaction, every table filled with COPY: readers keep seeing the old
 * catalogue until `commit`, and a load that fails or is killed half-way changes nothing. It holds the catalogue
 * clock's row lock from the start, so no other write interleaves with it; its commit starts a new catalogue
 * generation, from which every replica's EventIndex rebuilds.
 */
async function beginSeed(ctx: PgStoreContext, options: { reset: boolean }, onCommit: () => void): Promise<SeedSession> {
  const client: PgClient = await ctx.pool.connect();
  let open = true;
  const end = async (statement: 'COMMIT' | 'ROLLBACK') => {
    open = false;
    try {
      await client.query(statement);
    } finally {
      client.release();
    }
  };
  let lastUpdatedBefore = 0;
  try {
    await client.query('BEGIN');
    await client.query('SELECT last_updated_ms FROM catalogue_clock FOR UPDATE');
    lastUpdatedBefore = await lastUpdatedMs(client);
    if (!(await isCatalogueEmpty(client))) {
      if (!options.reset) throw new Error('The catalogue is not empty; seed with reset to replace it.');
      // DELETE, not TRUNCATE: TRUNCATE would block every reader until the load commits.
      for (const table of CATALOGUE_TABLES) await client.query(`DELETE FROM ${table}`);
      await client.query('DELETE FROM search_terms');
      await client.query('DELETE FROM meta WHERE key = $1', [MAX_EVENT_ID_KEY]);
    }
  } catch (error) {
    await end('ROLLBACK').catch(() => undefined);
    throw error;
  }
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!open) throw new Error('This bulk load has ended.');
    try {
      return await work();
    } catch (error) {
      // A failed statement aborts the transaction: nothing more can be added.
      await end('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  return {
    addMapPlaces: (inputs) =>
      guard(async () => {
        const records: MapPlaceRecord[] = inputs.map((input) => ({
          id: cleanText(input.id),
          name: cleanText(input.name),
          address: cleanText(
            input.address ??
              [input.street, [input.postalCode, input.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
          ),
          lng: input.lng,
          lat: input.lat,
          averageGrade: input.averageGrade ?? null,
          totalGrades: input.totalGrades ?? null,
          street: input.street ?? null,
          city: input.city ?? null,
          postalCode: input.postalCode ?? null,
          country: input.country ?? 'FR',
          photoRef: input.photoRef ?? null,
          website: input.website ?? null,
          editorialSummary: input.editorialSummary ?? null,
          timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
          periods: input.periods ?? [],
        }));
        await copyRows(
          client,
          'map_places',
          [
            'id',
            'name',
            'address',
            'lng',
            'lat',
            'average_grade',
            'total_grades',
            'street',
            'city',
            'postal_code',
            'country',
            'photo_ref',
            'website',
            'editorial_summary',
            'time_zone',
            'periods',
          ],
          records.map((m) => [
            m.id,
            m.name,
            m.address,
            m.lng,
            m.lat,
            m.averageGrade,
            m.totalGrades,
            m.street,
            m.city,
            m.postalCode,
            m.country,
            m.photoRef,
            m.website,
            m.editorialSummary,
            m.timeZone,
            JSON.stringify(m.periods),
          ]),
        );
        return records;
      }),
    addPlaces: (inputs) =>
      guard(async () => {
        const records: PlaceRecord[] = inputs.map(({ place, mapPlaceId }) => ({
          id: place.id,
          mapId: mapPlaceId,
          name: cleanText(place.name),
          lng: place.lng,
          lat: place.lat,
          street: cleanText(place.street),
          city: cleanText(place.city),
          postalCode: cleanText(place.postalCode),
          country: place.country ?? 'FR',
          image: imagePath('place', place.id, 'main'),
          squareImage: imagePath('place', place.id, 'square'),
          rectangleImage: imagePath('place', place.id, 'rectangle'),
          averageGrade: place.averageGrade ?? 0,
          totalGrades: place.totalGrades ?? 0,
          timeZone: place.timeZone ?? DEFAULT_TIME_ZONE,
        }));
        await copyRows(
          client,
          'places',
          [
            'id',
            'map_id',
            'name',
            'lng',
            'lat',
            'street',
            'city',
            'postal_code',
            'country',
            'image',
            'square_image',
            'rectangle_image',
            'average_grade',
            'total_grades',
            'time_zone',
          ],
          records.map((p) => [
            p.id,
            p.mapId,
            p.name,
            p.lng,
            p.lat,
            p.street,
            p.city,
            p.postalCode,
            p.country,
            p.image,
            p.squareImage,
            p.rectangleImage,
            p.averageGrade,
            p.totalGrades,
            p.timeZone,
          ]),
        );
        return records;
      }),
    addPerformers: (inputs) =>
      guard(async () => {
        const { rows } = await client.query<{ m: number | null }>('SELECT max(id) AS m FROM performers');
        let next = (rows[0]?.m ?? 0) + 1;
        const stored = inputs.map((input) => {
          const id = input.id ?? next++;
          if (id >= next) next = id + 1;
          const images = input.withImages ?? true;
          return {
            id,
            name: cleanText(input.name),
            description: cleanText(input.description ?? ''),
            image: images ? imagePath('performer', id, 'main') : null,
            squareImage: images ? imagePath('performer', id, 'square') : null,
            rectangleImage: images ? imagePath('performer', id, 'rectangle') : null,
            webImage: images ? imagePath('performer', id, 'web') : null,
            identityConfirmed: input.identityConfirmed !== false,
          };
        });
        await copyRows(
          client,
          'performers',
          ['id', 'name', 'description', 'image', 'square_image', 'rectangle_image', 'web_image', 'identity_confirmed'],
          stored.map((p) => [
            p.id,
            p.name,
            p.description,
            p.image,
            p.squareImage,
            p.rectangleImage,
            p.webImage,
            p.identityConfirmed,
          ]),
        );
        return stored.map((p): PerformerRecord => ({
          id: p.id,
          name: p.name,
          description: p.description,
          image: p.image,
          webImage: p.webImage,
        }));
      }),
    partners: () =>
      guard(async () => {
        const { rows } = await client.query<PartnerRecord>(
          'SELECT id, name, logo, back_color AS "backColor" FROM partners ORDER BY id',
        );
        return rows;
      }),
    addEvents: (records) => guard(() => copyEvents(client, records, ctx.publicUrl)),
    // The store's own ingestion operations on this load's client, inside its transaction.
    ingest: (() => {
      const reads = ingestReads(client);
      return {
        sourcesByRefs: (partner, refs) => guard(() => reads.sourcesByRefs(partner, refs)),
        sourcesByEvents: (ids) => guard(() => reads.sourcesByEvents(ids)),
        sourcesByMatchKeys: (keys) => guard(() => reads.sourcesByMatchKeys(keys)),
        applyBatch: (batch) => guard(() => applyIngestBatch(ctx, client, batch)),
      };
    })(),
    // Rewritten whole: the events' rows go (their children with them, ON DELETE CASCADE) and come back by COPY.
    enrichEvents: (records) =>
      guard(async () => {
        const ids = records.map((record) => record.id);
        const { rowCount } = await client.query('DELETE FROM events WHERE id = ANY($1::bigint[])', [ids]);
        if (rowCount !== ids.length) throw new Error('Only events already written in this load can be enriched.');
        await copyEvents(client, records, ctx.publicUrl);
      }),
    commit: (marks) =>
      guard(async () => {
        // The stamps ingestion drew during the load are not kept: the enrichment gave every event the seed's own.
        await client.query('UPDATE catalogue_clock SET last_updated_ms = $1', [
          Math.max(lastUpdatedBefore, marks.lastUpdatedMs),
        ]);
        if (marks.maxEventId > 0) await noteEventId(client, marks.maxEventId);
        await client.query(META_UPSERT, [GENERATION_KEY, randomUUID()]);
        await client.query(META_UPSERT, ['seed_completed_ms', String(Date.now())]);
        const { rows } = await client.query<{ stamp: number }>('SELECT last_updated_ms AS stamp FROM catalogue_clock');
        await client.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, String(rows[0]?.stamp ?? 0)]);
        await end('COMMIT');
        onCommit();
      }),
    abort: async () => {
      if (open) await end('ROLLBACK');
    },
  };
}

/** Writes events exactly as given, with their sources, links and commentaries: one COPY a table. */
export async function copyEvents(client: PgClient, records: readonly EventRecord[], publicUrl: string): Promise<void> {
  if (records.length === 0) return;
  await copyRows(
    client,
    'events',
    ['id', ...EVENT_COLUMNS],
    records.map((record) => [record.id, ...eventValues(record, serializeEvent(record, publicUrl), pgFlag)] as never[]),
  );
  await copyRows(
    client,
    'sources',
    ['id', ...SOURCE_COLUMNS],
    records.flatMap((record) => record.sources.map((s) => sourceValues(record.id, s, pgFlag) as never[])),
  );
  await copyRows(
    client,
    'event_categories',
    ['event_id', 'category_id'],
    records.flatMap((record) => [...new Set(record.categoryIds)].map((id) => [record.id, id])),
  );
  await copyRows(
    client,
    'event_performers',
    ['event_id', 'performer_id', 'position'],
    records.flatMap((record) => record.performers.map((p, index) => [record.id, p.id, index])),
  );
  await copyRows(
    client,
    'commentaries',
    ['event_id', 'grade', 'content', 'username', 'date_ms'],
    records.flatMap((record) => record.commentaries.map((c) => [record.id, c.grade, c.content, c.username, c.dateMs])),
  );
}

export function createPgSeedingStore(ctx: PgStoreContext, onCommit: () => void): SeedingStore {
  return {
    beginSeed: (options) => beginSeed(ctx, options, onCommit),
    async sourceStarts() {
      const { rows } = await ctx.pool.query<{ id: number; start_ms: number }>(
        'SELECT s.id, e.start_ms FROM sources s JOIN events e ON e.id = s.event_id ORDER BY e.start_ms, s.id',
      );
      return rows.map((row) => ({ id: row.id, startMs: row.start_ms }));
    },
  };
}
