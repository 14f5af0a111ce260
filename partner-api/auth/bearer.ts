import type { FastifyRequest } from 'fastify';
import { ProblemError } from '../http/problem';
import type { TokenService } from './tokens';

export const REALM = 'partner-api';
/** Challenge when no bearer credentials were sent (RFC 6750 §3.1: no error code). */
export const CHALLENGE_MISSING = `Bearer realm="${REALM}"`;
/** Challenge for a token that is malformed, tampered with, expired or revoked. */
export const CHALLENGE_INVALID = `Bearer realm="${REALM}", error="invalid_token"`;

// The scheme is case-insensitive (RFC 9110 §11.1); the token is one b64token.
const BEARER = /^bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i;
const BEARER_SCHEME = /^bearer(?:[ \t]|$)/i;

/**
 * Authenticates a request by its `Authorization: Bearer` header and sets `request.clientId`; otherwise throws the
 * exact 401 problem of docs/design.md §4.1.
 */
export async function authenticate(request: FastifyRequest, tokens: TokenService): Promise<void> {
  const header = request.headers.authorization;
  if (header === undefined || !BEARER_SCHEME.test(header)) {
    throw new ProblemError(401, 'A bearer access token is required (Authorization: Bearer <accessToken>).', undefined, {
      'www-authenticate': CHALLENGE_MISSING,
    });
  }
  const token = BEARER.exec(header)?.[1];
  const result = token ? await tokens.verifyAccessToken(token) : 'invalid';
  if (typeof result === 'string') {
    throw new ProblemError(
      401,
      result === 'expired' ? 'The access token has expired.' : 'The access token is invalid.',
      undefined,
      { 'www-authenticate': CHALLENGE_INVALID },
    );
  }
  request.clientId = result.clientId;
}
