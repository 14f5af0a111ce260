import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { LIMITS } from '@/lib/contract';
import type { Clock } from '../clock';
import type { AuthStore } from '../store/port';
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
  revokeFamily(familyId: string): Promise<void>;
}

/** How long a family seen valid is trusted before the store is asked again (ms). */
export const REVOCATION_RECHECK_MS = 1_000;

/** What the store keeps of a refresh token: its SHA-256, so a leaked database holds no usable token. */
export function refreshTokenHash(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('base64url');
}

/** Creates the token service over the store's auth part. `key` is the HS256 key of access tokens. */
export function createTokenService({
  auth,
  clock,
  key,
}: {
  auth: AuthStore;
  clock: Clock;
  key: Uint8Array;
}): TokenService {
  let lastPurgeMs = -Infinity;
  const PURGE_EVERY_MS = 10 * 60_000;

  // Expired refresh tokens are kept a further 7 days, so reuse just after expiry is still recognised as reuse.
  async function purge(nowMs: number): Promise<void> {
    if (nowMs - lastPurgeMs < PURGE_EVERY_MS) return;
    lastPurgeMs = nowMs;
    await auth.purgeTokens(nowMs - LIMITS.refreshTokenSeconds * 1000);
  }

  // Revocation is checked on every authenticated request. A revoked family is remembered; a valid one is asked again
  // after a second, which bounds how long a revocation made by another replica goes unnoticed here (this process
  // updates the cache itself when it revokes).
  const revokedCache = new LRUCache<string, boolean>({ max: 50_000, ttl: REVOCATION_RECHECK_MS });

  async function isRevoked(familyId: string): Promise<boolean> {
    const cached = revokedCache.get(familyId);
    if (cached !== undefined) return cached;
    const revoked = await auth.isFamilyRevoked(familyId);
    // An unknown family (e.g. the database was reset) counts as revoked.
    const value = revoked ?? true;
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
    await auth.insertRefreshToken(
      refreshTokenHash(refreshToken),
      familyId,
      nowMs,
      nowMs + LIMITS.refreshTokenSeconds * 1000,
    );
    return { accessToken, expiresIn: LIMITS.accessTokenSeconds, tokenType: 'Bearer', refreshToken };
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await auth.revokeFamily(familyId, clock());
    revokedCache.set(familyId, true);
  }

  return {
    async issueForClient(clientId) {
      const familyId = randomUUID();
      const nowMs = clock();
      await auth.createFamily(familyId, clientId, nowMs);
      await purge(nowMs);
      return issue(clientId, familyId);
    },

    async refresh(refreshToken) {
      const hash = refreshTokenHash(refreshToken);
      const row = await auth.findRefreshToken(hash);
      if (!row || row.revokedMs !== null) return null;
      if (row.usedMs !== null) {
        // Reuse means two parties hold this chain's tokens: end the chain for both.
        await revokeFamily(row.familyId);
        return null;
      }
      const nowMs = clock();
      if (row.expiresMs <= nowMs) return null;
      if (!(await isClientActive(auth, row.clientId))) return null;
      // Two redeems of one token may race (two replicas, or two requests here): only one marks it used.
      if (!(await auth.markRefreshTokenUsed(hash, nowMs))) {
        await revokeFamily(row.familyId);
        return null;
      }
      return issue(row.clientId, row.familyId);
    },

    async verifyAccessToken(token) {
      // A token verified before needs only its expiry and its family's revocation checked again: jose's verify
      // (WebCrypto HMAC, key import, claim parsing) was a measured part of every small request's fixed cost.
      const known = verifiedCache.get(token);
      if (known !== undefined) {
        if (Math.floor(clock() / 1000) >= known.exp) return 'expired';
        if (await isRevoked(known.claims.familyId)) return 'invalid';
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
        if (await isRevoked(payload.fid)) return 'invalid';
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) return 'expired';
        return 'invalid';
      }
    },

    revokeFamily,
  };
}
