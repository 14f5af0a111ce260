import type { Clock } from '@/partner-api/clock';
import type { EventRecord } from '../../model/records';
import { loadEventRecord } from './event-record';
import { nextUpdatedMs } from './next-updated-ms';
import type { Db } from '../open';
import { updateEventRows } from './save-event';
import { serializeEvent } from '../../model/serialize-event';

/** What every SQLite store operation needs. */
export interface StoreContext {
  db: Db;
  clock: Clock;
  /** Base URL for image links, without a trailing slash. */
  publicUrl: string;
}

/**
 * Runs one write on an existing event: loads it, lets `mutate` change the record (given the write's `updatedMs`),
 * stamps `updatedAt`, re-serializes and writes it back, all in one immediate transaction. Null when the event is
 * missing or deleted.
 */
export function rewriteEvent(
  ctx: StoreContext,
  id: number,
  mutate: (record: EventRecord, updatedMs: number) => void,
): number | null {
  return ctx.db
    .transaction(() => {
      const record = loadEventRecord(ctx.db, id);
      if (!record) return null;
      const updatedMs = nextUpdatedMs(ctx.db, ctx.clock);
      mutate(record, updatedMs);
      record.updatedMs = updatedMs;
      updateEventRows(ctx.db, record, serializeEvent(record, ctx.publicUrl));
      return updatedMs;
    })
    .immediate();
}
