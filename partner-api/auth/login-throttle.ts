import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../clock';

/**
 * Counts failed logins in one-minute windows (a window starts at a key's first failure). Only failures count: a
 * client id is public, so a limit that counted every attempt would let anyone who knows it lock its holder out (ten
 * wrong secrets a minute were enough). With several replicas, the counters are shared (RedisFailureCounter,
 * partner-api/limits/redis-limits.ts) so a guesser cannot multiply its allowance by spreading over replicas.
 */
export interface FailureCounter {
  /** Failures of `key` in the current window. */
  count(key: string): Promise<number>;
  /** Whole seconds until the window of `key` ends (at least 1). */
  secondsLeft(key: string): Promise<number>;
  /** Takes back one recorded failure (an attempt counted up front that then succeeded). */
  forgive(key: string): Promise<void>;
  /** Records one failure; returns the window's count including it. */
  record(key: string): Promise<number>;
}

/**
 * Failure counters of this process alone, in a bounded LRU, so a flood of distinct keys cannot grow memory without
 * bound; an evicted key merely starts a fresh window.
 */
export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new LRUCache<string, { count: number; resetAt: number }>({ max: 100_000 });

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = 60_000,
  ) {}

  async count(key: string): Promise<number> {
    const entry = this.windows.get(key);
    return entry && this.clock() < entry.resetAt ? entry.count : 0;
  }

  async secondsLeft(key: string): Promise<number> {
    const entry = this.windows.get(key);
    return Math.max(1, Math.ceil(((entry?.resetAt ?? 0) - this.clock()) / 1000));
  }

  async forgive(key: string): Promise<void> {
    const entry = this.windows.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async record(key: string): Promise<number> {
    const now = this.clock();
    const entry = this.windows.get(key);
    if (entry && now < entry.resetAt) {
      entry.count += 1;
      return entry.count;
    }
    this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
    return 1;
  }
}

/** Longest delay added to a failed login's answer. */
export const MAX_FAILURE_DELAY_MS = 1_000;

/**
 * Delay before answering a failed secret grant, growing with the client id's failures beyond its allowance:
 * a guesser that waits for each answer is slowed to about one guess a second, while the holder of the secret,
 * whose correct login is never delayed or refused, does not notice.
 */
export function failureDelayMs(failures: number, allowance: number): number {
  const excess = failures - allowance;
  if (excess <= 0) return 0;
  return Math.min(MAX_FAILURE_DELAY_MS, 50 * 2 ** Math.min(excess - 1, 10));
}

export async function delayFailure(ms: number): Promise<void> {
  if (ms > 0) await sleep(ms);
}
