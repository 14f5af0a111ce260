import { EventColumns } from './columns';
import { DateIndex } from './date-index';
import { eventsTest, locationTest } from './filters';
import { SlotGrid } from './grid';
import { SortOrders } from './orders';
import { CandidatePlanner } from './planner';
import { PageWalk, type PageOfIds } from './walk';
import type { EventsQuery, LocationQuery } from './events-query';
import type { IndexedEvent } from './indexed-event';

/**
 * An in-memory, columnar copy of the columns the events query filters and sorts on, kept in each service process:
 * the one implementation of the events query's filters and sorts, whatever the store.
 *
 * Why (docs/design.md §5 allows "something measured to be better" than the 3-D R*Tree): joining R*Tree candidates to
 * the `events` rows costs a B-tree seek per candidate into a table whose rows carry the pre-serialized JSON, and a
 * country-wide month holds ~20 000 candidates; measured here, that count alone took 0.4–0.9 s at 100 000 events,
 * while one pass over typed arrays takes well under a millisecond. Exact counts, every filter and every sort are
 * answered from these arrays; the store then only serves the page's pre-serialized JSON by id.
 *
 * Consistency: the index knows only what it is given. `ChangeFeedFollower` (change-feed-follower.ts) builds it from
 * the store's change feed and applies each later change, so writes of this process, of other processes and of other
 * replicas all arrive the same way.
 *
 * This class is the index's one entry and only wires its parts, each with one job: the columns (columns.ts: the
 * events' storage), the sort orders (orders.ts), the date index (date-index.ts), the grid (grid.ts), the filters
 * (filters.ts: a query's predicate over slots), the planner (planner.ts: which candidates to test) and the walk
 * (walk.ts: ordering and paging the matches, the catalogue's pages).
 */
export class EventIndex {
  private readonly columns = new EventColumns();
  private readonly orders = new SortOrders(this.columns);
  private readonly dates = new DateIndex(this.columns, this.orders);
  private readonly grid = new SlotGrid(this.columns);
  private readonly planner = new CandidatePlanner(this.columns, this.dates, this.grid);
  private readonly walk = new PageWalk(this.columns, this.orders);

  /** An index of these events (a snapshot from the change feed). */
  static of(events: readonly IndexedEvent[]): EventIndex {
    const index = new EventIndex();
    // Slots in start order: the date index's ranges (sorted by start) then visit the columns almost sequentially,
    // instead of one cache miss per column and candidate at 1 000 000 events.
    const sorted = [...events].sort((a, b) => a.startMs - b.startMs);
    index.columns.grow(Math.max(1024, sorted.length * 2));
    for (const event of sorted) index.upsert(event);
    return index;
  }

  /** How many events the index holds. */
  get count(): number {
    return this.columns.count;
  }

  /** Applies changes from the feed: deletions, then created or changed events (their current state). */
  apply(events: readonly IndexedEvent[], deletedIds: readonly number[]): void {
    if (events.length === 0 && deletedIds.length === 0) return;
    const changed: number[] = [];
    for (const id of deletedIds) {
      const slot = this.columns.remove(id);
      if (slot >= 0) changed.push(slot);
    }
    for (const event of events) changed.push(this.upsert(event));
    if (changed.length > 0) {
      const changedSet = new Set(changed);
      this.orders.patch(changed, changedSet);
      this.dates.patch(changed, changedSet);
    }
  }

  /** Writes an event into a slot (a new slot for a new or changed event: the old one dies); returns the slot. */
  private upsert(event: IndexedEvent): number {
    const columns = this.columns;
    columns.retire(event.id);
    if (columns.size === columns.capacity) {
      if (columns.dead > columns.size / 2) {
        // Every slot number changes: what is built on them is dropped (orders, date index) or rebuilt (grid).
        columns.compact();
        this.orders.clear();
        this.dates.clear();
        this.grid.rebuild();
      }
      if (columns.size === columns.capacity) columns.grow(columns.capacity * 2);
    }
    const s = columns.append(event);
    this.grid.add(s, event.lng, event.lat);
    return s;
  }

  /** The slots matching every filter of a query (its order and page aside); valid until the next query. */
  private matching(query: EventsQuery): Int32Array {
    return this.planner.matches(query, eventsTest(this.columns, query));
  }

