import { foldText } from '@/partner-api/search/normalize';
import type { IngestBatch, IngestEventInput, IngestPartnerRow, IngestSourceRow, IngestStore } from '../ingest/types';
import { DEFAULT_TIME_ZONE, imagePath } from '../model/derive';
import { ingestedEventRecord, sourceIdsByPartner } from '../model/ingested-event';
import type { EventRecord, PerformerRecord, PlaceRecord } from '../model/records';
import { serializeEvent } from '../model/serialize-event';
import { inTransaction, type PgClient } from './pool';
import { loadEventRecord, loadMapPlace, loadPlace } from './records';
import {
  ensureMapPlace,
  ensurePerformer,
  ensurePlace,
  nextEventId,
  noteEventId,
  sourceRecordsOf,
} from './resolve-input';
import { insertEvent, updateEventRows } from './rows';
import { nextUpdatedMs } from './stamp';
import type { PgStoreContext } from './rows/store-context';

const COLUMNS = `partner, ref, event_id AS "eventId", hash, data, start_ms AS "startMs", end_ms AS "endMs"`;

async function venuePlace(client: PgClient, input: IngestEventInput, mapId: string | null): Promise<PlaceRecord> {
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

async function writeEvent(
  ctx: PgStoreContext,
  client: PgClient,
  input: IngestEventInput,
  previous: EventRecord | null,
  updatedMs: number,
): Promise<number> {
  const id = previous?.id ?? (await nextEventId(client));
  const given = input.mapPlace ? await ensureMapPlace(client, input.mapPlace) : null;
  // An event keeps its place while its venue keeps its name and town (two seeded venues may share both).
  const kept = previous && previous.place.name === input.place.name && previous.place.city === input.place.city;
  const place = kept ? previous.place : await venuePlace(client, input, given?.id ?? null);
  // No map place from the enrichment step: the venue's own (a known place keeps the map place it has).
  const mapPlace = given ?? (place.mapId ? await loadMapPlace(client, place.mapId) : null);
  const ids = sourceIdsByPartner(previous);
  const sources = await sourceRecordsOf(
    client,
    input.sources.map(({ soldOut: _soldOut, ...s }) => {
      const known = ids.get(s.partner);
      return known === undefined ? s : { ...s, id: known };
    }),
    input,
  );
  const performers: PerformerRecord[] = [];
  for (const name of input.performers) performers.push(await performerOf(client, name));
  const record = ingestedEventRecord(input, previous, id, updatedMs, { mapPlace, place, sources, performers });
  const json = serializeEvent(record, ctx.publicUrl);
  if (previous) await updateEventRows(client, record, json);
  else {
    await insertEvent(client, record, json);
    await noteEventId(client, id);
  }
  return id;
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
    async sourcesByRefs(partner, refs) {
      const { rows } = await pool.query<IngestSourceRow>(
        `SELECT ${COLUMNS} FROM ingest_sources WHERE partner = $1 AND ref = ANY($2::text[])`,
        [partner, refs],
      );
      return rows;
    },
    async sourcesByEvents(eventIds) {
      const { rows } = await pool.query<IngestSourceRow>(
        `SELECT ${COLUMNS} FROM ingest_sources WHERE event_id = ANY($1::bigint[]) ORDER BY event_id, seq`,
        [eventIds],
      );
      return rows;
    },
    async sourcesByMatchKeys(keys) {
      const { rows } = await pool.query<IngestSourceRow>(
        `SELECT ${COLUMNS} FROM ingest_sources WHERE match_key = ANY($1::text[]) ORDER BY seq`,
        [keys],
      );
      return rows;
    },
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
    applyBatch: (batch: IngestBatch) =>
      inTransaction(pool, async (client) => {
        const ids = new Map<string, number>();
        for (const write of batch.events) {
          if (write.input === null) {
            const deletedMs = await nextUpdatedMs(client, ctx.clock);
            const { rowCount } = await client.query('DELETE FROM events WHERE id = $1', [write.eventId]);
            if (rowCount) {
              await client.query(
                `INSERT INTO tombstones (event_id, deleted_ms) VALUES ($1, $2)
                 ON CONFLICT (event_id) DO UPDATE SET deleted_ms = excluded.deleted_ms`,
                [write.eventId, deletedMs],
              );
            }
            continue;
          }
          // The stamp first: it takes the catalogue clock's lock before any row is read (stamp.ts).
          const updatedMs = await nextUpdatedMs(client, ctx.clock);
          const previous = write.eventId === null ? null : await loadEventRecord(client, write.eventId, true);
          ids.set(write.key, await writeEvent(ctx, client, write.input, previous, updatedMs));
        }
        for (const row of batch.upserts) {
          const eventId = ids.get(row.eventKey) ?? Number(row.eventKey.replace(/^id:/, ''));
          if (!Number.isInteger(eventId)) throw new Error(`ingest batch: unknown event key ${row.eventKey}`);
          await client.query(
            `INSERT INTO ingest_sources (partner, ref, event_id, hash, data, start_ms, match_key, end_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (partner, ref) DO UPDATE SET event_id = excluded.event_id, hash = excluded.hash,
               data = excluded.data, start_ms = excluded.start_ms, match_key = excluded.match_key,
               end_ms = excluded.end_ms`,
            [row.partner, row.ref, eventId, row.hash, row.data, row.startMs, row.matchKey, row.endMs],
          );
        }
        for (const link of batch.links?.venues ?? []) {
          await client.query('INSERT INTO ingest_venues (venue_key, place_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            link.venueKey,
            link.placeId,
          ]);
        }
        for (const link of batch.links?.performers ?? []) {
          await client.query(
            'INSERT INTO ingest_performers (name_key, performer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
            [link.nameKey, link.performerId],
          );
        }
        for (const { partner, ref } of batch.removals) {
          await client.query('DELETE FROM ingest_sources WHERE partner = $1 AND ref = $2', [partner, ref]);
        }
        return ids;
      }),
  };
}
