import pg from 'pg';
import { POSTGRES_MIGRATIONS } from './migrations';

export type PgPool = pg.Pool;
export type PgClient = pg.PoolClient;
/** Anything that runs a query: the pool (autocommit) or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

// BIGINT columns hold epoch milliseconds and ids, all far below 2^53: read them as numbers, not strings.
const INT8_OID = 20;
const typeParser = pg.types.getTypeParser;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : (typeParser(oid, format ?? 'text') as (value: string) => unknown)) as typeof pg.types.getTypeParser,
};

export interface PoolOptions {
  /** Connections at most (PARTNER_API_DB_POOL_SIZE). */
  max: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
}

/** A connection pool on `url`; BIGINT columns come back as numbers. */
export function createPool(url: string, options: PoolOptions): PgPool {
  return new pg.Pool({
    connectionString: url,
    max: options.max,
    application_name: options.applicationName ?? 'partner-api',
    // A database that does not answer within this long is reported as unavailable, rather than hanging a request.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    types,
  });
}

/** One listener for every checkout: the hot path allocates nothing for it. */
const ignoreClientError = (): void => undefined;

/** One client from the pool, released whatever happens. */
export async function withClient<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has lost the pool's error listener: a connection dropped between two queries (a restart, a
  // network cut) would be an unhandled 'error' event and stop the process. The next query fails instead, and the pool
  // discards the broken client when it is released.
  client.on('error', ignoreClientError);
  try {
    return await work(client);
  } finally {
    client.off('error', ignoreClientError);
    client.release();
  }
}

/** Runs `work` in one transaction (READ COMMITTED), committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (client) => {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/** Key of the advisory lock that makes replicas starting together apply migrations one at a time. */
const MIGRATION_LOCK_KEY = 0x6576_6d70; // "evmp"

/**
 * Applies every migration not yet recorded in `schema_migrations`, all in one transaction (PostgreSQL's DDL is
 * transactional: a failed migration leaves the schema as it was). A transaction-level advisory lock serializes
 * replicas that start at the same moment; the second finds the work done.
 */
export async function migratePostgres(pool: PgPool): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const done: number[] = [];
    for (const migration of POSTGRES_MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}

/**
 * PostgreSQL text cannot hold U+0000 (the query fails), SQLite's can: a key a client sent with one in it can match no
 * stored row, so lookups answer "not found" for it up front, as SQLite does.
 */
export function cannotBeStored(text: string): boolean {
  return text.includes('\u0000');
}
