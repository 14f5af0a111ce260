import type { EventRecord } from '../../model/records';
import { serializeEvent } from '../../model/serialize-event';
import { withClient, type PgClient } from '../pool';
import { loadEventRecord } from '../records';
import { updateEventRows } from '../rows';
import { nextUpdatedMs } from '../stamp';
import type { PgStoreContext } from './store-context';

/**
 * Runs one catalogue write in a transaction that starts by drawing the write's stamp (see nextUpdatedMs); a null
 * result rolls it back, so a write to a missing event leaves no trace, not even a spent stamp.
 */
export async function catalogueWrite<T>(
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
export async function rewriteEvent(
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
