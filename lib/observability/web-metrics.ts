import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { createRequestMetrics, type RequestMetrics } from '@/lib/shared/request-metrics';

export { statusClass } from '@/lib/shared/request-metrics';

/*
 * The web app's Prometheus metrics (docs/operations.md lists them). One set per process, kept on globalThis: the web
 * server script (scripts/web-server.ts, which serves them on WEB_METRICS_PORT) and Next's bundled route code are two
 * module instances of this file, and must count into the same metrics. Recording is a few in-memory additions; nothing
 * is served, and no process metrics are collected, unless WEB_METRICS_PORT is set. Every label has a bounded set of
 * values (route templates, operation names, outcomes), never a raw URL or an id. No 'server-only' marker: the web
 * server script runs outside Next, where that package throws; nothing here is secret.
 */

/** Request durations, seconds: a static file (<1 ms) to the request timeout (30 s). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Catalogue syncs: an incremental sync of nothing (~10 ms) to a snapshot of 100 000 events (a minute or more). */
const SYNC_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300];

export interface WebMetrics {
  readonly registry: Registry;
  /** `eventmap_web_http_requests_total` and `eventmap_web_http_request_duration_seconds` (lib/shared). */
  readonly http: RequestMetrics;
  readonly upstream: Histogram<'operation' | 'outcome'>;
  readonly tokenLogins: Counter<'grant' | 'outcome'>;
  readonly visitorThrottled: Counter;
  readonly syncDuration: Histogram<'kind' | 'outcome'>;
  /** Unix ms of the mirror's last successful sync and last failed one (null: none yet in this process). */
  mirror: { lastSuccessMs: number | null; lastErrorMs: number | null };
  /** What other modules registered with {@link registerWebGauge}, by metric name. */
  readonly gauges: Map<string, Gauge>;
  /** Whether the default process metrics are being collected (once per process). */
  processMetrics: boolean;
}

const holder = globalThis as typeof globalThis & { __eventmapWebMetrics?: WebMetrics };

function create(): WebMetrics {
  const registry = new Registry();
  const metrics: WebMetrics = {
    registry,
    http: createRequestMetrics({
      prefix: 'eventmap_web_http',
      subject: 'the web app',
      buckets: DURATION_BUCKETS,
      registry,
    }),
    upstream: new Histogram({
      name: 'eventmap_web_upstream_request_duration_seconds',
      help: 'Partner API calls by operation and outcome (ok, http_4xx, http_5xx, timeout, unreachable, …), with their duration.',
      labelNames: ['operation', 'outcome'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    tokenLogins: new Counter({
      name: 'eventmap_web_token_logins_total',
      help: 'Logins of the token cache to the Partner API, by grant (clientSecret, refreshToken) and outcome.',
      labelNames: ['grant', 'outcome'] as const,
      registers: [registry],
    }),
    visitorThrottled: new Counter({
      name: 'eventmap_web_visitor_throttled_total',
      help: "Requests to /api/* refused with 429 because the visitor's address used up its fair share.",
      registers: [registry],
    }),
    syncDuration: new Histogram({
      name: 'eventmap_web_catalogue_sync_duration_seconds',
      help: 'Catalogue mirror syncs by kind (snapshot, incremental; unknown when failed) and outcome (success, failure).',
      labelNames: ['kind', 'outcome'] as const,
      buckets: SYNC_BUCKETS,
      registers: [registry],
    }),
    mirror: { lastSuccessMs: null, lastErrorMs: null },
    gauges: new Map(),
    processMetrics: false,
  };
  new Gauge({
    name: 'eventmap_web_catalogue_mirror_age_seconds',
    help: 'Seconds since the catalogue mirror last synced successfully (absent before the first success).',
    registers: [registry],
    collect() {
      this.reset();
      const at = metrics.mirror.lastSuccessMs;
      if (at !== null) this.set(Math.max(0, Date.now() - at) / 1000);
    },
  });
  new Gauge({
    name: 'eventmap_web_catalogue_sync_last_error_timestamp_seconds',
    help: 'When the last catalogue sync failed (Unix seconds; 0 when none failed in this process).',
    registers: [registry],
    collect() {
      this.set((metrics.mirror.lastErrorMs ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'eventmap_web_catalogue_sync_last_success_timestamp_seconds',
    help: 'When the last catalogue sync succeeded (Unix seconds; 0 before the first).',
    registers: [registry],
    collect() {
      this.set((metrics.mirror.lastSuccessMs ?? 0) / 1000);
    },
  });
  return metrics;
}

/** The process's web metrics (created at first use). */
export function webMetrics(): WebMetrics {
  holder.__eventmapWebMetrics ??= create();
  return holder.__eventmapWebMetrics;
}

/** One Partner API call of `operation` (an operation name of lib/contract, or `login`) and how it ended. */
export function observeUpstreamCall(operation: string, outcome: string, seconds: number): void {
  webMetrics().upstream.observe({ operation, outcome }, seconds);
}

/** One login of the token cache (`clientSecret` or `refreshToken`) and whether the service accepted it. */
export function countTokenLogin(grant: string, outcome: 'success' | 'failure'): void {
  webMetrics().tokenLogins.inc({ grant, outcome });
}

/** One `/api/*` request refused for the visitor's fair share. */
export function countVisitorThrottled(): void {
  webMetrics().visitorThrottled.inc();
}

/** One catalogue mirror sync: how long it took, its kind when it succeeded, and whether it failed. */
export function observeCatalogueSync(seconds: number, result: { kind: string } | 'failure'): void {
  const metrics = webMetrics();
  if (result === 'failure') {
    metrics.syncDuration.observe({ kind: 'unknown', outcome: 'failure' }, seconds);
    metrics.mirror.lastErrorMs = Date.now();
  } else {
    metrics.syncDuration.observe({ kind: result.kind, outcome: 'success' }, seconds);
    metrics.mirror.lastSuccessMs = Date.now();
  }
}

/**
 * Registers a gauge read when Prometheus scrapes (e.g. the read model's size: `registerWebGauge({name:
 * 'eventmap_web_read_model_events', help, read: () => index.count})`). Registering a name again replaces its reader
 * (a dev-mode reload, a rebuilt model). `read` runs on the scrape, never on a request; undefined leaves it unset.
 */
export function registerWebGauge(options: { name: string; help: string; read: () => number | undefined }): void {
  const metrics = webMetrics();
  const existing = metrics.gauges.get(options.name);
  if (existing) metrics.registry.removeSingleMetric(options.name);
  const gauge = new Gauge({
    name: options.name,
    help: options.help,
    registers: [metrics.registry],
    collect() {
      this.reset();
      const value = options.read();
      if (value !== undefined && Number.isFinite(value)) this.set(value);
    },
  });
  metrics.gauges.set(options.name, gauge);
}

/** The web app's size of its read model (events in the index the explorer answers from); fed by that module. */
export const READ_MODEL_EVENTS_METRIC = 'eventmap_web_read_model_events';

export interface WebMetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` on a port of its own (WEB_METRICS_PORT), apart from the visitors' port, and starts collecting
 * the default process metrics.
 */
export async function startWebMetricsServer({ port, host }: { port: number; host: string }): Promise<WebMetricsServer> {
  const metrics = webMetrics();
  if (!metrics.processMetrics) {
    collectDefaultMetrics({ register: metrics.registry });
    metrics.processMetrics = true;
  }
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
