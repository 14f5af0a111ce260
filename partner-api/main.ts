import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { systemClock } from './clock';
import type { ServiceConfig } from './env';
import { DEFAULT_SEED_EVENTS, seedCatalogue, type SeedStats } from './seed/seed-catalogue';
import { openDatabase, type Db } from './store/sqlite/open';

/** Events the demo catalogue gets when `serve` starts on an empty database. */
export const DEMO_EVENT_COUNT = DEFAULT_SEED_EVENTS;

export interface RunningService {
  app: FastifyInstance;
  db: Db;
  /** The address the service listens on (`http://host:port`). */
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/**
 * Whether the catalogue holds nothing yet — no event, place or tombstone (deleted events are part of the sync
 * history, so a catalogue whose events were all deleted is not "empty").
 */
export function isCatalogueEmpty(db: Db): boolean {
  const sql =
    'SELECT NOT EXISTS (SELECT 1 FROM events) AND NOT EXISTS (SELECT 1 FROM places) ' +
    'AND NOT EXISTS (SELECT 1 FROM tombstones)';
  return db.prepare(sql).pluck().get() === 1;
}

/** Seeds the demo catalogue (DEMO_EVENT_COUNT events, dates around now) with image links at `publicUrl`. */
export function seedDemoCatalogue(db: Db, publicUrl: string): SeedStats {
  return seedCatalogue(db, { events: DEMO_EVENT_COUNT, now: systemClock(), publicUrl });
}

/**
 * Opens the database, seeds the demo catalogue when it is empty (demo mode only: a production service never invents
 * events), builds the app and listens. `onLog` receives one-line notices for the operator.
 */
export async function startService(
  config: ServiceConfig,
  { seedDemo, onLog = () => {} }: { seedDemo?: (db: Db) => Promise<void> | void; onLog?: (line: string) => void } = {},
): Promise<RunningService> {
  const db = openDatabase(config.dbFile);
  try {
    if (config.demo && seedDemo && isCatalogueEmpty(db)) {
      onLog(`Empty catalogue: seeding ${DEMO_EVENT_COUNT} demo events…`);
      await seedDemo(db);
    }
    const app = await buildApp({ db, clock: systemClock, config });
    const url = await app.listen({ port: config.port, host: config.host });
    let closing: Promise<void> | undefined;
    return {
      app,
      db,
      url,
      close() {
        closing ??= app.close().finally(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    db.close();
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
