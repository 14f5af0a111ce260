import 'server-only';
import { NO_STORE } from '@/lib/http/cache';
import { getPartner, PartnerError, partnerOperations } from '@/lib/partner';

/** A readiness answer is reused this long: probes from several balancers must not become upstream load. */
const READY_CACHE_MS = 2_000;

interface Readiness {
  ready: boolean;
  /** Why not, in words safe to show (no URL, token or secret). */
  reason?: string;
  retryAfter?: string;
}

const holder = globalThis as typeof globalThis & {
  __eventmapReadiness?: { startedAt: number; result: Promise<Readiness> };
};

function reasonOf(error: unknown): { reason: string; retryAfter?: string } {
  if (!(error instanceof PartnerError)) return { reason: 'unexpected error' };
  switch (error.kind) {
    case 'backoff':
      return { reason: 'login to the Partner API failed recently; backing off', retryAfter: error.details.retryAfter };
    case 'auth':
      return { reason: 'the Partner API refused this server’s client credentials' };
    case 'timeout':
      return { reason: 'the Partner API did not answer in time' };
    case 'unreachable':
      return { reason: 'the Partner API is unreachable' };
    case 'invalid-response':
      return { reason: 'the Partner API sent an unexpected answer' };
    default:
      return { reason: `the Partner API answered ${error.status ?? 'an error'}`, retryAfter: error.details.retryAfter };
  }
}

async function check(): Promise<Readiness> {
  try {
    // One small authenticated query: proves the upstream answers and this server holds (or can get) a token.
    await getPartner().client.raw(partnerOperations.getEvents({ limit: 1 }));
    return { ready: true };
  } catch (error) {
    return { ready: false, ...reasonOf(error) };
  }
}

/**
 * `GET /api/ready`: whether this web server can serve data — its Partner API answers an authenticated query. For
 * load balancers and orchestrators (`/` answers even when the upstream is down, so it is a liveness check only).
 * Not subject to the visitor limit; answers are shared for 2 s.
 */
export async function readiness(): Promise<Response> {
  const now = Date.now();
  let cached = holder.__eventmapReadiness;
  if (!cached || now - cached.startedAt >= READY_CACHE_MS || now < cached.startedAt) {
    cached = { startedAt: now, result: check() };
    holder.__eventmapReadiness = cached;
  }
  const result = await cached.result;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Cache-Control': NO_STORE };
  if (!result.ready) headers['Retry-After'] = result.retryAfter ?? '5';
  const body = result.ready ? { status: 'ready' } : { status: 'unavailable', reason: result.reason };
  return new Response(JSON.stringify(body), { status: result.ready ? 200 : 503, headers });
}
