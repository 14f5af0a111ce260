import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { serviceClock, type Clock } from './clock';
import type { ServiceConfig } from './env';
import { DEFAULT_SEED_EVENTS, seedCatalogue, type SeedStats } from './seed/seed-catalogue';
import { openStore } from './store/open-store';
import type { Store } from './store/port';
import { startTracing, traceStorePort, type Tracing } from './observability/tracing';

/** The parts of the store port whose calls are traced. */
const STORE_PARTS = [
  'catalogue',
  'feed',
  'samples',
  'search',
  'clicks',
  'images',
  'auth',
  'seeding',
  'health',
] as const satisfies readonly (keyof Store)[];

/** Events the demo catalogue gets when `serve` starts on an empty database. */
export const DEMO_EVENT_COUNT = DEFAULT_SEED_EVENTS;

export interface RunningService {
  app: FastifyInstance;
  store: Store;
  /** The address the service listens on (`http://host:port`). */
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the store. */
  close(): Promise<void>;
}

/**
 * Seeds the demo catalogue (DEMO_EVENT_COUNT events, dates around `now`: the pinned clock's start, so a fixed start
 * gives the same catalogue on any day); image links use the store's public URL.
 */
export async function seedDemoCatalogue(store: Store, now: number): Promise<SeedStats> {
  const stats = await seedCatalogue(store.seeding, { events: DEMO_EVENT_COUNT, now, ingestion: true });
  await store.search.optimize();
  return stats;
}

/**
 * Opens the store PARTNER_API_DB names, seeds the demo catalogue when it is empty (demo mode only: a production service never invents
 * events), builds the app and listens. `onLog` receives one-line notices for the operator.
 */
export async function startService(
  config: ServiceConfig,
  {
    seedDemo,
    onLog = () => {},
  }: {
    seedDemo?: (store: Store, clock: Clock) => Promise<void> | void;
    onLog?: (line: string) => void;
  } = {},
): Promise<RunningService> {
  const clock = serviceClock(config);
  if (config.clockStartMs !== undefined) {
    onLog(`Clock pinned: it starts at ${new Date(config.clockStartMs).toISOString()} (PARTNER_API_CLOCK_START).`);
  }
  // OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise no SDK, no wrapper, no network.
  const tracing: Tracing | undefined = config.otlpEndpoint
    ? startTracing({
        endpoint: config.otlpEndpoint,
        serviceName: config.otelServiceName,
        ...(config.otelSampler && { sampler: { name: config.otelSampler, ratio: config.otelSamplerRatio } }),
      })
    : undefined;
  const store = await openStore({
    database: config.database,
    clock,
    publicUrl: config.publicUrl,
    poolSize: config.databasePoolSize,
    listen: config.databaseListen,
    jsonCacheMb: config.databaseJsonCacheMb,
  });
  try {
    if (config.demo && seedDemo && (await store.catalogue.isEmpty())) {
      onLog(`Empty catalogue: seeding ${DEMO_EVENT_COUNT} demo events…`);
      try {
        await seedDemo(store, clock);
      } catch (error) {
        // Replicas started together on one empty database all try; the seed is all or nothing, so a catalogue that
        // is no longer empty was seeded whole by another process, and this one serves it.
        if (await store.catalogue.isEmpty()) throw error;
        onLog('Another process seeded the demo catalogue first; serving it.');
      }
    }
    // With tracing on, every call through the store port is a span of the request making it (the store query).
    const served = tracing ? traceStorePort(store, STORE_PARTS) : store;
    const app = await buildApp({ store: served, clock, config });
    const url = await app.listen({ port: config.port, host: config.host });
    if (app.metricsUrl) onLog(`Metrics: ${app.metricsUrl}/metrics`);
    if (tracing) onLog(`Traces: exported by OTLP to ${config.otlpEndpoint}`);
    let closing: Promise<void> | undefined;
    return {
      app,
      store,
      url,
      close() {
        closing ??= app
          .close()
          .finally(() => store.close())
          .finally(() => tracing?.flush());
        return closing;
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * Runs until SIGINT or SIGTERM, then shuts down gracefully; a second signal, or a shutdown taking longer than
 * `graceMs`, exits at once.
 */
export function closeOnSignals(service: RunningService, { graceMs = 10_000 } = {}): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    service.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), graceMs);
    timer.unref();
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        service.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
