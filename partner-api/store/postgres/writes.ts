import { cleanText } from '@/partner-api/links/link-marker';
import type { Clock } from '@/partner-api/clock';
import type { AvailabilityInput, EventInput, EventPatch, RepriceInput } from '../types';
import type { EventRecord, PerformerRecord } from '../model/records';
import { assertDates, assertFinite, assertPrices, categoryIdsOf, commentaryRecordsOf } from '../model/derive';
import { derivePrices } from '../model/derive';
import { serializeEvent } from '../model/serialize-event';
import { withClient, type PgClient, type PgPool } from './pool';
import type { EventJsonCache } from './reads';
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
    if (patch.name !== undefined) record.name = cleanText(patch.name);
    if (patch.description !== undefined) record.description = cleanText(patch.description);
    if (patch.startMs !== undefined) record.startMs = patch.startMs;
    if (patch.endMs !== undefined) record.endMs = patch.endMs;
    assertDates(record.startMs, record.endMs);
    if (patch.hasEndDateNotReliable !== undefined) record.hasEndDateNotReliable = patch.hasEndDateNotReliable;
    if (patch.trendingScore !== undefined) {
      assertFinite(patch.trendingScore, 'trendingScore');
      record.trendingScore = patch.trendingScore;
    }
    if (patch.mapPlace !== undefined) {
      record.mapPlace = patch.mapPlace ? await ensureMapPlace(client, patch.mapPlace) : null;
    }
    if (patch.place !== undefined) {
      record.place = await ensurePlace(client, patch.place, record.mapPlace?.id ?? null);
      record.timeZone = record.place.timeZone;
    }
    if (patch.categories !== undefined) record.categoryIds = categoryIdsOf(patch.categories);
    if (patch.sources !== undefined) {
      record.sources = await sourceRecordsOf(client, patch.sources, record);
      Object.assign(record, derivePrices(record.sources));
    }
    if (patch.performers !== undefined) {
      const performers: PerformerRecord[] = [];
      for (const p of patch.performers) performers.push(await ensurePerformer(client, p));
      record.performers = performers;
    }
    if (patch.commentaries !== undefined) record.commentaries = commentaryRecordsOf(patch.commentaries);
  });
}

export function repriceEvent(ctx: PgStoreContext, id: number, prices: RepriceInput): Promise<number | null> {
  assertPrices(prices.lowestPrice, prices.highestPrice, 'repriced event');
  return rewriteEvent(ctx, id, (_client, record) => {
    record.lowestPrice = prices.lowestPrice;
    record.highestPrice = prices.highestPrice;
    for (const source of record.sources) {
      source.lowestPrice = prices.lowestPrice;
      source.highestPrice = prices.highestPrice;
      if (prices.isGoodDeal !== undefined) source.isGoodDeal = prices.isGoodDeal;
    }
    if (prices.isGoodDeal !== undefined) record.hasGoodDeal = prices.isGoodDeal;
  });
}

export function cancelEvent(ctx: PgStoreContext, id: number): Promise<number | null> {
  return rewriteEvent(ctx, id, (_client, record, updatedMs) => {
    record.cancelledMs ??= updatedMs;
  });
}

export function markUnavailable(ctx: PgStoreContext, id: number): Promise<number | null> {
  return rewriteEvent(ctx, id, (_client, record, updatedMs) => {
    record.notAvailableMs ??= updatedMs;
    for (const source of record.sources) {
      source.notAvailableMs ??= updatedMs;
      source.isBookable = false;
    }
  });
}

export function changeAvailabilities(
  ctx: PgStoreContext,
  id: number,
  change: AvailabilityInput,
): Promise<number | null> {
  return rewriteEvent(
    ctx,
    id,
    (_client, record) => {
      for (const source of record.sources) {
        if (change.sourceId !== undefined && source.id !== change.sourceId) continue;
        source.availableDates = change.availableDates.map((d) => ({
          startMs: d.startMs,
          endMs: d.endMs,
          hasEndDateNotReliable: d.hasEndDateNotReliable ?? false,
          hasUnknownAvailability: d.hasUnknownAvailability ?? false,
        }));
        if (change.cantRetrieveAvailableDates !== undefined) {
          source.cantRetrieveAvailableDates = change.cantRetrieveAvailableDates;
        }
      }
    },
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
