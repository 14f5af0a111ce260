import { REINDEX_ALL_EVENTS_SQL } from './migrations/003-search';
import type { Db } from './open';

/** Catalogue tables whose secondary indexes a bulk load rebuilds at the end instead of updating row by row. */
const BULK_TABLES = ['events', 'sources', 'event_categories', 'event_performers', 'commentaries', 'places'];

/**
 * Runs a bulk load of the catalogue (the seed) in one transaction — all or nothing: readers see the old catalogue
 * until the new one is complete — and keeps that transaction linear in the number of events.
 *
 * Row by row, a load inside one transaction grows superlinearly (10 000 events: 8.5 s against 2 s in committed
 * batches; 20 000: 60 s against 3.9 s), for two reasons: every event's search trigger writes FTS5 rowids in random
 * order, which flushes a new index segment per event, and once the transaction outgrows the page cache, the random
 * inserts into the events' nine secondary indexes and the R*Tree spill and re-read pages without end. So, inside the transaction,
 * the events' triggers and the catalogue's secondary indexes are dropped, the rows loaded (appending in rowid
 * order), then the indexes recreated (one sort each), the events' search index rebuilt in rowid order and their
 * R*Tree boxes written in one pass (`insertEvent(…, inBulkLoad)` leaves them out: R*Tree nodes are random writes). Other
 * connections never see the dropped schema: DDL is transactional in SQLite.
 */
export function bulkLoad<T>(db: Db, load: () => T): T {
  return db.transaction(() => {
    const tables = BULK_TABLES.map(() => '?').join(', ');
    const indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables})`,
      )
      .all(...BULK_TABLES) as { name: string; sql: string }[];
    const triggers = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'`)
      .all() as { name: string; sql: string }[];
    for (const { name } of triggers) db.exec(`DROP TRIGGER "${name}"`);
    for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
    const result = load();
    for (const { sql } of indexes) db.exec(sql);
    db.exec(REINDEX_ALL_EVENTS_SQL);
    // The boxes as writeEventBox draws them: the event's position, its dates in whole minutes rounded outward.
    db.exec(`DELETE FROM event_boxes;
      INSERT INTO event_boxes SELECT id, lng, lng, lat, lat, start_ms / 60000, (end_ms + 59999) / 60000 FROM events`);
    for (const { sql } of triggers) db.exec(sql);
    return result;
  })();
}
