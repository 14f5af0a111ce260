import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { FailureCounter } from '../auth/login-throttle';
import type { Clock } from '../clock';

/** Keys of every counter this service keeps in Redis start with it (one Redis may serve other things too). */
export const REDIS_KEY_PREFIX = 'eventmap:partner-api:';

/**
 * Longest wait for one Redis command. A Redis that answers slowly (swapping, a long `KEYS`, a saturated network)
 * must not slow every request down with it: past this, the command is abandoned and the request is counted in
 * this process instead.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** The failed-login window (docs/reliability.md §1). */
const FAILURE_WINDOW_MS = 60_000;

/** One counting window of a key: hits so far and milliseconds until it ends. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

/**
 * Fixed-window counters: a key's window starts at its first hit and lasts `windowMs`. The API rate limits and the
 * login throttle both count with it.
 */
export interface WindowCounter {
  /** Adds one hit to `key`; returns its window's count including it. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The window of `key` as it stands (count 0 when none is running). */
  peek(key: string): Promise<WindowCount>;
}

/** Counters of this process alone, in a bounded LRU (an evicted key merely starts a fresh window). */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new LRUCache<string, { count: number; resetAt: number }>({ max: 100_000 });

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.clock();
    const entry = this.windows.get(key);
    if (entry && now < entry.resetAt) {
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.resetAt - now };
    }
    this.windows.set(key, { count: 1, resetAt: now + windowMs });
    return { count: 1, ttlMs: windowMs };
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.clock();
    const entry = this.windows.get(key);
    return entry && now < entry.resetAt ? { count: entry.count, ttlMs: entry.resetAt - now } : { count: 0, ttlMs: 0 };
  }
}

/** INCR, and start the window's expiry on the first hit: one atomic step. Returns {count, ms left}. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** Counters in Redis, shared by every replica; windows expire by Redis's clock. */
export class RedisWindowCounter implements WindowCounter {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttlMs] = (await this.redis.eval(HIT_SCRIPT, 1, REDIS_KEY_PREFIX + key, windowMs)) as [number, number];
    return { count: Number(count), ttlMs: Math.max(0, Number(ttlMs)) };
  }

  async peek(key: string): Promise<WindowCount> {
    const [count, ttlMs] = await Promise.all([
      this.redis.get(REDIS_KEY_PREFIX + key),
      this.redis.pttl(REDIS_KEY_PREFIX + key),
    ]);
    return { count: Number(count ?? 0), ttlMs: Math.max(0, ttlMs) };
  }
}

/**
 * Redis while it answers, this process's counters while it does not: a Redis outage (or a Redis slower than
 * {@link REDIS_COMMAND_TIMEOUT_MS}) degrades the limits to per-process ones — each replica then allows the whole
 * allowance — instead of taking the API down or letting everything through. The switch each way is logged once;
 * a disconnected Redis is not even asked (no wait), and the shared counters are used again as soon as it is back.
 */
export class FallbackWindowCounter implements WindowCounter {
  private degraded = false;
  private switches = 0;

