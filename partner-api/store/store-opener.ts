import type { Clock } from '../clock';
import type { Store } from './port';

/*
 * What openStore (open-store.ts) hands a store module, in a module of its own: each store's opener imports these
 * types, and open-store.ts loads the openers, so neither side imports back.
 */

export interface OpenStoreConfig {
  /**
   * PARTNER_API_DB: a file path or `sqlite:` URL (`sqlite:relative/file.sqlite`, `sqlite:///absolute/file.sqlite`,
   * `:memory:`) → SQLite; `postgres://…` or `postgresql://…` → PostgreSQL.
   */
  database: string;
  clock: Clock;
  /** Base URL of the service (image links in the stored JSON), without a trailing slash. */
  publicUrl: string;
  /** Apply pending migrations on open (default true; the `migrate` command opens without, then migrates). */
  migrate?: boolean;
  /** PostgreSQL only: connections at most in the pool (PARTNER_API_DB_POOL_SIZE). */
  poolSize?: number;
  /** PostgreSQL only: LISTEN for other replicas' writes (PARTNER_API_DB_LISTEN; default true). */
  listen?: boolean;
  /** PostgreSQL only: megabytes of served event JSON this process keeps (PARTNER_API_DB_JSON_CACHE_MB; 0 = none). */
  jsonCacheMb?: number;
}

/** What a store module exports as `openStore` (store/sqlite/open-store.ts, store/postgres/open-store.ts). */
export type StoreOpener = (config: OpenStoreConfig & { location: string }) => Promise<Store>;
