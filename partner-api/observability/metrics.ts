import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Clock } from '../clock';
import type { LimitsStore } from '../limits/shared-limits';
import { createPlainHistogram, createRequestMetrics } from '@/lib/shared/request-metrics';
import type { ChangeFeedFollower } from '../store/event-index/change-feed-follower';
import type { Store } from '../store/port';

/**
 * The Partner API's Prometheus metrics (docs/operations.md lists them). Every label has a bounded set of values: route
 * templates (`/v2/event/:eventId`), never a raw URL or an id, so a crawler walking ids cannot grow the series.
 */
export interface ServiceMetrics {
  readonly registry: Registry;
  /** One answered request (onResponse): its route template, method, status and duration. */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * One events query: how many events matched it, how many the page carried, and how many the index examined to find
   * the matches (its candidates).
   */
  observeEventsQuery(matches: number, returned: number, candidates: number): void;
}

/** Request durations, seconds: from a cached page (~1 ms) to the request timeout (15 s). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];
/** Events matching one query: a city viewport holds hundreds, a country-wide month tens of thousands. */
const MATCH_BUCKETS = [0, 1, 10, 50, 100, 500, 1_000, 5_000, 10_000, 50_000, 100_000];
const PAGE_BUCKETS = [0, 1, 10, 50, 100, 250, 500, 1_000];
/** Events examined by one query: up to the whole index (a sequential pass) at a million events. */
const CANDIDATE_BUCKETS = [...MATCH_BUCKETS, 500_000, 1_000_000];

const GRANTS = new Set(['clientSecret', 'refreshToken']);

/** What a login's answer says about it: the outcomes an operator alerts on (failures, throttling). */
function loginOutcome(status: number): string {
  if (status === 201) return 'success';
  if (status === 401) return 'failure';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'error';
  return 'invalid';
}

/** The route template of an answered request (`unmatched` for a 404 no route took): a bounded label. */
function routeOf(request: FastifyRequest): string {
  return request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
}

export interface ServiceMetricsSources {
  store: Store;
  follower: ChangeFeedFollower;
  clock: Clock;
  /** Where the rate limits and the login throttle count (absent: no limits metrics). */
  limits?: Pick<LimitsStore, 'status'>;
}

/**
 * Creates the service's metrics in a registry of their own (one per app, so tests can build many apps in a process).
 * Gauges about the store and the index are read when Prometheus scrapes, never on the request path.
 */
