import type { AuthStore, ClientRecord } from '../../port';
import { cannotBeStored, type PgPool } from '../pool';

/** Partner clients, shared by every replica. */
export function createPgAuthClients(
  pool: PgPool,
): Pick<AuthStore, 'createClient' | 'listClients' | 'activeClientSecretHash' | 'clientExists'> {
  return {
    async createClient(id, secretHash, createdMs) {
      const { rowCount } = await pool.query(
        'INSERT INTO clients (id, secret_hash, created_ms) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
        [id, secretHash, createdMs],
      );
      return rowCount === 1;
    },
    async listClients() {
      const { rows } = await pool.query<ClientRecord>(
        'SELECT id, created_ms AS "createdMs", disabled FROM clients ORDER BY created_ms, id',
      );
      return rows;
    },
    async activeClientSecretHash(id) {
      if (cannotBeStored(id)) return null;
      const { rows } = await pool.query<{ secret_hash: string }>(
        'SELECT secret_hash FROM clients WHERE id = $1 AND NOT disabled',
        [id],
      );
      return rows[0]?.secret_hash ?? null;
    },
    async clientExists(id) {
      if (cannotBeStored(id)) return false;
      const { rows } = await pool.query('SELECT 1 FROM clients WHERE id = $1', [id]);
      return rows.length > 0;
    },
  };
}
