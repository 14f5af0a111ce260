import type { IngestSourceRow } from '../../ingest/types';
import type { Db } from '../open';
import { stmt } from '../statements';

const COLUMNS = 'partner, ref, event_id AS eventId, hash, data, start_ms AS startMs, end_ms AS endMs';

/** Stored source records of one partner with these ids (reads of the ingestion path). */
export function sourcesByRefs(db: Db, partner: string, refs: readonly string[]): IngestSourceRow[] {
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM ingest_sources WHERE partner = ? AND ref IN (SELECT value FROM json_each(?))`,
  ).all(partner, JSON.stringify(refs)) as IngestSourceRow[];
}

/** Every stored source record of these events, by event, in the order they joined it. */
export function sourcesByEvents(db: Db, eventIds: readonly number[]): IngestSourceRow[] {
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM ingest_sources WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY event_id, seq`,
  ).all(JSON.stringify(eventIds)) as IngestSourceRow[];
}

/** Stored source records with one of these matching keys: the matching rule's candidates. */
export function sourcesByMatchKeys(db: Db, keys: readonly string[]): IngestSourceRow[] {
  return stmt(
    db,
    `SELECT ${COLUMNS} FROM ingest_sources WHERE match_key IN (SELECT value FROM json_each(?)) ORDER BY seq`,
  ).all(JSON.stringify(keys)) as IngestSourceRow[];
}

/** A partner's records whose event ends after `ms` (what a full feed must list again). */
export function partnerRefsEndingAfter(db: Db, partner: string, ms: number): Array<{ ref: string; eventId: number }> {
  return stmt(
    db,
    'SELECT ref, event_id AS eventId FROM ingest_sources WHERE partner = ? AND end_ms > ? ORDER BY seq',
  ).all(partner, ms) as Array<{ ref: string; eventId: number }>;
}