export function createServiceMetrics({ store, follower, clock, limits }: ServiceMetricsSources): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = createRequestMetrics({
    prefix: 'partner_api_http',
    subject: 'the Partner API',
    buckets: DURATION_BUCKETS,
    registry,
  });
  const logins = new Counter({
    name: 'partner_api_logins_total',
    help: 'POST /login answers by grant (clientSecret, refreshToken, invalid) and outcome (success, failure, throttled, invalid, error).',
    labelNames: ['grant', 'outcome'] as const,
    registers: [registry],
  });
  const throttledLogins = new Counter({
    name: 'partner_api_login_throttled_total',
    help: 'Logins refused with 429 (too many failed attempts from an address).',
    registers: [registry],
  });
  // Recorded on every events query: plain additions, like the request metrics (lib/shared/request-metrics.ts).
  const matches = createPlainHistogram({
    name: 'partner_api_events_query_matches',
    help: 'Events matching one POST /v2/get/events query (the exact totalItems).',
    buckets: MATCH_BUCKETS,
    registry,
  });
  const candidates = createPlainHistogram({
    name: 'partner_api_events_query_candidates',
    help:
      "Events the index examined for one POST /v2/get/events query before its exact filters (the grid cells' or " +
      "the date window's events, whichever is fewer; every event for a sequential pass).",
    buckets: CANDIDATE_BUCKETS,
    registry,
  });
  const returned = createPlainHistogram({
    name: 'partner_api_events_query_returned',
    help: 'Events in the page one POST /v2/get/events answer carries.',
    buckets: PAGE_BUCKETS,
    registry,
  });
  const cataloguePages = new Counter({
    name: 'partner_api_catalogue_pages_total',
    help: 'Pages of POST /v2/get/catalogue served, by kind (snapshot without lastUpdatedAt, delta with it).',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'partner_api_refresh_families_active',
    help: 'Login families not revoked that hold an unused, unexpired refresh token.',
    registers: [registry],
    async collect() {
      // A store that cannot answer now keeps the last value: the scrape (and every other metric) still succeeds.
      const count = await store.auth.countActiveFamilies(clock()).catch(() => undefined);
      if (count !== undefined) this.set(count);
    },
  });
  const pool = store.pool;
  if (pool) {
    new Gauge({
      name: 'partner_api_store_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle).',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'partner_api_store_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'partner_api_event_index_events',
    help: "Events in this process's in-memory EventIndex.",
    registers: [registry],
    collect() {
      this.set(follower.index.count);
    },
  });
  // The follower tells nobody when it applies a change; a change of its stamp between scrapes is one.
  let seenStamp = follower.stamp;
  let seenAtMs = Date.now();
  new Gauge({
    name: 'partner_api_event_index_last_update_timestamp_seconds',
    help: 'When this process last saw its EventIndex move to a newer catalogue stamp (Unix seconds, to the scrape).',
    registers: [registry],
    collect() {
      if (follower.stamp !== seenStamp) {
        seenStamp = follower.stamp;
        seenAtMs = Date.now();
      }
      this.set(seenAtMs / 1000);
    },
  });
  new Gauge({
    name: 'partner_api_change_feed_lag_seconds',
    help:
      "How long the newest catalogue write of any replica has been waiting to reach this process's index " +
      '(0 when it is caught up).',
    registers: [registry],
    async collect() {
      const head = await store.feed.lastUpdatedMs().catch(() => undefined);
      if (head === undefined) return;
      const applied = follower.stamp;
      this.set(head > applied ? Math.max(0, clock() - head) / 1000 : 0);
    },
  });

  if (limits) {
    new Gauge({
      name: 'partner_api_limits_redis_fallback',
      help:
        'Whether the rate limits and the login throttle count in this process because the configured Redis is away ' +
        'or slow (1), each replica then allowing the whole allowance; 0 while they are shared, or when no Redis is set.',
      registers: [registry],
      collect() {
        this.set(limits.status().fallback ? 1 : 0);
      },
    });
    let counted = 0;
    new Counter({
      name: 'partner_api_limits_redis_fallbacks_total',
      help: 'Times this process switched its limits to per-process counting for want of Redis (each logged once).',
      registers: [registry],
      collect() {
        // The limits store counts the switches itself; the counter catches up with it at each scrape.
        const { fallbacks } = limits.status();
        if (fallbacks > counted) this.inc(fallbacks - counted);
        counted = fallbacks;
      },
    });
  }

  return {
    registry,
    observeRequest(request, reply) {
      const status = reply.statusCode;
      const route = routeOf(request);
      http.observe(route, request.method, status, reply.elapsedTime / 1000);
      if (route === '/login' && request.method === 'POST') {
        const body = request.body as { grantAccess?: unknown } | null | undefined;
        const grant =
          typeof body === 'object' && body !== null && GRANTS.has(body.grantAccess as string)
            ? (body.grantAccess as string)
            : 'invalid';
        const outcome = loginOutcome(status);
        logins.inc({ grant, outcome });
        if (outcome === 'throttled') throttledLogins.inc();
      } else if (route === '/v2/get/catalogue' && status === 201) {
        const body = request.body as { lastUpdatedAt?: unknown } | null | undefined;
        cataloguePages.inc({ kind: body?.lastUpdatedAt ? 'delta' : 'snapshot' });
      }
    },
    observeEventsQuery(matchCount, returnedCount, candidateCount) {
      matches.observe(matchCount);
      returned.observe(returnedCount);
      candidates.observe(candidateCount);
    },
  };
}

/** Counts every answered request (installed only when metrics are on: nothing on the hot path otherwise). */
export function installRequestMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  // A callback hook, not an async one: no promise per request for work that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
}

export interface MetricsServer {
  /** `http://host:port` of the metrics endpoint's server (`/metrics`). */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` of `registry` on a port of its own, apart from the public API: a load balancer exposes the API,
 * not this port, so partners never see it.
 */
export async function startMetricsServer(
  registry: Registry,
  { port, host }: { port: number; host: string },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
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
