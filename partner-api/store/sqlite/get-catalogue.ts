import type { CataloguePage, CatalogueQuery } from '../events-query';
import { and, locationCondition, registerQueryFunctions, type SqlFragment } from './event-filter-sql';
import { eventIndex } from './event-index';
import { eventJsonByIds } from './find-events';
import { LAST_UPDATED_KEY } from './next-updated-ms';
import type { Db } from './open';
import { stmt } from './statements';

/**
 * Tombstones of deleted events are kept this long; an older `lastUpdatedAt` needs a full resync (docs/design.md §4.5).
 */
export const TOMBSTONE_RETENTION_MS = 30 * 24 * 3_600_000;

/** Why a catalogue page cannot be served: a deletion after the client's `lastUpdatedAt` is no longer on record. */
export const RESYNC_REQUIRED = 'resync-required';

/** Meta key: the latest `deleted_ms` among purged tombstones; a `lastUpdatedAt` before it may have missed one. */
const PURGED_THROUGH_KEY = 'tombstones_purged_through_ms';

/**
 * Drops tombstones older than the retention horizon and returns the latest deletion time no longer on record.
 * 410 is keyed on that, not on the horizon itself: a mirror of a catalogue that has not changed for 30 days gets an
 * old `lastUpdatedAt` from its fresh snapshot, and must be able to sync from it rather than loop on full resyncs.
 * (A snapshot cursor older than a purged deletion still gets 410s: docs/design.md §4.5's cursor cannot tell such a
 * mirror from one that might hold the deleted event.)
 */
function purgeTombstones(db: Db, horizon: number): number {
  const { purged } = stmt(db, 'SELECT max(deleted_ms) AS purged FROM tombstones WHERE deleted_ms < ?').get(horizon) as {
    purged: number | null;
  };
  const through = Math.max(readMetaMs(db, PURGED_THROUGH_KEY) ?? -Infinity, purged ?? -Infinity);
  if (purged !== null) {
    db.transaction(() => {
      stmt(db, 'DELETE FROM tombstones WHERE deleted_ms < ?').run(horizon);
      stmt(db, META_UPSERT).run(PURGED_THROUGH_KEY, String(through));
    })();
  }
  return through;
}

/** A time kept in `meta` (the statement nextUpdatedMs reads it with), or undefined when not set yet. */
function readMetaMs(db: Db, key: string): number | undefined {
  const row = stmt(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row === undefined ? undefined : Number(row.value);
}

const META_UPSERT =
  'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/**
 * The catalogue's "now": the clock, but never before the last `updatedAt` handed out. The monotonic clock can run
 * ahead of the wall clock (many writes in one millisecond), and a client's `lastUpdatedAt` must never be after the
 * "now" of the response it came from, or an event ending between the two would never be reported as passed.
 */
function catalogueNow(db: Db, clockMs: number): number {
  return Math.max(Math.trunc(clockMs), readMetaMs(db, LAST_UPDATED_KEY) ?? 0);
}

function ids(db: Db, sql: string, params: unknown[]): number[] {
  return db
    .prepare(sql)
    .pluck()
    .all(...params) as number[];
}

/**
 * Answers `POST /v2/get/catalogue` (docs/design.md §4.5). Without `since`: a snapshot of current events (not deleted,
 * not passed). With it: current events updated after `since`, ordered by updatedAt then id, and on page 1 the ids that
 * changed state since then (cancelled, became unavailable, passed, deleted). Returns RESYNC_REQUIRED when a
 * deletion after `since` was purged with the tombstones older than the retention.
 */
export function getCatalogue(db: Db, query: CatalogueQuery, clockMs: number): CataloguePage | typeof RESYNC_REQUIRED {
  registerQueryFunctions(db);
  const now = catalogueNow(db, clockMs);
  const horizon = now - TOMBSTONE_RETENTION_MS;
  const index = eventIndex(db);
  // The index learns of deletions from tombstones: let it see them before old ones are purged.
  index.refresh();
  const purgedThrough = purgeTombstones(db, horizon);
  if (query.since !== null && query.since < purgedThrough) return RESYNC_REQUIRED;

  const offset = (query.pageNumber - 1) * query.limit;
  const { totalItems, ids: pageIds } = index.catalogue(query.location, query.since, now, offset, query.limit);
  const location = locationCondition(query.location);
  const items = eventJsonByIds(db, pageIds, { commentaries: true, performers: true });
  const page: CataloguePage = {
    totalItems,
    items,
    eventIdsCancelled: [],
    eventIdsNotAvailable: [],
    eventIdsPassed: [],
    eventIdsDeleted: [],
  };
  if (query.since === null || query.pageNumber !== 1) return page;

  const since = query.since;
  const where = (fragment: SqlFragment): SqlFragment => and([fragment, location]);
  const cancelled = where({ sql: 'e.cancelled_ms > ?', params: [since] });
  page.eventIdsCancelled = ids(db, `SELECT e.id FROM events e WHERE ${cancelled.sql} ORDER BY e.id`, cancelled.params);
  // With trackAvailabilities, a source that sold out also counts, even while the event has other sources left.
  const notAvailable = where(
    query.trackAvailabilities
      ? {
          sql:
            '(e.not_available_ms > ? OR (e.updated_ms > ? AND EXISTS (SELECT 1 FROM sources s ' +
            'WHERE s.event_id = e.id AND s.not_available_ms > ?)))',
          params: [since, since, since],
        }
      : { sql: 'e.not_available_ms > ?', params: [since] },
  );
  page.eventIdsNotAvailable = ids(
    db,
    `SELECT e.id FROM events e WHERE ${notAvailable.sql} ORDER BY e.id`,
    notAvailable.params,
  );
  // Passed since then, or moved into the past by an update since then (a postponement undone, a wrong date fixed).
  page.eventIdsPassed = index.passedSince(query.location, since, now);
  page.eventIdsDeleted = ids(db, 'SELECT event_id FROM tombstones WHERE deleted_ms > ? ORDER BY event_id', [since]);
  return page;
}
