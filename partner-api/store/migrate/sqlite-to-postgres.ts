import { copyRows, type CopyValue } from '../postgres/copy';
import { createPool, inTransaction, migratePostgres, type PgClient } from '../postgres/pool';
import { CATALOGUE_CHANNEL } from '../postgres/stamp';
import { openDatabase, type Db } from '../sqlite/open';

/*
 * Copies a SQLite catalogue into an empty PostgreSQL database, losslessly: every row of every table the service
 * keeps (events with their stored JSON, places, map places, performers, partners, sources, links, commentaries,
 * tombstones, clients, login families, refresh tokens, the root secret, clicks, and ingestion's source records, venue and
 * performer keys, partner terms and ingest keys) with their ids, and the sync stamps
 * (the last `updatedAt` handed out, the purge horizon of tombstones, the catalogue generation), so a partner's mirror
 * goes on syncing from its `lastUpdatedAt` as if nothing had happened. Derived data (search indexes, SQLite's R*Tree)
 * is rebuilt by PostgreSQL's own triggers. One transaction: a failure leaves the target empty.
 */

/** Tables in dependency order (parents first); categories are fixed by both schemas' first migration. */
const TABLES = [
  'partners',
  'partner_terms',
  'map_places',
  'places',
  'performers',
  'events',
  'event_categories',
  'sources',
  'event_performers',
  'commentaries',
  'tombstones',
  'clients',
  'token_families',
  'refresh_tokens',
  'service_secrets',
  'clicks',
  // Ingestion (docs/ingestion.md): source records with their events, the venues and artists it resolved, its keys.
  'ingest_sources',
  'ingest_venues',
  'ingest_performers',
  'ingest_keys',
] as const;

/** Tables that must be empty in the target (partners and categories come with the schema). */
const MUST_BE_EMPTY = TABLES.filter((table) => table !== 'partners');

/** Meta keys that become PostgreSQL's catalogue clock rather than a meta row. */
const LAST_UPDATED_KEY = 'last_updated_ms';

export interface ImportStats {
  /** Rows copied per table. */
  rows: Record<string, number>;
  /** The last `updatedAt` handed out, now the target's catalogue clock. */
  lastUpdatedMs: number;
  durationMs: number;
}

export class ImportTargetNotEmptyError extends Error {
  override name = 'ImportTargetNotEmptyError';
}

async function targetColumns(client: PgClient, table: string): Promise<Map<string, string>> {
  const { rows } = await client.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  return new Map(rows.map((row) => [row.column_name, row.data_type]));
}

function sourceColumns(db: Db, table: string): string[] {
  return (db.pragma(`table_info(${table})`) as Array<{ name: string }>).map((column) => column.name);
}

/** One SQLite value as the target column reads it (SQLite keeps booleans as 0/1). */
function convert(value: unknown, type: string | undefined): CopyValue {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value !== 0 && value !== '0';
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  throw new TypeError(`cannot copy a ${typeof value} value`);
}

async function copyTable(db: Db, client: PgClient, table: string): Promise<number> {
  const types = await targetColumns(client, table);
  const columns = sourceColumns(db, table).filter((column) => types.has(column));
  const statement = db.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).raw();
  let count = 0;
  function* rows(): Generator<CopyValue[]> {
    for (const row of statement.iterate() as Iterable<unknown[]>) {
      count += 1;
      yield row.map((value, index) => convert(value, types.get(columns[index] as string)));
    }
  }
  await copyRows(client, table, columns, rows());
  return count;
}

/** Copies the SQLite catalogue at `from` (a file) into the PostgreSQL database at `to` (migrated first). */
export async function importSqliteCatalogue(options: {
  from: string;
  to: string;
  onTable?: (table: string, rows: number) => void;
}): Promise<ImportStats> {
  const started = performance.now();
  const db = openDatabase(options.from);
  const pool = createPool(options.to, { max: 1, applicationName: 'partner-api-migrate-store' });
  try {
    await migratePostgres(pool);
    const stats = await inTransaction(pool, async (client) => {
      await client.query('SELECT last_updated_ms FROM catalogue_clock FOR UPDATE');
      for (const table of MUST_BE_EMPTY) {
        const { rows } = await client.query(`SELECT 1 FROM ${table} LIMIT 1`);
        if (rows.length > 0) {
          throw new ImportTargetNotEmptyError(
            `The PostgreSQL database already holds data (table ${table}); migrate into an empty database.`,
          );
        }
      }
      // The schema's built-in partners make way for the source's, ids and all.
      await client.query('DELETE FROM partners');
      const rows: Record<string, number> = {};
      for (const table of TABLES) {
        rows[table] = await copyTable(db, client, table);
        options.onTable?.(table, rows[table]);
      }
      const meta = db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
      for (const { key, value } of meta) {
        if (key === LAST_UPDATED_KEY) continue;
        await client.query(
          'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          [key, String(value)],
        );
      }
      const recorded = Number(meta.find((row) => row.key === LAST_UPDATED_KEY)?.value ?? 0);
      const { rows: clock } = await client.query<{ stamp: number }>(
        `UPDATE catalogue_clock SET last_updated_ms = greatest($1::BIGINT,
           (SELECT coalesce(max(updated_ms), 0) FROM events), (SELECT coalesce(max(deleted_ms), 0) FROM tombstones))
         RETURNING last_updated_ms AS stamp`,
        [recorded],
      );
      // Rows came with their ids: serial columns go on after the largest one.
      for (const [table, column] of [
        ['commentaries', 'id'],
        ['clicks', 'id'],
        ['ingest_sources', 'seq'],
      ] as const) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${column}) FROM ${table}), 0) + 1, false)`,
          [table, column],
        );
      }
      const lastUpdatedMs = clock[0]?.stamp ?? 0;
      await client.query('SELECT pg_notify($1, $2)', [CATALOGUE_CHANNEL, String(lastUpdatedMs)]);
      return { rows, lastUpdatedMs };
    });
    await pool.query('ANALYZE');
    return { ...stats, durationMs: performance.now() - started };
  } finally {
    db.close();
    await pool.end();
  }
}
