import 'server-only';
import { EnvError } from '@/lib/env';
import { CACHE_POLICIES, NO_STORE, type CachePolicy } from '@/lib/http/cache';
import { problemResponse } from '@/lib/http/problem';
import {
  adoptTokenCookie,
  getPartner,
  PartnerError,
  requestTokenCookie,
  tokenCookieUpdate,
  type PartnerOperation,
} from '@/lib/partner';
import { InputError } from './query';
import { visitorLimitResponse } from './visitor-limit';

/** Maps any failure of a route handler to a problem response: never a stack, a token or an upstream URL. */
export function errorResponse(error: unknown): Response {
  if (error instanceof InputError) {
    return problemResponse({ status: 400, detail: 'Invalid request parameters.', errors: error.issues });
  }
  if (error instanceof PartnerError) {
    const { status, retryAfter, upstreamDetail } = error.details;
    const retryHeaders: Record<string, string> | undefined = retryAfter ? { 'Retry-After': retryAfter } : undefined;
    switch (error.kind) {
      case 'timeout':
        console.error(`[api] ${error.message}`);
        return problemResponse({ status: 504, detail: 'The event data service did not answer in time.' });
      case 'unreachable':
        console.error(`[api] ${error.message}`);
        return problemResponse({ status: 502, detail: 'The event data service is unreachable.' });
      case 'invalid-response':
        console.error(`[api] ${error.message}`);
        return problemResponse({ status: 502, detail: 'The event data service sent an unexpected answer.' });
      case 'aborted':
        // The browser went away (e.g. the map moved on); nobody reads this answer.
        return problemResponse({ status: 499, detail: 'The request was abandoned by the client.' });
      case 'backoff':
        // A login failed moments ago; this process waits before the next one rather than storming the service.
        return problemResponse({
          status: 503,
          detail: 'The event data service is temporarily unavailable; retry shortly.',
          headers: retryHeaders,
        });
      case 'auth':
        console.error(`[api] ${error.message}`);
        return problemResponse({
          status: 502,
          detail: 'This server could not authenticate with the event data service.',
        });
      case 'http':
        if (status === 429) {
          return problemResponse({ status: 429, detail: 'Too many requests; retry later.', headers: retryHeaders });
        }
        // The user's request reached a state the upstream refuses (404 unknown id, 400 out of range, 410…).
        if (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403) {
          return problemResponse({ status, detail: upstreamDetail });
        }
        console.error(`[api] ${error.message}`);
        return problemResponse({
          status: 502,
          detail: 'The event data service failed to answer this request.',
          headers: retryHeaders,
        });
    }
  }
  if (error instanceof EnvError) {
    // Names the offending keys, never their values.
    console.error(`[api] ${error.message}`);
    return problemResponse({ status: 500, detail: 'The server is misconfigured.' });
  }
  console.error('[api] unexpected error', error); // server log only; the client gets a generic problem
  return problemResponse({ status: 500, detail: 'Unexpected error.' });
}

/**
 * Runs a Partner API operation for a route handler, within the visitor's fair share (lib/api/visitor-limit.ts), and
 * passes the upstream JSON through untouched (validated first when validation is on), with the route's cache
 * policy. Reuses and refreshes the sealed token cookie.
 */
export async function proxy(
  request: Request,
  policy: CachePolicy,
  operation: () => PartnerOperation,
): Promise<Response> {
  try {
    // Before any work: a visitor over its share costs neither a parse nor an upstream call.
    const limited = visitorLimitResponse(request);
    if (limited) return limited;
    const op = operation();
    const partner = getPartner();
    const cookieValue = requestTokenCookie(request);
    await adoptTokenCookie(partner, cookieValue);
    const upstream = await partner.client.raw(op, request.signal);
    const headers = new Headers({
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': CACHE_POLICIES[policy],
    });
    const setCookie = await tokenCookieUpdate(partner, cookieValue);
    if (setCookie) {
      // A shared cache must never store (and replay to others) a response that sets a cookie.
      headers.set('Set-Cookie', setCookie);
      headers.set('Cache-Control', NO_STORE);
    }
    return new Response(upstream.bytes, { status: 200, headers });
  } catch (error) {
    return errorResponse(error);
  }
}
