import type { AuthStore, RefreshTokenRecord } from '../../port';
import { cannotBeStored, type PgPool } from '../pool';

/** Login families, refresh tokens and the root secret, shared by every replica. */
export function createPgAuthTokens(
  pool: PgPool,
): Omit<AuthStore, 'createClient' | 'listClients' | 'activeClientSecretHash' | 'clientExists'> {
  return {
    async createFamily(familyId, clientId, createdMs) {
      await pool.query('INSERT INTO token_families (id, client_id, created_ms) VALUES ($1, $2, $3)', [
        familyId,
        clientId,
        createdMs,
      ]);
    },
    async insertRefreshToken(hash, familyId, createdMs, expiresMs) {
      await pool.query('INSERT INTO refresh_tokens (hash, family_id, created_ms, expires_ms) VALUES ($1, $2, $3, $4)', [
        hash,
        familyId,
        createdMs,
        expiresMs,
      ]);
    },
    async findRefreshToken(hash) {
      if (cannotBeStored(hash)) return null;
      const { rows } = await pool.query<RefreshTokenRecord>(
        `SELECT r.family_id AS "familyId", f.client_id AS "clientId", r.expires_ms AS "expiresMs",
                r.used_ms AS "usedMs", f.revoked_ms AS "revokedMs"
         FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.hash = $1`,
        [hash],
      );
      return rows[0] ?? null;
    },
    async markRefreshTokenUsed(hash, usedMs) {
      // One UPDATE with the condition: of two replicas redeeming the same token at once, exactly one wins.
      const { rowCount } = await pool.query(
        'UPDATE refresh_tokens SET used_ms = $1 WHERE hash = $2 AND used_ms IS NULL',
        [usedMs, hash],
      );
      return rowCount === 1;
    },
    async revokeFamily(familyId, nowMs) {
      await pool.query('UPDATE token_families SET revoked_ms = $1 WHERE id = $2 AND revoked_ms IS NULL', [
        nowMs,
        familyId,
      ]);
    },
    async isFamilyRevoked(familyId) {
      if (cannotBeStored(familyId)) return null;
      const { rows } = await pool.query<{ revoked: boolean }>(
        'SELECT revoked_ms IS NOT NULL AS revoked FROM token_families WHERE id = $1',
        [familyId],
      );
      return rows[0] ? rows[0].revoked : null;
    },
    async countActiveFamilies(nowMs) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM token_families f WHERE f.revoked_ms IS NULL
           AND EXISTS (SELECT 1 FROM refresh_tokens r
                        WHERE r.family_id = f.id AND r.used_ms IS NULL AND r.expires_ms > $1)`,
        [nowMs],
      );
      return rows[0]?.n ?? 0;
    },
    async purgeTokens(horizonMs) {
      await pool.query('DELETE FROM refresh_tokens WHERE expires_ms < $1', [horizonMs]);
      await pool.query(
        `DELETE FROM token_families f WHERE f.created_ms < $1
           AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.id)`,
        [horizonMs],
      );
    },
    async sharedSecret(name, candidate) {
      // Replicas starting together race here; ON CONFLICT makes the first insert win and everyone reads it back.
      await pool.query('INSERT INTO service_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        name,
        candidate,
      ]);
      const { rows } = await pool.query<{ value: string }>('SELECT value FROM service_secrets WHERE name = $1', [name]);
      return (rows[0] as { value: string }).value;
    },
  };
}
