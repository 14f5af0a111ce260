import type { Db } from '../open';
import { stmt } from '../statements';

export function probeRead(db: Db): void {
  stmt(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM events LIMIT 1)').get();
}

export function probeWrite(db: Db, nowMs: number): void {
  stmt(
    db,
    `INSERT INTO meta (key, value) VALUES ('ready_probe_ms', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  ).run(String(nowMs));
}

/** Whether the catalogue holds nothing yet: no event, place or tombstone. */
export function isCatalogueEmpty(db: Db): boolean {
  const sql =
    'SELECT NOT EXISTS (SELECT 1 FROM events) AND NOT EXISTS (SELECT 1 FROM places) ' +
    'AND NOT EXISTS (SELECT 1 FROM tombstones) AS empty';
  return (stmt(db, sql).get() as { empty: number }).empty === 1;
}

export function hasClicks(db: Db, clientIds: readonly string[]): boolean {
  if (clientIds.length === 0) return false;
  return (
    db
      .prepare(`SELECT 1 FROM clicks WHERE client_id IN (${clientIds.map(() => '?').join(',')}) LIMIT 1`)
      .get(...clientIds) !== undefined
  );
}

export function sourceStarts(db: Db): Array<{ id: number; startMs: number }> {
  return (
    stmt(
      db,
      'SELECT s.id, e.start_ms FROM sources s JOIN events e ON e.id = s.event_id ORDER BY e.start_ms, s.id',
    ).all() as Array<{
      id: number;
      start_ms: number;
    }>
  ).map((row) => ({ id: row.id, startMs: row.start_ms }));
}
