import type { Clock } from '@/partner-api/clock';
import type { AvailabilityInput, EventInput, EventPatch, RepriceInput } from '../types';
import type { EventRecord } from '../model/records';
import {
  assertReprice,
  cancelRecord,
  changeRecordAvailabilities,
  markRecordUnavailable,
  patchEventFields,
  patchEventRefs,
  repriceRecord,
  type PatchRefs,
} from '../model/mutations';
import { serializeEvent } from '../model/serialize-event';
import { withClient, type PgClient, type PgPool } from './pool';
import type { EventJsonCache } from './event-json-cache';
import { loadEventRecord } from './records';
import {
  ensureMapPlace,
  ensurePerformer,
  ensurePlace,
  eventRecordOf,
  nextEventId,
  noteEventId,
  sourceRecordsOf,
} from './resolve-input';
import { insertEvent, updateEventRows } from './rows';
import { nextUpdatedMs } from './stamp';

/** What every PostgreSQL store operation needs. */
export interface PgStoreContext {
  pool: PgPool;
  clock: Clock;
  /** Base URL for image links, without a trailing slash. */
  publicUrl: string;
  /** Event JSON this process served, revalidated on every read (reads.ts). */
  jsonCache: EventJsonCache;
}

/**
 * Runs one catalogue write in a transaction that starts by drawing the write's stamp (see nextUpdatedMs); a null
 * result rolls it back, so a write to a missing event leaves no trace, not even a spent stamp.
 */
async function catalogueWrite<T>(
  ctx: PgStoreContext,
  work: (client: PgClient, updatedMs: number) => Promise<T | null>,
): Promise<T | null> {
  return withClient(ctx.pool, async (client) => {
    await client.query('BEGIN');
    try {
      const updatedMs = await nextUpdatedMs(client, ctx.clock);
      const result = await work(client, updatedMs);
      await client.query(result === null ? 'ROLLBACK' : 'COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/**
 * One write on an existing event: loads it (after the stamp, so no concurrent write can slip in between), lets
 * `mutate` change the record, stamps `updatedAt`, re-serializes and writes it back. Null when the event is missing.
 */
async function rewriteEvent(
  ctx: PgStoreContext,
  id: number,
  mutate: (client: PgClient, record: EventRecord, updatedMs: number) => Promise<void> | void,
  after?: (client: PgClient, updatedMs: number) => Promise<void>,
): Promise<number | null> {
  return catalogueWrite(ctx, async (client, updatedMs) => {
    const record = await loadEventRecord(client, id);
    if (!record) return null;
    await mutate(client, record, updatedMs);
    record.updatedMs = updatedMs;
    await updateEventRows(client, record, serializeEvent(record, ctx.publicUrl));
    if (after) await after(client, updatedMs);
    return updatedMs;
  });
}

export async function createEvent(ctx: PgStoreContext, input: EventInput): Promise<number> {
  const id = await catalogueWrite(ctx, async (client, updatedMs) => {
    const eventId = input.id ?? (await nextEventId(client));
    const record = await eventRecordOf(client, input, eventId, updatedMs);
    await insertEvent(client, record, serializeEvent(record, ctx.publicUrl));
    await noteEventId(client, eventId);
    return eventId;
  });
  return id as number;
}

export function updateEvent(ctx: PgStoreContext, id: number, patch: EventPatch): Promise<number | null> {
  return rewriteEvent(ctx, id, async (client, record) => {
    patchEventFields(record, patch);
    const refs: PatchRefs = {};
    if (patch.mapPlace !== undefined) {
      refs.mapPlace = patch.mapPlace ? await ensureMapPlace(client, patch.mapPlace) : null;
    }
    const mapPlace = refs.mapPlace === undefined ? record.mapPlace : refs.mapPlace;
    if (patch.place !== undefined) refs.place = await ensurePlace(client, patch.place, mapPlace?.id ?? null);
    if (patch.sources !== undefined) refs.sources = await sourceRecordsOf(client, patch.sources, record);
    if (patch.performers !== undefined) {
      refs.performers = [];
      for (const p of patch.performers) refs.performers.push(await ensurePerformer(client, p));
    }
    patchEventRefs(record, patch, refs);
  });
}

export function repriceEvent(ctx: PgStoreContext, id: number, prices: RepriceInput): Promise<number | null> {
  assertReprice(prices);
  return rewriteEvent(ctx, id, (_client, record) => repriceRecord(record, prices));
}

export function cancelEvent(ctx: PgStoreContext, id: number): Promise<number | null> {
  return rewriteEvent(ctx, id, (_client, record, updatedMs) => cancelRecord(record, updatedMs));
}

export function markUnavailable(ctx: PgStoreContext, id: number): Promise<number | null> {
  return rewriteEvent(ctx, id, (_client, record, updatedMs) => markRecordUnavailable(record, updatedMs));
}

export function changeAvailabilities(
  ctx: PgStoreContext,
  id: number,
  change: AvailabilityInput,
): Promise<number | null> {
  return rewriteEvent(
    ctx,
    id,
    (_client, record) => changeRecordAvailabilities(record, change),
    async (client, updatedMs) => {
      await client.query('UPDATE events SET availability_changed_ms = $1 WHERE id = $2', [updatedMs, id]);
    },
  );
}

/** Deletes the event and its rows, leaving a tombstone stamped like any write; null when it does not exist. */
export function deleteEvent(ctx: PgStoreContext, id: number): Promise<number | null> {
  return catalogueWrite(ctx, async (client, deletedMs) => {
    const { rowCount } = await client.query('DELETE FROM events WHERE id = $1', [id]);
    if (!rowCount) return null;
    await client.query(
      `INSERT INTO tombstones (event_id, deleted_ms) VALUES ($1, $2)
       ON CONFLICT (event_id) DO UPDATE SET deleted_ms = excluded.deleted_ms`,
      [id, deletedMs],
    );
    return deletedMs;
  });
}
