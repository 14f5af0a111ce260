import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Counts failed logins in one-minute windows (a window starts at a key's first failure). Only failures count: a
 * client id is public, so a limit that counted every attempt would let anyone who knows it lock its holder out (ten
 * wrong secrets a minute were enough). With several replicas, the counters are shared (partner-api/limits/
 * shared-limits.ts) so a guesser cannot multiply its allowance by spreading over replicas.
 */
export interface FailureCounter {
  /** Failures of `key` in the current window. */
  count(key: string): Promise<number>;
  /** Whole seconds until the window of `key` ends (at least 1). */
  secondsLeft(key: string): Promise<number>;
  /** Records one failure; returns the window's count including it. */
  record(key: string): Promise<number>;
}

/** How an attempt ended, for the throttle: only failures count. */
export type AttemptOutcome = 'succeeded' | 'failed' | 'not-counted';

/** Why an attempt may not start: its key has used its allowance, or waited too long for a turn. */
export class AttemptRefused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('login attempt refused');
  }
}

/** Longest wait for a turn: beyond it the attempt is refused (429, Retry-After 1) rather than held. */
export const MAX_TURN_WAIT_MS = 10_000;
/** Attempts of one key waiting for a turn at most (more are refused at once: memory stays bounded). */
export const MAX_WAITING_PER_KEY = 1_000;

/**
 * Lets a key's login attempts run while they cannot exceed its failure allowance: with `failures` recorded in the
 * window, at most `allowance − failures` attempts are checked at once, and further ones wait (bounded) for one of
 * them to end. An attempt in flight is not a failure — 50 concurrent correct logins all succeed, each in its turn —
 * yet concurrent wrong guesses cannot all pass the check before the first of them is counted: the allowance holds
 * exactly within one process. Replicas share the failure counts (Redis), each gates its own attempts in flight.
 */
export class AttemptGate {
  private readonly keys = new Map<string, { running: number; waiting: Set<() => void> }>();

  constructor(
    private readonly failures: FailureCounter,
    private readonly allowance: () => number,
  ) {}

  /**
   * Waits for a turn for an attempt of `key`; resolves to the function that ends it (call it once, with how it
   * ended), or throws AttemptRefused.
   */
  async enter(key: string): Promise<(outcome: AttemptOutcome) => Promise<void>> {
    const deadline = performance.now() + MAX_TURN_WAIT_MS;
    for (;;) {
      const failed = await this.failures.count(key);
      if (failed >= this.allowance()) throw new AttemptRefused(await this.failures.secondsLeft(key));
      const state = this.keys.get(key) ?? { running: 0, waiting: new Set<() => void>() };
      this.keys.set(key, state);
      if (state.running < this.allowance() - failed) {
        state.running += 1;
        return this.exit(key, state);
      }
      const left = deadline - performance.now();
      if (left <= 0 || state.waiting.size >= MAX_WAITING_PER_KEY) throw new AttemptRefused(1);
      // Woken when an attempt of this key ends (then the allowance is checked again), or at the deadline.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, left);
        function wake() {
          clearTimeout(timer);
          state.waiting.delete(wake);
          resolve();
        }
        state.waiting.add(wake);
      });
    }
  }

  private exit(key: string, state: { running: number; waiting: Set<() => void> }) {
    let done = false;
    return async (outcome: AttemptOutcome): Promise<void> => {
      if (done) return;
      done = true;
      try {
        // Recorded before the waiting attempts look again, so they see it.
        if (outcome === 'failed') await this.failures.record(key);
      } finally {
        state.running -= 1;
        for (const wake of [...state.waiting]) wake();
        if (state.running === 0 && state.waiting.size === 0 && this.keys.get(key) === state) this.keys.delete(key);
      }
    };
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
