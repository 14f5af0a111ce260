import type { ClientRecord } from '../../port';
import type { Db } from '../open';
import { stmt } from '../statements';

/** Inserts a client; false when the id exists. */
export function createClient(db: Db, id: string, secretHash: string, createdMs: number): boolean {
  const inserted = stmt(
    db,
    'INSERT INTO clients (id, secret_hash, created_ms) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING',
  ).run(id, secretHash, createdMs);
  return inserted.changes === 1;
}

/** Every client, oldest first. */
export function listClients(db: Db): ClientRecord[] {
  const rows = stmt(db, 'SELECT id, created_ms, disabled FROM clients ORDER BY created_ms, id').all() as Array<{
    id: string;
    created_ms: number;
    disabled: number;
  }>;
  return rows.map((row) => ({ id: row.id, createdMs: row.created_ms, disabled: row.disabled === 1 }));
}

/** The secret hash of an enabled client, or null. */
export function activeClientSecretHash(db: Db, id: string): string | null {
  const row = stmt(db, 'SELECT secret_hash FROM clients WHERE id = ? AND disabled = 0').get(id) as
    { secret_hash: string } | undefined;
  return row?.secret_hash ?? null;
}

export function clientExists(db: Db, id: string): boolean {
  return stmt(db, 'SELECT 1 AS found FROM clients WHERE id = ?').get(id) !== undefined;
}
