import type { RefreshTokenRecord } from '../../port';
import type { Db } from '../open';
import { stmt } from '../statements';

export function createFamily(db: Db, familyId: string, clientId: string, createdMs: number): void {
  stmt(db, 'INSERT INTO token_families (id, client_id, created_ms) VALUES (?, ?, ?)').run(
    familyId,
    clientId,
    createdMs,
  );
}

export function insertRefreshToken(db: Db, hash: string, familyId: string, createdMs: number, expiresMs: number): void {
  stmt(db, 'INSERT INTO refresh_tokens (hash, family_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)').run(
    hash,
    familyId,
    createdMs,
    expiresMs,
  );
}

export function findRefreshToken(db: Db, hash: string): RefreshTokenRecord | null {
  const row = stmt(
    db,
    `SELECT r.family_id, r.expires_ms, r.used_ms, f.client_id, f.revoked_ms
       FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.hash = ?`,
  ).get(hash) as
    | { family_id: string; expires_ms: number; used_ms: number | null; client_id: string; revoked_ms: number | null }
    | undefined;
  if (!row) return null;
  return {
    familyId: row.family_id,
    clientId: row.client_id,
    expiresMs: row.expires_ms,
    usedMs: row.used_ms,
    revokedMs: row.revoked_ms,
  };
}

/** Marks a refresh token used; false when it already was (the guard keeps single use under concurrent redeems). */
export function markRefreshTokenUsed(db: Db, hash: string, usedMs: number): boolean {
  return (
    stmt(db, 'UPDATE refresh_tokens SET used_ms = ? WHERE hash = ? AND used_ms IS NULL').run(usedMs, hash).changes === 1
  );
}

export function revokeFamily(db: Db, familyId: string, nowMs: number): void {
  stmt(db, 'UPDATE token_families SET revoked_ms = ? WHERE id = ? AND revoked_ms IS NULL').run(nowMs, familyId);
}

export function isFamilyRevoked(db: Db, familyId: string): boolean | null {
  const row = stmt(db, 'SELECT revoked_ms FROM token_families WHERE id = ?').get(familyId) as
    { revoked_ms: number | null } | undefined;
  return row === undefined ? null : row.revoked_ms !== null;
}

/** Families not revoked with an unused refresh token still valid at `nowMs`. */
export function countActiveFamilies(db: Db, nowMs: number): number {
  const row = stmt(
    db,
    `SELECT count(*) AS n FROM token_families f WHERE f.revoked_ms IS NULL
       AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = f.id AND r.used_ms IS NULL AND r.expires_ms > ?)`,
  ).get(nowMs) as { n: number };
  return row.n;
}

/**
 * Expired refresh tokens are kept until `horizonMs` (a further 7 days), so reuse just after expiry is still recognised
 * as reuse; then they go, and so do families left without any (their access tokens expired long before).
 */
export function purgeTokens(db: Db, horizonMs: number): void {
  stmt(db, 'DELETE FROM refresh_tokens WHERE expires_ms < ?').run(horizonMs);
  stmt(
    db,
    `DELETE FROM token_families WHERE created_ms < ?
       AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = token_families.id)`,
  ).run(horizonMs);
}

/** The secret stored under `name`, storing `candidate` first when there is none (the first writer wins). */
export function sharedSecret(db: Db, name: string, candidate: string): string {
  stmt(db, 'INSERT INTO service_secrets (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING').run(name, candidate);
  return (stmt(db, 'SELECT value FROM service_secrets WHERE name = ?').get(name) as { value: string }).value;
}
