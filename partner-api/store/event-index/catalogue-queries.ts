import type { CataloguePage, CatalogueQuery, EventsPage, EventsQuery } from '../events-query';
import type { CatalogueReads } from '../port';
import type { ChangeFeedFollower } from './change-feed-follower';

/**
 * Tombstones of deleted events are kept this long; an older `lastUpdatedAt` needs a full resync (docs/design.md §4.5).
 */
export const TOMBSTONE_RETENTION_MS = 30 * 24 * 3_600_000;

/** Why a catalogue page cannot be served: a deletion after the client's `lastUpdatedAt` is no longer on record. */
export const RESYNC_REQUIRED = 'resync-required';

/** The events query and the catalogue feed, answered from the EventIndex and the store. */
export interface CatalogueQueries {
  /** `POST /v2/get/events`: the exact count of matching events and one page of their JSON (docs/design.md §4.4, §5). */
  findEvents(query: EventsQuery): Promise<EventsPage>;
  /**
   * `POST /v2/get/catalogue` at time `clockMs`: a snapshot or the changes since `query.since` (docs/design.md §4.5), or
   * `resync-required` when `since` predates the tombstone retention.
   */
  getCatalogue(query: CatalogueQuery, clockMs: number): Promise<CataloguePage | typeof RESYNC_REQUIRED>;
}

export function createCatalogueQueries(reads: CatalogueReads, follower: ChangeFeedFollower): CatalogueQueries {
  return {
    async findEvents(query) {
      // The hot path: filters, count and order in memory, then one store call for the page's JSON. A catch-up is
      // awaited only after a write of this process, so a client reads its own writes.
      const fresh = follower.freshness();
      if (fresh) await fresh;
      const { totalItems, ids } = follower.index.find(query);
      return { totalItems, items: await reads.eventJsonByIds(ids, query) };
    },

    async getCatalogue(query, clockMs) {
      // A mirror's cursor must never pass a change it was not shown: the index catches up with every change
      // committed so far, and the response's "now" is never before the last stamp handed out (the monotonic stamps
      // can run ahead of the wall clock), or an event ending between the two would never be reported as passed.
      await follower.catchUp();
      const index = follower.index;
      const now = Math.max(Math.trunc(clockMs), follower.stamp);
      const offset = (query.pageNumber - 1) * query.limit;
      const { totalItems, ids } = index.catalogue(query.location, query.since, now, offset, query.limit);
      const withStateChanges = query.since !== null && query.pageNumber === 1;
      const data = await reads.cataloguePage({
        ids,
        since: query.since,
        trackAvailabilities: query.trackAvailabilities,
        withStateChanges,
        tombstoneHorizonMs: now - TOMBSTONE_RETENTION_MS,
      });
      if (data.kind === 'resync-required') return RESYNC_REQUIRED;
      return {
        totalItems,
        items: data.items,
        eventIdsCancelled: index.inLocation(data.changes.cancelled, query.location),
        eventIdsNotAvailable: index.inLocation(data.changes.notAvailable, query.location),
        // Passed since then, or moved into the past by an update since then (a postponement undone, a date fixed).
        eventIdsPassed: withStateChanges ? index.passedSince(query.location, query.since!, now) : [],
        eventIdsDeleted: data.changes.deleted,
      };
    },
  };
}
