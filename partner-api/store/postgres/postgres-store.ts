import type { CatalogueFeed, HealthStore, Store } from '../port';
import type { IngestBatch } from '../ingest/types';
import { toStorageError, translatingErrors } from './errors';
import { EventJsonCache } from './event-json-cache';
import { createPgIngestStore } from './ingest';
import { listenForWrites } from './listen-for-writes';
import { migratePostgres, type PgPool } from './pool';
import { createPgAuthClients } from './operations/auth-clients';
import { createPgAuthTokens } from './operations/auth-tokens';
import { cancelEvent } from './operations/cancel-event';
import { cataloguePage } from './operations/catalogue-page';
import { changeAvailabilities } from './operations/change-availabilities';
import { changesSince, lastUpdatedMs } from './operations/changes-since';
import { createEvent } from './operations/create-event';
import { deleteEvent } from './operations/delete-event';
import { eventJsonByIds } from './operations/event-json-by-ids';
import { findEventIdByServiceId } from './operations/find-event-by-service-id';
import { getEvent } from './operations/get-event';
import { getMapPlace } from './operations/get-map-place';
import { getPerformer } from './operations/get-performer';
import { isCatalogueEmpty, probeRead, probeWrite } from './operations/health-probes';
import { imageSubject } from './operations/image-subject';
import { createPgClickList } from './operations/list-clicks';
import { markUnavailable } from './operations/mark-unavailable';
import { createPgClickRecorder } from './operations/record-click';
import { repriceEvent } from './operations/reprice-event';
import { createPgSamples } from './operations/samples';
import { createPgSearchStore } from './operations/search';
import { createPgSeedingStore } from './operations/seed-session';
import { updateEvent } from './operations/update-event';
import type { PgStoreContext } from './rows/store-context';

export interface PostgresStoreOptions {
  clock: PgStoreContext['clock'];
  /** Base URL of the service (image links), without a trailing slash. */
  publicUrl: string;
  /** Where the database is, for logs (the URL without its password). */
  location: string;
  /** Bytes of served event JSON this process keeps (0 = none). */
  jsonCacheBytes: number;
  /** The URL to LISTEN on for other replicas' writes, or null not to listen. */
  listenUrl: string | null;
}

/** Applies pending migrations, PostgreSQL failures translated into the port's StorageErrors. */
export async function migrateStore(pool: PgPool): Promise<void> {
  try {
    await migratePostgres(pool);
  } catch (error) {
    throw toStorageError(error) ?? error;
  }
}

/**
 * The port over a migrated pool (see openPostgresStore). Every operation lives in its own file under operations/, as
 * in the SQLite store; this only wires them, translating PostgreSQL failures into the port's StorageErrors and
 * telling this process's listeners (the EventIndex's follower) once a write committed.
 */
export function createPostgresStore(pool: PgPool, options: PostgresStoreOptions): Store {
  const ctx: PgStoreContext = {
    pool,
    clock: options.clock,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    jsonCache: new EventJsonCache(options.jsonCacheBytes),
  };
  const migrate = () => migrateStore(pool);

  const localListeners = new Set<() => void>();
  const notifyListeners = () => {
    for (const listener of localListeners) listener();
  };
  const listener =
    options.listenUrl === null ? { close: async () => undefined } : listenForWrites(options.listenUrl, notifyListeners);
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
    probeRead: () => probeRead(pool),
    probeWrite: (nowMs: number) => probeWrite(pool, nowMs),
  });

  const seeding = createPgSeedingStore(ctx, notifyListeners);

  return {
    kind: 'postgres',
    location: options.location,
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
    clicks: translatingErrors({ ...createPgClickRecorder(ctx), ...createPgClickList(ctx) }),
    images: translatingErrors({ imageSubject: (kind, id) => imageSubject(pool, kind, id) }),
    auth: translatingErrors({ ...createPgAuthClients(pool), ...createPgAuthTokens(pool) }),
    seeding: translatingErrors({
      beginSeed: async (options: { reset: boolean }) => translatingErrors(await seeding.beginSeed(options)),
      sourceStarts: () => seeding.sourceStarts(),
    }),
    ingest: (() => {
      const ingest = translatingErrors(createPgIngestStore(ctx));
      return { ...ingest, applyBatch: writing((batch: IngestBatch) => ingest.applyBatch(batch)) };
    })(),
    health,
    pool,
    migrate,
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
