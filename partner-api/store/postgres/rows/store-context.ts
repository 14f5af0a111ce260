import type { Clock } from '@/partner-api/clock';
import type { EventJsonCache } from '../event-json-cache';
import type { PgPool } from '../pool';

/** What every PostgreSQL store operation needs. */
export interface PgStoreContext {
  pool: PgPool;
  clock: Clock;
  /** Base URL for image links, without a trailing slash. */
  publicUrl: string;
  /** Event JSON this process served, revalidated on every read (reads.ts). */
  jsonCache: EventJsonCache;
}
