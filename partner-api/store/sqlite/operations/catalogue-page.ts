import type { CataloguePageData, CataloguePageRequest, CatalogueStateChanges } from '../../port';
import type { Db } from '../open';
import { stmt } from '../statements';
import { PURGED_THROUGH_KEY } from './changes-since';
import { eventJsonByIds } from './event-json-by-ids';

const META_UPSERT =
  'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/**
 * Drops tombstones older than the horizon and returns the latest deletion time no longer on record. 410 is keyed on
 * that, not on the horizon itself: a mirror of a catalogue that has not changed for 30 days gets an old
 * `lastUpdatedAt` from its fresh snapshot, and must be able to sync from it rather than loop on full resyncs. (A
 * snapshot cursor older than a purged deletion still gets 410s: docs/design.md §4.5's cursor cannot tell such a
 * mirror from one that might hold the deleted event.)
 */
function purgeTombstones(db: Db, horizon: number): number {
  const { purged } = stmt(db, 'SELECT max(deleted_ms) AS purged FROM tombstones WHERE deleted_ms < ?').get(horizon) as {
    purged: number | null;
  };
  const row = stmt(db, 'SELECT value FROM meta WHERE key = ?').get(PURGED_THROUGH_KEY) as { value: string } | undefined;
  const through = Math.max(row === undefined ? -Infinity : Number(row.value), purged ?? -Infinity);
  if (purged !== null) {
    db.transaction(() => {
      stmt(db, 'DELETE FROM tombstones WHERE deleted_ms < ?').run(horizon);
      stmt(db, META_UPSERT).run(PURGED_THROUGH_KEY, String(through));
    })();
  }
  return through;
}

function ids(db: Db, sql: string, params: unknown[]): number[] {
  return stmt(db, sql)
    .pluck()
    .all(...params) as number[];
}

/** The ids that changed state since `since` (docs/design.md §4.5), anywhere: the caller filters by location. */
function stateChanges(db: Db, request: CataloguePageRequest, since: number): CatalogueStateChanges {
  // With trackAvailabilities, a source that sold out also counts, even while the event has other sources left.
  const notAvailable = request.trackAvailabilities
    ? ids(
        db,
        'SELECT e.id FROM events e WHERE e.not_available_ms > ? OR (e.updated_ms > ? AND EXISTS ' +
          '(SELECT 1 FROM sources s WHERE s.event_id = e.id AND s.not_available_ms > ?)) ORDER BY e.id',
        [since, since, since],
      )
    : ids(db, 'SELECT e.id FROM events e WHERE e.not_available_ms > ? ORDER BY e.id', [since]);
  return {
    cancelled: ids(db, 'SELECT e.id FROM events e WHERE e.cancelled_ms > ? ORDER BY e.id', [since]),
    notAvailable,
    deleted: ids(db, 'SELECT event_id FROM tombstones WHERE deleted_ms > ? ORDER BY event_id', [since]),
  };
}

/** CatalogueReads.cataloguePage: purge, the resync check, the page's JSON and the state changes. */
export function cataloguePage(db: Db, request: CataloguePageRequest): CataloguePageData {
  const purgedThrough = purgeTombstones(db, request.tombstoneHorizonMs);
  if (request.since !== null && request.since < purgedThrough) return { kind: 'resync-required' };
  const items = eventJsonByIds(db, request.ids, { commentaries: true, performers: true });
  const changes =
    request.since !== null && request.withStateChanges
      ? stateChanges(db, request, request.since)
      : { cancelled: [], notAvailable: [], deleted: [] };
  return { kind: 'page', items, changes };
}
