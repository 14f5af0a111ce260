import 'server-only';
import { LRUCache } from 'lru-cache';
import { getEnv } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER, clientAddress } from '@/lib/http/client-address';
import { problemResponse } from '@/lib/http/problem';
import { countVisitorThrottled } from '@/lib/observability/web-metrics';

export interface TokenBucketOptions {
  /** Tokens added per second (the sustained rate). */
  ratePerSecond: number;
  /** Bucket size: the burst a quiet visitor may send at once. */
  burst: number;
  /** Most addresses tracked at once; the least recently seen go first (a full bucket is the same as none). */
  maxKeys?: number;
  now?: () => number;
}

/**
 * One token bucket per key, in a bounded LRU. Each request takes a token; tokens come back at `ratePerSecond` up to
 * `burst`. A key that sends faster than the rate runs dry and is refused until its bucket refills, while every other
 * key keeps its own full share.
 */
export class TokenBucketLimiter {
  private readonly buckets: LRUCache<string, { tokens: number; at: number }>;
  private readonly now: () => number;

  constructor(private readonly options: TokenBucketOptions) {
    this.buckets = new LRUCache({ max: options.maxKeys ?? 100_000 });
    this.now = options.now ?? (() => performance.now());
  }

  /** Takes a token for `key`: 0 when allowed, otherwise the seconds until one is available (at least 1). */
  take(key: string): number {
    const { ratePerSecond, burst } = this.options;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    const tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      return 0;
    }
    this.buckets.set(key, { tokens, at: now });
    return Math.max(1, Math.ceil((1 - tokens) / ratePerSecond));
  }
}

// Kept on globalThis so that route bundles and dev-mode reloads share one set of buckets.
const holder = globalThis as typeof globalThis & { __eventmapVisitorLimiter?: TokenBucketLimiter };

function limiter(): TokenBucketLimiter {
  holder.__eventmapVisitorLimiter ??= new TokenBucketLimiter(getEnv().visitorApiLimit);
  return holder.__eventmapVisitorLimiter;
}

/** Replaces (or, with undefined, resets) the process-wide visitor limiter. For tests only. */
export function setVisitorLimiterForTesting(value: TokenBucketLimiter | undefined): void {
  holder.__eventmapVisitorLimiter = value;
}

/**
 * The key of the visitor behind a request. The web server (scripts/web-server.ts) sets CLIENT_ADDRESS_HEADER from
 * the socket (or the trusted proxy's X-Forwarded-For) and replaces any value a client sent. Under `next dev` or a
 * bare `next start` that header is missing and Next's own X-Forwarded-For (the socket address unless the client
 * sent one) is the best available key.
 */
export function visitorKey(request: Request): string {
  const set = request.headers.get(CLIENT_ADDRESS_HEADER);
  if (set) return set;
  return clientAddress(undefined, request.headers.get('x-forwarded-for') ?? undefined, true);
}

/** A 429 problem when the visitor has used up its share of `/api/*`, otherwise undefined. */
export function visitorLimitResponse(request: Request): Response | undefined {
  const retryAfter = limiter().take(visitorKey(request));
  if (retryAfter === 0) return undefined;
  countVisitorThrottled();
  return problemResponse({
    status: 429,
    detail: 'Too many requests from this address; retry shortly.',
    headers: { 'Retry-After': String(retryAfter) },
  });
}
