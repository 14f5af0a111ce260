import 'client-only';

/** How long a task waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs `run` once the browser is idle (at most two seconds on); returns what cancels it. */
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short delay lets the first paint and hydration finish first.
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
