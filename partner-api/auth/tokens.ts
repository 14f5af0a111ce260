import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '@/lib/contract';
import type { Clock } from '../clock';
import type { Db } from '../store/sqlite/open';
import { isClientActive } from './clients';

/**
 * Token lifecycle of docs/design.md §4.2. Access token: a JWT (HS256, `typ: at+jwt`, `sub` = client id, `fid` = login
 * family, 1 h). Refresh token: an opaque random string stored as its SHA-256, single-use, 7 days. Presenting a used
 * refresh token revokes its whole family, which also kills the family's access tokens (checked on every request).
 */

const ISSUER = 'partner-api';
const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface IssuedTokens {
  accessToken: string;
  expiresIn: number;
  tokenType: 'Bearer';
  refreshToken: string;
}

export interface AccessTokenClaims {
  clientId: string;
  familyId: string;
}

/** Why an access token was refused; `missing` gets a challenge without an error code (RFC 6750 §3.1). */
export type AccessTokenFailure = 'expired' | 'invalid';

export interface TokenService {
  /** Starts a new login family for a client whose credentials were checked. */
  issueForClient(clientId: string): Promise<IssuedTokens>;
  /** Redeems a refresh token (single use); null when unknown, expired, used (revoking the family) or revoked. */
  refresh(refreshToken: string): Promise<IssuedTokens | null>;
  /** The claims of a valid access token, or why it is refused. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims | AccessTokenFailure>;
  /** Revokes every token of a family. */
  revokeFamily(familyId: string): void;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/** Creates the token service over the auth tables. `key` is the HS256 key of access tokens. */
export function createTokenService({ db, clock, key }: { db: Db; clock: Clock; key: Uint8Array }): TokenService {
  const insertFamily = db.prepare('INSERT INTO token_families (id, client_id, created_ms) VALUES (?, ?, ?)');
  const insertRefresh = db.prepare(
    'INSERT INTO refresh_tokens (hash, family_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)',
  );
  const findRefresh = db.prepare(
    `SELECT r.family_id, r.expires_ms, r.used_ms, f.client_id, f.revoked_ms
       FROM refresh_tokens r JOIN token_families f ON f.id = r.family_id WHERE r.hash = ?`,
  );
  const markUsed = db.prepare('UPDATE refresh_tokens SET used_ms = ? WHERE hash = ? AND used_ms IS NULL');
  const revoke = db.prepare('UPDATE token_families SET revoked_ms = ? WHERE id = ? AND revoked_ms IS NULL');
  const familyRevoked = db.prepare('SELECT revoked_ms IS NOT NULL FROM token_families WHERE id = ?').pluck();
  // Expired refresh tokens are kept a further 7 days, so reuse just after expiry is still recognised as reuse;
  // then they go, and so do families left without any (their access tokens expired long before).
  const purgeTokens = db.prepare('DELETE FROM refresh_tokens WHERE expires_ms < ?');
  const purgeFamilies = db.prepare(
    `DELETE FROM token_families WHERE created_ms < ?
       AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = token_families.id)`,
  );
  let lastPurgeMs = -Infinity;
  const PURGE_EVERY_MS = 10 * 60_000;

  function purge(nowMs: number): void {
    if (nowMs - lastPurgeMs < PURGE_EVERY_MS) return;
    lastPurgeMs = nowMs;
    const horizon = nowMs - LIMITS.refreshTokenSeconds * 1000;
    purgeTokens.run(horizon);
    purgeFamilies.run(horizon);
  }

  // Revocation is checked on every authenticated request; a short TTL bounds how long another process's
  // revocation can go unnoticed, while this process updates the cache itself when it revokes.
  const revokedCache = new LRUCache<string, boolean>({ max: 50_000, ttl: 30_000 });

  function isRevoked(familyId: string): boolean {
    const cached = revokedCache.get(familyId);
    if (cached !== undefined) return cached;
    const revoked = familyRevoked.get(familyId);
    // An unknown family (e.g. the database was reset) counts as revoked.
    const value = revoked === undefined ? true : revoked === 1;
    revokedCache.set(familyId, value);
    return value;
  }

  // Access tokens whose signature and claims verified, by their exact text (see verifyAccessToken).
  const verifiedCache = new LRUCache<string, { claims: AccessTokenClaims; exp: number }>({ max: 10_000 });

  async function issue(clientId: string, familyId: string): Promise<IssuedTokens> {
    const nowMs = clock();
    const nowSeconds = Math.floor(nowMs / 1000);
    const accessToken = await new SignJWT({ fid: familyId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setIssuer(ISSUER)
      .setSubject(clientId)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + LIMITS.accessTokenSeconds)
      .setJti(randomUUID())
      .sign(key);
    const refreshToken = randomBytes(32).toString('base64url');
    insertRefresh.run(sha256(refreshToken), familyId, nowMs, nowMs + LIMITS.refreshTokenSeconds * 1000);
    return { accessToken, expiresIn: LIMITS.accessTokenSeconds, tokenType: 'Bearer', refreshToken };
  }

  function revokeFamily(familyId: string): void {
    revoke.run(clock(), familyId);
    revokedCache.set(familyId, true);
  }

  return {
    async issueForClient(clientId) {
      const familyId = randomUUID();
      const nowMs = clock();
      insertFamily.run(familyId, clientId, nowMs);
      purge(nowMs);
      return issue(clientId, familyId);
    },

    async refresh(refreshToken) {
      const hash = sha256(refreshToken);
      const row = findRefresh.get(hash) as
        | {
            family_id: string;
            expires_ms: number;
            used_ms: number | null;
            client_id: string;
            revoked_ms: number | null;
          }
        | undefined;
      if (!row || row.revoked_ms !== null) return null;
      if (row.used_ms !== null) {
        // Reuse means two parties hold this chain's tokens: end the chain for both.
        revokeFamily(row.family_id);
        return null;
      }
      const nowMs = clock();
      if (row.expires_ms <= nowMs) return null;
      if (!isClientActive(db, row.client_id)) return null;
      // better-sqlite3 is synchronous, but the guard keeps single use even if this ever runs concurrently.
      if (markUsed.run(nowMs, hash).changes !== 1) {
        revokeFamily(row.family_id);
        return null;
      }
      return issue(row.client_id, row.family_id);
    },

    async verifyAccessToken(token) {
      // A token verified before needs only its expiry and its family's revocation checked again: jose's verify
      // (WebCrypto HMAC, key import, claim parsing) was a measured part of every small request's fixed cost.
      const known = verifiedCache.get(token);
      if (known !== undefined) {
        if (Math.floor(clock() / 1000) >= known.exp) return 'expired';
        if (isRevoked(known.claims.familyId)) return 'invalid';
        return known.claims;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          typ: ACCESS_TOKEN_TYPE,
          issuer: ISSUER,
          currentDate: new Date(clock()),
          requiredClaims: ['sub', 'exp', 'fid'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.fid !== 'string') return 'invalid';
        const claims = { clientId: payload.sub, familyId: payload.fid };
        // requiredClaims guarantees a numeric exp once verified.
        verifiedCache.set(token, { claims, exp: payload.exp! });
        if (isRevoked(payload.fid)) return 'invalid';
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return 'expired';
        return 'invalid';
      }
    },

    revokeFamily,
  };
}
