import type { PostgresMigration } from './migration';

/*
 * Each event's JSON fragments (~3.5 kB a row) are compressed in place by PostgreSQL, with pglz unless told otherwise,
 * and every page read decompresses them all: for a catalogue walk, 500 events a page, pglz's decompression was the
 * largest part of the server's work. LZ4 decompresses several times faster for about the same size (measured at 100 000
 * events: 185 MB against 175 MB, docs/performance.md). It applies to values written from now on (a seed, a migration
 * with `migrate-store`, every write); rows written before keep pglz until rewritten, and both read correctly.
 * LZ4 needs PostgreSQL 14 built with it (Debian's is): elsewhere the columns keep the default and nothing else changes.
 */
export const eventJsonLz4Migration: PostgresMigration = {
  version: 5,
  name: 'event-json-lz4',
  sql: `
DO $$
BEGIN
  IF current_setting('server_version_num')::INTEGER >= 140000 THEN
    EXECUTE 'ALTER TABLE events
      ALTER COLUMN body SET COMPRESSION lz4,
      ALTER COLUMN commentaries_json SET COMPRESSION lz4,
      ALTER COLUMN performers_json SET COMPRESSION lz4';
  END IF;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
`,
};
