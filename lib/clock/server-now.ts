import 'server-only';
import { getEnv } from '@/lib/env';

/**
 * The web server's "now" (ms since the epoch) wherever it decides what to show: the first view's date window, event
 * pages, feeds, the sitemap, the partner dashboard. With CLOCK_START it starts at that instant when the process starts
 * and runs from there, so test runs see the same catalogue on any day; the browser's own clock is Playwright's
 * `page.clock` (docs/testing.md). Durations (caches, limits, token expiry) keep the system clock.
 */
export function serverNow(): number {
  const start = getEnv().clockStartMs;
  // performance.now() counts from the process's start and is monotonic: moving the machine's date does not move it.
  return start === undefined ? Date.now() : start + Math.floor(performance.now());
}
