import 'server-only';
import { getEnv } from '@/lib/env';
import { problemResponse } from '@/lib/http/problem';
import { exchange, ExchangeError } from './http-exchange';
import { publicRedirectTarget, type PublicLinkPrefix } from './public-links';

/*
 * Answers `/images/*`, `/r/*` and `/e/*` on the web app's origin by forwarding them to the Partner API, so the links
 * lib/partner/public-links.ts rewrote work from any device that reaches the app. Not an open proxy: the upstream is
 * always PARTNER_API_URL, only these three public, token-less routes of the service are forwarded, each with a fixed
 * number of path segments of a fixed alphabet, and only GET (HEAD follows from it). No cookie or credential of the
 * visitor is forwarded, and only an allowlist of response headers comes back.
 */

/** Segments per prefix: `/images/<kind>/<file>`, `/r/<token>`, `/e/<serviceId>`. */
const SEGMENTS: Record<PublicLinkPrefix, number> = { images: 2, r: 1, e: 1 };
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,299}$/;
const REQUEST_HEADERS = ['accept', 'user-agent', 'if-none-match', 'if-modified-since'];
const RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'content-security-policy',
  'x-content-type-options',
  'retry-after',
];

/** The upstream URL of a public link path, or null when the path is not one the service serves publicly. */
export function publicLinkUpstream(baseUrl: string, prefix: PublicLinkPrefix, segments: string[]): URL | null {
  if (segments.length !== SEGMENTS[prefix] || !segments.every((segment) => SEGMENT.test(segment))) return null;
  return new URL(`${baseUrl}/${prefix}/${segments.join('/')}`);
}

/** Forwards one public link request to the Partner API (see above); 404 when links are not served through the app. */
export async function forwardPublicLink(
  request: Request,
  prefix: PublicLinkPrefix,
  segments: string[],
): Promise<Response> {
  const env = getEnv();
  const url = env.partnerLinksOrigin ? publicLinkUpstream(env.partnerApiUrl, prefix, segments) : null;
  if (!env.partnerLinksOrigin || !url) return problemResponse({ status: 404, detail: 'No such link.' });

  const headers: Record<string, string> = {};
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  // The click limit per IP of `/r/` needs the visitor's address: the last hop's, the one the app's own TLS
  // terminator (or Next.js, without one) wrote; earlier entries are whatever the visitor sent.
  const forwardedFor = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  let answer;
  try {
    answer = await exchange({
      url,
      method: 'GET',
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(env.partnerTimeoutMs)]),
    });
  } catch (error) {
    if (error instanceof ExchangeError && error.code === 'ABORT_ERR' && request.signal.aborted) {
      return problemResponse({ status: 499 });
    }
    // The code tells a refused connection from a timeout. Only the prefix: a tracked link's token stays out of logs.
    const code = error instanceof ExchangeError ? error.code : 'unexpected error';
    console.warn(`[links] /${prefix}/…: the Partner API did not answer (${code})`);
    return problemResponse({ status: 502, detail: 'The event service did not answer.' });
  }

  const out = new Headers();
  for (const name of RESPONSE_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  const location = answer.headers.get('location');
  if (location !== null) out.set('location', publicRedirectTarget(location, env.partnerLinksOrigin));
  const empty = answer.status === 304 || request.method === 'HEAD';
  return new Response(empty ? null : answer.bytes, { status: answer.status, headers: out });
}