  /**
   * Every match of a query's filters (order and page aside) with the columns an aggregation over them reads: what
   * the web app's map clusters and chip counts are computed from (lib/event-index/aggregate.ts). The slots and
   * columns are views of the index: valid until its next query or change.
   */
  matchSet(query: EventsQuery): MatchSet {
    const { ids, lng, lat, mask, label, labelNames } = this.columns;
    return { slots: this.matching(query), ids, lng, lat, mask, label, labelNames };
  }

  /**
   * The web app's read model's one pass over a query's candidates (lib/event-index/view-aggregate.ts): every match
   * (as matchSet) and the page (as find), calling `visit` with the category bits of each slot that passes every
   * filter but the categories one — what the chips count. `compactions` tells a cache of per-slot values whether the
   * slots were renumbered since (EventColumns.compactions). The service does not use it.
   */
  matchesAndPage(
    query: EventsQuery,
    visit: (mask: number) => void,
  ): { matches: MatchSet; page: PageOfIds; compactions: number } {
    const mask = this.columns.mask;
    const others = eventsTest(this.columns, { ...query, categories: null });
    // The categories filter alone: the same predicate with every other filter open (filters.ts stays as the service
    // runs it).
    const inCategories =
      query.categories === null
        ? null
        : eventsTest(this.columns, {
            ...query,
            minMs: Number.NEGATIVE_INFINITY,
            maxMs: Number.POSITIVE_INFINITY,
            sources: null,
            location: null,
            prices: null,
          });
    // The categories filter does not choose candidates (planner.ts): the same candidates serve both questions.
    const test =
      inCategories === null
        ? (s: number) => {
            if (!others(s)) return false;
            visit(mask[s]!);
            return true;
          }
        : (s: number) => {
            if (!others(s)) return false;
            visit(mask[s]!);
            return inCategories(s);
          };
    const slots = this.planner.matches(query, test);
    const { ids, lng, lat, label, labelNames, compactions } = this.columns;
    return {
      matches: { slots, ids, lng, lat, mask, label, labelNames },
      page: this.walk.page(query, slots),
      compactions,
    };
  }

  /** Exact count and the ids of one page of an events query (docs/design.md §4.4 semantics). */
  find(query: EventsQuery): { totalItems: number; ids: number[]; candidates: number } {
    const matches = this.matching(query);
    return { ...this.walk.page(query, matches), candidates: this.planner.lastCandidates };
  }

  /**
   * Catalogue events: current (`end > now`), updated after `since` when given, in the location; ordered by
   * updatedAt (unique), so the scan starts at the first slot updated after `since`.
   */
  catalogue(
    location: LocationQuery | null,
    since: number | null,
    now: number,
    offset: number,
    limit: number,
  ): { totalItems: number; ids: number[] } {
    return this.walk.catalogue(locationTest(this.columns, location), since, now, offset, limit);
  }

  /** Each id's `updatedAt` as this index holds it (NaN for an id it does not hold). */
  versionsOf(ids: readonly number[]): number[] {
    const { slotOf, updated } = this.columns;
    return ids.map((id) => {
      const slot = slotOf.get(id);
      return slot === undefined ? NaN : updated[slot]!;
    });
  }

  /** The ids (of events this index holds) whose position is in the location, in the given order. */
  inLocation(ids: readonly number[], location: LocationQuery | null): number[] {
    const test = locationTest(this.columns, location);
    const slotOf = this.columns.slotOf;
    const out: number[] = [];
    for (const id of ids) {
      const slot = slotOf.get(id);
      if (slot !== undefined && (test === null || test(slot))) out.push(id);
    }
    return out;
  }

  /** Ids of events that passed (`end <= now`) and either ended after `since` or were updated after it. */
  passedSince(location: LocationQuery | null, since: number, now: number): number[] {
    return this.walk.passedSince(locationTest(this.columns, location), since, now);
  }
}

/** The matches of a query and the columns of the index they are slots of (see EventIndex.matchSet). */
export interface MatchSet {
  slots: Int32Array;
  ids: Float64Array;
  lng: Float64Array;
  lat: Float64Array;
  /** Category bits (bit i = MAIN_CATEGORIES[i]; 0 = none). */
  mask: Int32Array;
  /** Index into labelNames, -1 = none. */
  label: Int32Array;
  labelNames: readonly string[];
}
