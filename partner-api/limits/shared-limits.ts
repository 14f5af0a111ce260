import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryFailureCounter, type FailureCounter } from '../auth/login-throttle';
import type { Clock } from '../clock';

/** Keys of every counter this service keeps in Redis start with it (one Redis may serve other things too). */
export const REDIS_KEY_PREFIX = 'eventmap:partner-api:';

/**
 * Where the service's limits count: in this process, or in Redis (PARTNER_API_REDIS_URL) so that every replica
 * counts against the same allowance — the API rate limits (@fastify/rate-limit's Redis store) and the login
 * throttle alike. Redis trouble never takes the API down: limits then let requests through and the error is logged
 * (a full outage of the limits store is an operator's alert, not every client's 500).
 */
export interface LimitsStore {
  /** The Redis client for @fastify/rate-limit, or undefined to count in this process. */
  readonly redis: Redis | undefined;
  /** A failure counter for one purpose (`login-ip`, `login-client`). */
  readonly failureCounter: (purpose: string) => FailureCounter;
  close(): Promise<void>;
}

export async function openLimitsStore(options: {
  redisUrl: string | undefined;
  clock: Clock;
  log: FastifyBaseLogger;
}): Promise<LimitsStore> {
  if (options.redisUrl === undefined) {
    return {
      redis: undefined,
      failureCounter: () => new MemoryFailureCounter(options.clock),
      close: async () => {},
    };
  }
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    // Fail a command fast while Redis is away instead of queueing requests behind it.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    options.log.error({ err: error }, 'limits store (Redis) unreachable: limits let requests through until it is back');
  });
  redis.on('ready', () => {
    if (reported) options.log.info('limits store (Redis) reachable again');
    reported = false;
  });
  // A wrong URL or a Redis that is down at start is a configuration error the operator must see at once.
  await redis.connect();
  return {
    redis,
    failureCounter: (purpose) => new RedisFailureCounter(redis, `${REDIS_KEY_PREFIX}${purpose}:`, options.log),
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const WINDOW_MS = 60_000;

/** INCR, and start the window's expiry on the first failure: one atomic step. */
const RECORD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** DECR, never below zero. */
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Failure counters in Redis, shared by every replica; windows expire by Redis's clock. */
export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async safely<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      this.log.warn({ err: error }, 'login throttle: Redis command failed; not counting');
      return fallback;
    }
  }

  count(key: string): Promise<number> {
    return this.safely(async () => Number((await this.redis.get(this.prefix + key)) ?? 0), 0);
  }

  secondsLeft(key: string): Promise<number> {
    return this.safely(async () => Math.max(1, Math.ceil((await this.redis.pttl(this.prefix + key)) / 1000)), 1);
  }

  async forgive(key: string): Promise<void> {
    await this.safely(() => this.redis.eval(FORGIVE_SCRIPT, 1, this.prefix + key), 0);
  }

  record(key: string): Promise<number> {
    return this.safely(async () => Number(await this.redis.eval(RECORD_SCRIPT, 1, this.prefix + key, WINDOW_MS)), 0);
  }
}
