import pg from 'pg';
import type { OpenStoreConfig } from '../open-store';
import type { CatalogueFeed, HealthStore, Store } from '../port';
import { createPgAuthStore } from './auth';
import { createPgClickStore } from './clicks';
import { toStorageError, translatingErrors } from './errors';
import { changesSince } from './feed';
import { createPool, migratePostgres, type PgPool } from './pool';
import {
  cataloguePage,
  DEFAULT_JSON_CACHE_MB,
  EventJsonCache,
  eventJsonByIds,
  findEventIdByServiceId,
  getEvent,
  getMapPlace,
  getPerformer,
  imageSubject,
  isCatalogueEmpty,
} from './reads';
import type { IngestBatch } from '../ingest/types';
import { createPgIngestStore } from './ingest';
import { createPgSamples } from './samples';
import { createPgSearchStore } from './search';
import { createPgSeedingStore } from './seeding';
import { CATALOGUE_CHANNEL, lastUpdatedMs } from './stamp';
import {
  cancelEvent,
  changeAvailabilities,
  createEvent,
  deleteEvent,
  markUnavailable,
  repriceEvent,
  updateEvent,
  type PgStoreContext,
} from './writes';

/** Connections per replica unless configured (PARTNER_API_DB_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Wakes the local EventIndex when any replica commits a catalogue write: a dedicated connection LISTENs on the
 * catalogue channel (every write NOTIFYs at commit) and calls the listeners. When that connection is lost, it is
 * re-established with a growing delay; meanwhile the index still catches up whenever it polls the feed.
 */
function listenForWrites(url: string, notify: () => void): { close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'partner-api-listen' });
    next.on('notification', () => notify());
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = null;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      delay = 250;
      // Writes committed while no one listened are caught up at once.
      notify();
    } catch {
      await next.end().catch(() => undefined);
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The PostgreSQL store of the port over a pool on `config.database`, migrated unless told not to. */
export async function openPostgresStore(config: OpenStoreConfig & { location: string }): Promise<Store> {
  const pool: PgPool = createPool(config.database, { max: config.poolSize ?? DEFAULT_POOL_SIZE });
  // An idle client's error (the server restarted) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const ctx: PgStoreContext = {
    pool,
    clock: config.clock,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    jsonCache: new EventJsonCache((config.jsonCacheMb ?? DEFAULT_JSON_CACHE_MB) * 1024 * 1024),
  };
  const migrate = async () => {
    try {
      await migratePostgres(pool);
    } catch (error) {
      throw toStorageError(error) ?? error;
    }
  };
  if (config.migrate !== false) {
    try {
      await migrate();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  const localListeners = new Set<() => void>();
  const notifyListeners = () => {
    for (const listener of localListeners) listener();
  };
  const listener =
    config.listen === false ? { close: async () => undefined } : listenForWrites(config.database, notifyListeners);
  /** Runs a write, then tells this process's listeners (synchronously) once it committed. */
  const writing =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      notifyListeners();
      return result;
    };

  const feed: CatalogueFeed = {
    ...translatingErrors({
      changesSince: async (cursor: Parameters<CatalogueFeed['changesSince']>[0], limit: number) => {
        const answer = await changesSince(pool, cursor, limit);
        // A new catalogue generation may reuse ids and stamps for other content: no served copy stays valid.
        if (answer.reset) ctx.jsonCache.clear();
        return answer;
      },
      lastUpdatedMs: () => lastUpdatedMs(pool),
    }),
    onLocalWrite(listen) {
      localListeners.add(listen);
      return () => localListeners.delete(listen);
    },
  };

  const health: HealthStore = translatingErrors({
    async probeRead() {
      await pool.query('SELECT 1 FROM events LIMIT 1');
    },
    async probeWrite(nowMs: number) {
      await pool.query(
        `INSERT INTO meta (key, value) VALUES ('ready_probe_ms', $1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [String(nowMs)],
      );
    },
  });

  const seeding = createPgSeedingStore(ctx, notifyListeners);

  return {
    kind: 'postgres',
    location: config.location,
    catalogue: translatingErrors({
      getEvent: (id: number) => getEvent(pool, id),
      findEventIdByServiceId: (serviceId: number) => findEventIdByServiceId(pool, serviceId),
      eventJsonByIds: (
        ids: readonly number[],
        options: { commentaries: boolean; performers: boolean },
        versions?: readonly number[],
      ) => eventJsonByIds(pool, ctx.jsonCache, ids, options, versions),
      cataloguePage: (request: Parameters<Store['catalogue']['cataloguePage']>[0]) => cataloguePage(ctx, request),
      readsAhead: true,
      getMapPlace: (id: string) => getMapPlace(ctx, id),
      getPerformer: (id: number) => getPerformer(ctx, id),
      isEmpty: () => isCatalogueEmpty(pool),
      createEvent: writing((input: Parameters<typeof createEvent>[1]) => createEvent(ctx, input)),
      updateEvent: writing((id: number, patch: Parameters<typeof updateEvent>[2]) => updateEvent(ctx, id, patch)),
      repriceEvent: writing((id: number, prices: Parameters<typeof repriceEvent>[2]) => repriceEvent(ctx, id, prices)),
      cancelEvent: writing((id: number) => cancelEvent(ctx, id)),
      markUnavailable: writing((id: number) => markUnavailable(ctx, id)),
      changeAvailabilities: writing((id: number, change: Parameters<typeof changeAvailabilities>[2]) =>
        changeAvailabilities(ctx, id, change),
      ),
      deleteEvent: writing((id: number) => deleteEvent(ctx, id)),
    }),
    feed,
    samples: translatingErrors(createPgSamples(pool)),
    search: translatingErrors(createPgSearchStore(ctx)),
    clicks: translatingErrors(createPgClickStore(ctx)),
    images: translatingErrors({ imageSubject: (kind, id) => imageSubject(pool, kind, id) }),
    auth: translatingErrors(createPgAuthStore(pool)),
    seeding: translatingErrors({
      beginSeed: async (options: { reset: boolean }) => translatingErrors(await seeding.beginSeed(options)),
      sourceStarts: () => seeding.sourceStarts(),
    }),
    ingest: (() => {
      const ingest = translatingErrors(createPgIngestStore(ctx));
      return { ...ingest, applyBatch: writing((batch: IngestBatch) => ingest.applyBatch(batch)) };
    })(),
    health,
    migrate,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/** The opener `openStore` (partner-api/store/open-store.ts) loads for `postgres://` URLs. */
export const openStore = openPostgresStore;
