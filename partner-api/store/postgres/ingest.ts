import { foldText } from '@/partner-api/search/normalize';
import type { IngestBatch, IngestEventInput, IngestPartnerRow, IngestSourceRow, IngestStore } from '../ingest/types';
import { DEFAULT_TIME_ZONE, imagePath } from '../model/derive';
import { ingestedEventRecord, sourceIdsByPartner } from '../model/ingested-event';
import { sourceRecordsFrom } from '../model/new-rows';
import type {
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from '../model/records';
import { serializeEvent } from '../model/serialize-event';
import type { SourceInput, StoredEventJson } from '../types';
import { inTransaction, type PgClient, type Queryable } from './pool';
import { loadEventRecord, loadMapPlace, loadPlace, loadVenuePlaces } from './records';
import { ensureMapPlace, ensurePartner, ensurePerformer, ensurePlace, nextEventId, noteEventId } from './resolve-input';
import { insertEvents, updateEventRows } from './rows';
import { reserveUpdatedMs } from './stamp';
import type { PgStoreContext } from './rows/store-context';

const COLUMNS = `partner, ref, event_id AS "eventId", hash, data, start_ms AS "startMs", end_ms AS "endMs"`;

async function venuePlace(
  client: PgClient,
  state: BatchState,
  input: IngestEventInput,
  mapId: string | null,
): Promise<PlaceRecord> {
  const prefetched = state.venues.get(input.place.venueKey);
  if (prefetched) return prefetched;
  const { rows } = await client.query<{ id: number }>('SELECT place_id AS id FROM ingest_venues WHERE venue_key = $1', [
    input.place.venueKey,
  ]);
  const known = rows[0] ? await loadPlace(client, Number(rows[0].id)) : null;
  if (known) return known;
  const { venueKey, ...place } = input.place;
  const created = await ensurePlace(client, place, mapId);
  await client.query(
    `INSERT INTO ingest_venues (venue_key, place_id) VALUES ($1, $2)
     ON CONFLICT (venue_key) DO UPDATE SET place_id = excluded.place_id`,
    [venueKey, created.id],
  );
  return created;
}

async function performerOf(client: PgClient, name: string): Promise<PerformerRecord> {
  const key = foldText(name).replace(/\s+/g, ' ').trim();
  const { rows } = await client.query<{ id: number }>(
    'SELECT performer_id AS id FROM ingest_performers WHERE name_key = $1',
    [key],
  );
  const row = rows[0];
  const performer = await ensurePerformer(client, row ? { id: Number(row.id), name } : { name });
  if (!row) {
    await client.query('INSERT INTO ingest_performers (name_key, performer_id) VALUES ($1, $2)', [key, performer.id]);
  }
  return performer;
}

/**
 * What one batch's event writes read once instead of per event (each was a round trip, and a batch writes hundreds of
 * events): the next event and source ids — the transaction holds the catalogue clock, so no other writer takes any
 * meanwhile —, the partners' rows and the places of the venues known before the batch (a venue first seen in the
 * batch is looked up as before); and the new events, inserted together at the end.
 */
interface BatchState {
  nextEventId: number | null;
  maxCreatedId: number;
  nextSourceId: number | null;
  partners: Map<string, PartnerRecord>;
  venues: Map<string, PlaceRecord>;
  inserts: Array<{ record: EventRecord; json: StoredEventJson }>;
  /** Map places read in this batch (the demo seed's batches name a few hundred for thousands of events). */
  mapPlaces: Map<string, MapPlaceRecord | null>;
  /** Performers found or created in this batch, by name key (two round trips each otherwise). */
  performers: Map<string, PerformerRecord>;
}

/** resolve-input.ts's sourceRecordsOf with the batch's source id counter and partner rows. */
async function batchSourceRecords(
  client: PgClient,
  state: BatchState,
  inputs: readonly SourceInput[],
  event: { startMs: number; endMs: number },
): Promise<SourceRecord[]> {
  if (state.nextSourceId === null) {
    const { rows } = await client.query<{ m: number | null }>('SELECT max(id) AS m FROM sources');
    state.nextSourceId = (rows[0]?.m ?? 0) + 1;
  }
  const partners: PartnerRecord[] = [];
  for (const s of inputs) {
    let partner = state.partners.get(s.partner);
    if (!partner) {
      partner = await ensurePartner(client, s.partner);
      state.partners.set(s.partner, partner);
    }
    partners.push(partner);
  }
  const records = sourceRecordsFrom(inputs, event, state.nextSourceId, partners);
  for (const r of records) if (r.id >= state.nextSourceId) state.nextSourceId = r.id + 1;
  return records;
}

async function writeEvent(
  ctx: PgStoreContext,
  client: PgClient,
  state: BatchState,
  input: IngestEventInput,
  previous: EventRecord | null,
  updatedMs: number,
): Promise<number> {
  let id = previous?.id;
  if (id === undefined) {
    state.nextEventId ??= await nextEventId(client);
    id = state.nextEventId++;
    state.maxCreatedId = Math.max(state.maxCreatedId, id);
  }
  const given = input.mapPlace ? await ensureMapPlace(client, input.mapPlace) : null;
  // An event keeps its place while its venue keeps its name and town (two seeded venues may share both).
  const kept = previous && previous.place.name === input.place.name && previous.place.city === input.place.city;
  const place = kept ? previous.place : await venuePlace(client, state, input, given?.id ?? null);
  // No map place from the enrichment step: the venue's own (a known place keeps the map place it has).
  if (given) state.mapPlaces.set(given.id, given);
  else if (place.mapId && !state.mapPlaces.has(place.mapId)) {
    state.mapPlaces.set(place.mapId, await loadMapPlace(client, place.mapId));
  }
  const mapPlace = given ?? (place.mapId ? (state.mapPlaces.get(place.mapId) ?? null) : null);
  const ids = sourceIdsByPartner(previous);
  const sources = await batchSourceRecords(
    client,
    state,
    input.sources.map(({ soldOut: _soldOut, ...s }) => {
      const known = ids.get(s.partner);
      return known === undefined ? s : { ...s, id: known };
    }),
    input,
  );
  const performers: PerformerRecord[] = [];
  for (const name of input.performers) {
    const key = foldText(name).replace(/\s+/g, ' ').trim();
    let performer = state.performers.get(key);
    if (!performer) {
      performer = await performerOf(client, name);
      state.performers.set(key, performer);
    }
    performers.push(performer);
  }
  const record = ingestedEventRecord(input, previous, id, updatedMs, { mapPlace, place, sources, performers });
  const json = serializeEvent(record, ctx.publicUrl);
  if (previous) await updateEventRows(client, record, json);
  else state.inserts.push({ record, json });
  return id;
}

/** Rows as one array per column (for `unnest`). */
function columnsOf(rows: readonly unknown[][], width: number): unknown[][] {
  return Array.from({ length: width }, (_, i) => rows.map((row) => row[i]));
}

/** The reads of the ingestion core (partner-api/ingest/import.ts), on the pool or on one client's transaction. */
export function ingestReads(
  q: Queryable,
): Pick<IngestStore, 'sourcesByRefs' | 'sourcesByEvents' | 'sourcesByMatchKeys'> {
  return {
    async sourcesByRefs(partner, refs) {
      const { rows } = await q.query<IngestSourceRow>(
        `SELECT ${COLUMNS} FROM ingest_sources WHERE partner = $1 AND ref = ANY($2::text[])`,
        [partner, refs],
      );
      return rows;
    },
    async sourcesByEvents(eventIds) {
      const { rows } = await q.query<IngestSourceRow>(
        `SELECT ${COLUMNS} FROM ingest_sources WHERE event_id = ANY($1::bigint[]) ORDER BY event_id, seq`,
        [eventIds],
      );
      return rows;
    },
    async sourcesByMatchKeys(keys) {
      const { rows } = await q.query<IngestSourceRow>(
        `SELECT ${COLUMNS} FROM ingest_sources WHERE match_key = ANY($1::text[]) ORDER BY seq`,
        [keys],
      );
      return rows;
    },
  };
}

/** The PostgreSQL store's ingestion part: one transaction per batch (the first write draws the stamp lock). */
export function createPgIngestStore(ctx: PgStoreContext): IngestStore {
  const { pool } = ctx;
  return {
    async partner(name) {
      const { rows } = await pool.query<IngestPartnerRow>(
        `SELECT p.name, p.logo, p.back_color AS "backColor", coalesce(t.time_zone, '${DEFAULT_TIME_ZONE}') AS "timeZone",
           coalesce(t.commission_fix, 0) AS "commissionFix", coalesce(t.commission_per_ticket, 0) AS "commissionPerTicket",
           coalesce(t.commission_per_cart, 0) AS "commissionPerCart", coalesce(t.commission_rate, 0) AS "commissionRate"
         FROM partners p LEFT JOIN partner_terms t ON t.partner_id = p.id WHERE p.name = $1`,
        [name],
      );
      return rows[0] ?? null;
    },
    savePartner: (partner) =>
      inTransaction(pool, async (client) => {
        // Serialises partner registrations (the id is max + 1).
        await client.query('LOCK TABLE partners IN SHARE ROW EXCLUSIVE MODE');
        const { rows } = await client.query<{ id: number }>('SELECT id FROM partners WHERE name = $1', [partner.name]);
        let id = rows[0] ? Number(rows[0].id) : undefined;
        if (id === undefined) {
          const max = await client.query<{ m: number | null }>('SELECT max(id) AS m FROM partners');
          id = Number(max.rows[0]?.m ?? 0) + 1;
          await client.query('INSERT INTO partners (id, name, logo, back_color) VALUES ($1, $2, $3, $4)', [
            id,
            partner.name,
            partner.logo || imagePath('partner', id, 'logo'),
            partner.backColor,
          ]);
        } else {
          await client.query(
            "UPDATE partners SET logo = coalesce(nullif($1, ''), logo), back_color = $2 WHERE id = $3",
            [partner.logo, partner.backColor, id],
          );
        }
        await client.query(
          `INSERT INTO partner_terms (partner_id, time_zone, commission_fix, commission_per_ticket, commission_per_cart,
             commission_rate) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (partner_id) DO UPDATE SET time_zone = excluded.time_zone,
             commission_fix = excluded.commission_fix, commission_per_ticket = excluded.commission_per_ticket,
             commission_per_cart = excluded.commission_per_cart, commission_rate = excluded.commission_rate`,
          [
            id,
            partner.timeZone,
            partner.commissionFix,
            partner.commissionPerTicket,
            partner.commissionPerCart,
            partner.commissionRate,
          ],
        );
        return rows.length === 0;
      }),
    ...ingestReads(pool),
    async partnerRefsEndingAfter(partner, ms) {
      const { rows } = await pool.query<{ ref: string; eventId: number }>(
        `SELECT ref, event_id AS "eventId" FROM ingest_sources WHERE partner = $1 AND end_ms > $2 ORDER BY seq`,
        [partner, ms],
      );
      return rows;
    },
    async addKey(partner, keyHash, createdMs) {
      await pool.query('INSERT INTO ingest_keys (key_hash, partner, created_ms) VALUES ($1, $2, $3)', [
        keyHash,
        partner,
        createdMs,
      ]);
    },
    async partnerOfKey(keyHash) {
      const { rows } = await pool.query<{ partner: string }>('SELECT partner FROM ingest_keys WHERE key_hash = $1', [
        keyHash,
      ]);
      return rows[0]?.partner ?? null;
    },
    applyBatch: (batch: IngestBatch) => inTransaction(pool, (client) => applyIngestBatch(ctx, client, batch)),
  };
}

/**
 * One import batch on `client`, inside the caller's transaction (the store's: one per batch; the demo seed's bulk load:
 * its one transaction): events created, rewritten or deleted, then the source rows, venues and performers.
 */
export async function applyIngestBatch(
  ctx: PgStoreContext,
  client: PgClient,
  batch: IngestBatch,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // Every write's stamp at once, first: it takes the catalogue clock's lock before any row is read (stamp.ts).
  let updatedMs = batch.events.length > 0 ? await reserveUpdatedMs(client, ctx.clock, batch.events.length) : 0;
  const venueKeys = new Set(batch.events.flatMap((w) => (w.input ? [w.input.place.venueKey] : [])));
  const state: BatchState = {
    nextEventId: null,
    maxCreatedId: 0,
    nextSourceId: null,
    partners: new Map(),
    venues: venueKeys.size > 0 ? await loadVenuePlaces(client, [...venueKeys]) : new Map<string, PlaceRecord>(),
    inserts: [],
    mapPlaces: new Map(),
    performers: new Map(),
  };
  for (const write of batch.events) {
    const stamp = updatedMs++;
    if (write.input === null) {
      const { rowCount } = await client.query('DELETE FROM events WHERE id = $1', [write.eventId]);
      if (rowCount) {
        await client.query(
          `INSERT INTO tombstones (event_id, deleted_ms) VALUES ($1, $2)
             ON CONFLICT (event_id) DO UPDATE SET deleted_ms = excluded.deleted_ms`,
          [write.eventId, stamp],
        );
      }
      continue;
    }
    const previous = write.eventId === null ? null : await loadEventRecord(client, write.eventId, true);
    ids.set(write.key, await writeEvent(ctx, client, state, write.input, previous, stamp));
  }
  await insertEvents(client, state.inserts);
  if (state.maxCreatedId > 0) await noteEventId(client, state.maxCreatedId);
  // One statement per kind of row, not one per row. A (partner, ref) twice keeps its first place, last values.
  const upserts = new Map<string, unknown[]>();
  for (const row of batch.upserts) {
    const eventId = ids.get(row.eventKey) ?? Number(row.eventKey.replace(/^id:/, ''));
    if (!Number.isInteger(eventId)) throw new Error(`ingest batch: unknown event key ${row.eventKey}`);
    upserts.set(JSON.stringify([row.partner, row.ref]), [
      row.partner,
      row.ref,
      eventId,
      row.hash,
      row.data,
      row.startMs,
      row.matchKey,
      row.endMs,
    ]);
  }
  if (upserts.size > 0) {
    // WITH ORDINALITY … ORDER BY: new rows take their `seq` (the order records joined an event) in batch order.
    await client.query(
      `INSERT INTO ingest_sources (partner, ref, event_id, hash, data, start_ms, match_key, end_ms)
         SELECT partner, ref, event_id, hash, data, start_ms, match_key, end_ms
         FROM unnest($1::TEXT[], $2::TEXT[], $3::BIGINT[], $4::TEXT[], $5::TEXT[], $6::BIGINT[], $7::TEXT[],
                     $8::BIGINT[]) WITH ORDINALITY
              AS u (partner, ref, event_id, hash, data, start_ms, match_key, end_ms, position)
         ORDER BY position
         ON CONFLICT (partner, ref) DO UPDATE SET event_id = excluded.event_id, hash = excluded.hash,
           data = excluded.data, start_ms = excluded.start_ms, match_key = excluded.match_key,
           end_ms = excluded.end_ms`,
      columnsOf([...upserts.values()], 8),
    );
  }
  const venues = batch.links?.venues ?? [];
  if (venues.length > 0) {
    await client.query(
      `INSERT INTO ingest_venues (venue_key, place_id)
         SELECT * FROM unnest($1::TEXT[], $2::BIGINT[]) ON CONFLICT DO NOTHING`,
      [venues.map((v) => v.venueKey), venues.map((v) => v.placeId)],
    );
  }
  const performers = batch.links?.performers ?? [];
  if (performers.length > 0) {
    await client.query(
      `INSERT INTO ingest_performers (name_key, performer_id)
         SELECT * FROM unnest($1::TEXT[], $2::BIGINT[]) ON CONFLICT DO NOTHING`,
      [performers.map((p) => p.nameKey), performers.map((p) => p.performerId)],
    );
  }
  if (batch.removals.length > 0) {
    await client.query(
      `DELETE FROM ingest_sources WHERE (partner, ref) IN (SELECT * FROM unnest($1::TEXT[], $2::TEXT[]))`,
      [batch.removals.map((r) => r.partner), batch.removals.map((r) => r.ref)],
    );
  }
  return ids;
}