  constructor(
    private readonly redis: Redis,
    private readonly shared: WindowCounter,
    private readonly local: WindowCounter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Whether the last command went to this process's counters. */
  get isDegraded(): boolean {
    return this.degraded;
  }

  /** The limits' state for the metrics (read at a scrape): see {@link LimitsStatus}. */
  status(): LimitsStatus {
    // A connection that dropped says so at once, before any request meets it.
    return { fallback: this.degraded || this.redis.status !== 'ready', fallbacks: this.switches };
  }

  private async either<T>(operation: (counter: WindowCounter) => Promise<T>): Promise<T> {
    if (this.redis.status === 'ready') {
      try {
        const result = await operation(this.shared);
        if (this.degraded) {
          this.degraded = false;
          this.log.info('limits store (Redis) answering again: limits are shared by the replicas again');
        }
        return result;
      } catch (error) {
        this.degrade(error);
      }
    } else {
      this.degrade(new Error(`Redis connection is ${this.redis.status}`));
    }
    return operation(this.local);
  }

  private degrade(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.switches += 1;
    this.log.warn(
      { err: error },
      'limits store (Redis) unavailable or slow: counting limits in this process until it answers again',
    );
  }

  hit(key: string, windowMs: number): Promise<WindowCount> {
    return this.either((counter) => counter.hit(key, windowMs));
  }

  peek(key: string): Promise<WindowCount> {
    return this.either((counter) => counter.peek(key));
  }
}

/** The login throttle's failure counter over window counters, under `purpose:` keys. */
export function windowFailureCounter(counter: WindowCounter, purpose: string): FailureCounter {
  const keyOf = (key: string) => `${purpose}:${key}`;
  return {
    count: async (key) => (await counter.peek(keyOf(key))).count,
    secondsLeft: async (key) => Math.max(1, Math.ceil((await counter.peek(keyOf(key))).ttlMs / 1000)),
    record: async (key) => (await counter.hit(keyOf(key), FAILURE_WINDOW_MS)).count,
  };
}

/** A @fastify/rate-limit store over a window counter (keys under `rate:`, then the route when per route). */
function rateLimitStoreOver(counter: WindowCounter): FastifyRateLimitStoreCtor {
  const storeAt = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counter.hit(prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    child: (routeOptions) => {
      // Per-route limits (`config.rateLimit`) count apart; `createRateLimit` limiters have no route and key by
      // their own key generators.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return storeAt(route?.url ? `${prefix}${String(route.method)}${route.url}-` : prefix);
    },
  });
  return class {
    constructor() {
      return storeAt('rate:');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * `fallback`: Redis is configured but away or slow, so the limits count in this process (false when they are shared,
 * and when no Redis is configured: per-process limits are then the configuration, not a fault). `fallbacks`: how many
 * times this process has switched to its own counting since it started (each switch is logged once, as a warning).
 */
export interface LimitsStatus {
  fallback: boolean;
  fallbacks: number;
}

/**
 * Where the service's limits count: in this process, or in Redis (PARTNER_API_REDIS_URL) so that every replica
 * counts against the same allowance — the API rate limits and the login throttle alike. Redis trouble never takes
 * the API down: while Redis is away or slow, limits count in this process (FallbackWindowCounter).
 */
export interface LimitsStore {
  /** The store class for @fastify/rate-limit's `store` option. */
  readonly rateLimitStore: FastifyRateLimitStoreCtor;
  /** Whether the limits count in this process for want of Redis (the metrics read it at each scrape). */
  status(): LimitsStatus;
  /** A failure counter for one purpose (`login-ip`, `login-client`). */
  readonly failureCounter: (purpose: string) => FailureCounter;
  close(): Promise<void>;
}

export async function openLimitsStore(options: {
  redisUrl: string | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<LimitsStore> {
  const local = new MemoryWindowCounter(options.clock);
  if (options.redisUrl === undefined) {
    return {
      rateLimitStore: rateLimitStoreOver(local),
      status: () => ({ fallback: false, fallbacks: 0 }),
      failureCounter: (purpose) => windowFailureCounter(local, purpose),
      close: async () => {},
    };
  }
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    // A command while disconnected fails at once (the counters fall back to this process) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every 2 s: the shared limits come back by themselves.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  // Connection errors are reported by the counter's switch to local counting (once), not on every retry.
  redis.on('error', () => undefined);
  // A wrong URL or a Redis that is down at start is a configuration error the operator must see at once.
  await redis.connect();
  const counter = new FallbackWindowCounter(redis, new RedisWindowCounter(redis), local, options.log);
  return {
    rateLimitStore: rateLimitStoreOver(counter),
    status: () => counter.status(),
    failureCounter: (purpose) => windowFailureCounter(counter, purpose),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
