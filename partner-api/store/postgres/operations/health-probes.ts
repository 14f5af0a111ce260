import type { Queryable } from '../pool';

export async function probeRead(q: Queryable): Promise<void> {
  await q.query('SELECT 1 FROM events LIMIT 1');
}

export async function probeWrite(q: Queryable, nowMs: number): Promise<void> {
  await q.query(
    `INSERT INTO meta (key, value) VALUES ('ready_probe_ms', $1)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [String(nowMs)],
  );
}

/** Whether the catalogue holds nothing yet: no event, place or tombstone. */
export async function isCatalogueEmpty(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ empty: boolean }>(
    `SELECT NOT EXISTS (SELECT 1 FROM events) AND NOT EXISTS (SELECT 1 FROM places)
       AND NOT EXISTS (SELECT 1 FROM tombstones) AS empty`,
  );
  return rows[0]?.empty ?? true;
}
