import type { CataloguePage, CatalogueQuery, EventsQuery, FoundEvents } from '../events-query';
import type { EventIndex } from '@/lib/event-index/event-index';
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
  findEvents(query: EventsQuery): Promise<FoundEvents>;
  /**
   * `POST /v2/get/catalogue` at time `clockMs`: a snapshot or the changes since `query.since` (docs/design.md §4.5), or
   * `resync-required` when `since` predates the tombstone retention.
   */
  getCatalogue(query: CatalogueQuery, clockMs: number): Promise<CataloguePage | typeof RESYNC_REQUIRED>;
}

/** Snapshot walks read one page ahead at most this many at a time (each holds a page's JSON, ~1.7 MB at 500 events). */
const PAGES_AHEAD = 8;

/** A snapshot page read before it was asked for, valid only for the index state it was read at. */
interface PageAhead {
  index: EventIndex;
  stamp: number;
  ids: readonly number[];
  items: Promise<Buffer[] | null>;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Mirrors walk a snapshot page after page. When the store's reads wait on another process (PostgreSQL), the next
 * page's JSON is read while the current one is sent and the client stores it, so the database's work overlaps the
 * rest. A page read ahead is served only if nothing was committed since (the change feed's stamp and the index are
 * the ones it was read at) and its ids are the ones the request selects now: what a fresh read would return.
 */
function createReadAhead(reads: CatalogueReads) {
  const pages = new Map<string, PageAhead>();
  const keyOf = (query: CatalogueQuery, pageNumber: number) =>
    `${pageNumber}/${query.limit}/${JSON.stringify(query.location)}`;
  return {
    /** The items read ahead for this page, or null when there are none still valid. */
    async take(query: CatalogueQuery, index: EventIndex, stamp: number, ids: readonly number[]) {
      const key = keyOf(query, query.pageNumber);
      const ahead = pages.get(key);
      if (!ahead) return null;
      pages.delete(key);
      if (ahead.index !== index || ahead.stamp !== stamp || !sameIds(ahead.ids, ids)) return null;
      return ahead.items;
    },
    /** Starts reading the page after this one. */
    start(query: CatalogueQuery, index: EventIndex, stamp: number, ids: readonly number[]) {
      if (ids.length === 0) return;
      const key = keyOf(query, query.pageNumber + 1);
      pages.delete(key);
      while (pages.size >= PAGES_AHEAD) pages.delete(pages.keys().next().value as string);
      const items = reads
        .cataloguePage({ ids, since: null, trackAvailabilities: false, withStateChanges: false, tombstoneHorizonMs: 0 })
        // A failed read ahead is no answer to anyone: the request for that page reads it again.
        .then((data) => (data.kind === 'page' ? data.items : null))
        .catch(() => null);
      pages.set(key, { index, stamp, ids, items });
    },
  };
}

export function createCatalogueQueries(reads: CatalogueReads, follower: ChangeFeedFollower): CatalogueQueries {
  const readAhead = reads.readsAhead ? createReadAhead(reads) : null;
  return {
    async findEvents(query) {
      // The hot path: filters, count and order in memory, then one store call for the page's JSON. A catch-up is
      // awaited only after a write of this process, so a client reads its own writes.
      const fresh = follower.freshness();
      if (fresh) await fresh;
      const index = follower.index;
      const { totalItems, ids, candidates } = index.find(query);
      return { totalItems, candidates, items: await reads.eventJsonByIds(ids, query, index.versionsOf(ids)) };
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
      if (readAhead && query.since === null) {
        const stamp = follower.stamp;
        const items = (await readAhead.take(query, index, stamp, ids)) ?? (await readSnapshotItems(reads, ids, now));
        if (offset + query.limit < totalItems) {
          readAhead.start(
            query,
            index,
            stamp,
            index.catalogue(query.location, null, now, offset + query.limit, query.limit).ids,
          );
        }
        return {
          totalItems,
          items,
          eventIdsCancelled: [],
          eventIdsNotAvailable: [],
          eventIdsPassed: [],
          eventIdsDeleted: [],
        };
      }
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

/** A snapshot page's items (a snapshot has no state changes, and never needs a resync). */
async function readSnapshotItems(reads: CatalogueReads, ids: readonly number[], now: number): Promise<Buffer[]> {
  const data = await reads.cataloguePage({
    ids,
    since: null,
    trackAvailabilities: false,
    withStateChanges: false,
    tombstoneHorizonMs: now - TOMBSTONE_RETENTION_MS,
  });
  if (data.kind !== 'page') throw new Error('a snapshot page cannot require a resync');
  return data.items;
}
