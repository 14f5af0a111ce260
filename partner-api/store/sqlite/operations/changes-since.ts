import { indexedEvents, INDEXED_EVENT_COLUMNS, type IndexedEventRow } from '../../model/indexed-events';
import type { CatalogueChanges, FeedCursor } from '../../port';
import { LAST_UPDATED_KEY } from '../rows/next-updated-ms';
import type { Db } from '../open';
import { stmt } from '../statements';

/** Meta key of the catalogue's generation: replaced when the whole catalogue is (a reseed with reset). */
export const GENERATION_KEY = 'catalogue_generation';
/** Meta key: the latest `deleted_ms` among purged tombstones (see catalogue-page.ts). */
export const PURGED_THROUGH_KEY = 'tombstones_purged_through_ms';

function metaValue(db: Db, key: string): string | undefined {
  const row = stmt(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** The last `updated_ms` handed out (0 for a catalogue never written). */
export function lastUpdatedMs(db: Db): number {
  return Number(metaValue(db, LAST_UPDATED_KEY) ?? 0);
}

/** The catalogue's generation ('0' until a reseed replaces it). */
export function catalogueGeneration(db: Db): string {
  return metaValue(db, GENERATION_KEY) ?? '0';
}

/**
 * The change feed (CatalogueFeed.changesSince): events stamped after the cursor, in stamp order, cut at `limit`, and
 * the deletions stamped in the same range. One read transaction, so rows, tombstones and the last stamp agree.
 * SQLite serialises writers, so stamps commit in order and a delta can never skip a row.
 */
export function changesSince(db: Db, cursor: FeedCursor | null, limit: number): CatalogueChanges {
  return db.transaction(() => {
    const generation = catalogueGeneration(db);
    const last = lastUpdatedMs(db);
    const purgedThrough = Number(metaValue(db, PURGED_THROUGH_KEY) ?? -Infinity);
    const reset =
      cursor === null || cursor.generation !== generation || cursor.stamp > last || cursor.stamp < purgedThrough;
    const from = reset ? -Infinity : cursor.stamp;
    if (!reset && from === last) {
      return { reset, events: [], deletedIds: [], cursor: { generation, stamp: last }, complete: true };
    }
    const rows = stmt(
      db,
      `SELECT ${INDEXED_EVENT_COLUMNS} FROM events e WHERE e.updated_ms > ? ORDER BY e.updated_ms LIMIT ?`,
    )
      .raw()
      .all(from, limit) as IndexedEventRow[];
    const complete = rows.length < limit;
    const through = complete ? last : rows[rows.length - 1]![5];
    const partnerRows = stmt(
      db,
      'SELECT s.event_id, pa.name FROM events e JOIN sources s ON s.event_id = e.id ' +
        'JOIN partners pa ON pa.id = s.partner_id WHERE e.updated_ms > ? AND e.updated_ms <= ?',
    )
      .raw()
      .all(from, through) as [number, string][];
    const events = indexedEvents(rows, partnerRows);
    const deletedIds = reset
      ? []
      : (stmt(db, 'SELECT event_id FROM tombstones WHERE deleted_ms > ? AND deleted_ms <= ? ORDER BY deleted_ms')
          .pluck()
          .all(from, through) as number[]);
    return { reset, events, deletedIds, cursor: { generation, stamp: through }, complete };
  })();
}
