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
