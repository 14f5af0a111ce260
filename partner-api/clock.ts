/** Milliseconds since the epoch; injected so tests can move time (token expiry, live window, sync). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A clock for tests that only moves when told to. */
export function manualClock(startMs: number): Clock & { advance(ms: number): void; set(ms: number): void } {
  let now = startMs;
  const clock = (() => now) as Clock & { advance(ms: number): void; set(ms: number): void };
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

/**
 * A clock that reads `startMs` when created and runs from there at the real pace (PARTNER_API_CLOCK_START): tokens
 * still expire and live windows still move, but a run's "now" no longer depends on the day. Elapsed time comes from
 * the monotonic `performance.now()`, so moving the machine's date (faketime, NTP) does not move it.
 */
export function startingClock(startMs: number, elapsedMs: () => number = () => performance.now()): Clock {
  const origin = elapsedMs();
  return () => startMs + Math.floor(elapsedMs() - origin);
}

/** The process's clock: pinned to start at `clockStartMs` when configured, the system's otherwise. */
export function serviceClock({ clockStartMs }: { clockStartMs: number | undefined }): Clock {
  return clockStartMs === undefined ? systemClock : startingClock(clockStartMs);
}
