import type { FastifyInstance } from 'fastify';

/** What the service answered during one summary window. */
export interface TrafficWindow {
  requests: number;
  /** Answers by status class: `2xx`, `3xx`, `4xx`, `5xx` (1xx never reaches onResponse). */
  byClass: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** Response times in ms to a tenth: median, 95th percentile (nearest rank) and slowest. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** Counts answers between two `take()` calls. */
export interface TrafficCounter {
  record(statusCode: number, elapsedMs: number): void;
  /** The window since the last call, or null when it had no request; starts a new window. */
  take(): TrafficWindow | null;
}

const toTenth = (ms: number) => Math.round(ms * 10) / 10;

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function createTrafficCounter(): TrafficCounter {
  let durations: number[] = [];
  let byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  return {
    record(statusCode, elapsedMs) {
      durations.push(elapsedMs);
      if (statusCode >= 500) byClass['5xx'] += 1;
      else if (statusCode >= 400) byClass['4xx'] += 1;
      else if (statusCode >= 300) byClass['3xx'] += 1;
      else byClass['2xx'] += 1;
    },
    take() {
      if (durations.length === 0) return null;
      const sorted = durations.sort((a, b) => a - b);
      const window: TrafficWindow = {
        requests: sorted.length,
        byClass,
        p50Ms: toTenth(percentile(sorted, 50)),
        p95Ms: toTenth(percentile(sorted, 95)),
        maxMs: toTenth(sorted[sorted.length - 1] ?? 0),
      };
      durations = [];
      byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
      return window;
    },
  };
}

const roundMs = (ms: number) => (ms < 10 ? Math.round(ms * 10) / 10 : Math.round(ms));

/** One human line: `452 requests in the last 60 s: 440 2xx, 10 4xx, 2 5xx; median 3.1 ms, p95 12 ms, slowest 40 ms`. */
export function formatTrafficWindow(window: TrafficWindow, windowMs: number): string {
  const classes = Object.entries<number>(window.byClass)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${count} ${name}`)
    .join(', ');
  const noun = window.requests === 1 ? 'request' : 'requests';
  return (
    `${window.requests} ${noun} in the last ${Math.round(windowMs / 1000)} s: ${classes}; ` +
    `median ${roundMs(window.p50Ms)} ms, p95 ${roundMs(window.p95Ms)} ms, slowest ${roundMs(window.maxMs)} ms`
  );
}

/**
 * Replaces per-request info logs with one summary line per `intervalMs` of traffic (nothing when idle): a terminal
 * stays readable under load, while each request is still logged at `debug` for whoever needs it. Errors are logged
 * where they happen (the problem handler), not here. Needs Fastify's `disableRequestLogging: true`.
 */
export function installTrafficSummary(app: FastifyInstance, { intervalMs = 60_000 } = {}): void {
  const counter = createTrafficCounter();
  let windowStart = Date.now();
  const flush = () => {
    const now = Date.now();
    const window = counter.take();
    if (window) app.log.info({ traffic: window }, formatTrafficWindow(window, now - windowStart));
    windowStart = now;
  };
  let timer: NodeJS.Timeout | undefined;

  app.addHook('onResponse', async (request, reply) => {
    counter.record(reply.statusCode, reply.elapsedTime);
    request.log.debug(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      `${request.method} ${request.url} ${reply.statusCode} ${roundMs(reply.elapsedTime)} ms`,
    );
  });
  app.addHook('onReady', async () => {
    timer = setInterval(flush, intervalMs);
    // A summary must never keep the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
}
