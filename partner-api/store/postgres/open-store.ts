import type { OpenStoreConfig, StoreOpener } from '../store-opener';
import type { Store } from '../port';
import { DEFAULT_JSON_CACHE_MB } from './event-json-cache';
import { createPool, type PgPool } from './pool';
import { createPostgresStore, migrateStore } from './postgres-store';

/** Connections per replica unless configured (PARTNER_API_DB_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;

/** The PostgreSQL store of the port over a pool on `config.database`, migrated unless told not to. */
export const openPostgresStore: StoreOpener = async (
  config: OpenStoreConfig & { location: string },
): Promise<Store> => {
  const pool: PgPool = createPool(config.database, { max: config.poolSize ?? DEFAULT_POOL_SIZE });
  // An idle client's error (the server restarted) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  if (config.migrate !== false) {
    try {
      await migrateStore(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }
  return createPostgresStore(pool, {
    clock: config.clock,
    publicUrl: config.publicUrl,
    location: config.location,
    jsonCacheBytes: (config.jsonCacheMb ?? DEFAULT_JSON_CACHE_MB) * 1024 * 1024,
    listenUrl: config.listen === false ? null : config.database,
  });
};
