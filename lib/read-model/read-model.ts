import 'server-only';
import type {
  TEvent,
  TExplorerEvent,
  TGetEventsRequest,
  TMapPlaceWithEvents,
  TPagination,
  TPerformer,
} from '@/lib/contract';
import { LRUCache } from 'lru-cache';
import { clusterCellDegrees, type MatchCluster } from '@/lib/event-index/aggregate';
import { EventIndex } from '@/lib/event-index/event-index';
import { toEventsQuery } from '@/lib/event-index/events-query';
import { paginate } from '@/lib/event-index/pagination';
import { ViewAggregator } from '@/lib/event-index/view-aggregate';
import { mergeOverlappingGroups } from '@/lib/explorer/merge-groups';
import type { MirrorDb } from '@/lib/mirror/mirror-db';
import { readModelReady, type MirrorChange } from '@/lib/mirror/sync-catalogue';
import type { IndexedEvent } from '@/lib/event-index/indexed-event';
import { indexedEventOf, type ReadEventRow } from './event-row';

/** What a view asks of the read model: the events query (the spec's body) and the map's zoom. */
export interface ViewQuery {
  body: TGetEventsRequest;
  zoom: number;
  /** The query's "now" (date window defaults, live = the next 3 hours). */
  now: number;
}

/** A view's answer from the read model: TExplorerView without where it came from. */
export interface ReadModelView {
  data: TExplorerEvent[];
  pagination: TPagination;
  clusters: MatchCluster[];
  categoryCounts: Partial<Record<string, number>>;
}

const INDEX_COLUMNS =
  'id, lng, lat, start_ms AS startMs, end_ms AS endMs, updated_ms AS updatedMs, lowest_price AS lowestPrice, ' +
  'highest_price AS highestPrice, category_mask AS categoryMask, partners, town';

type IndexRow = Omit<ReadEventRow, 'card' | 'event'>;

/** Whole answers kept (the views visitors are asking for now: a few hundred KB at most, ~40 KB of JSON each). */
const VIEW_CACHE_ENTRIES = 128;
/**
 * An answer whose window is relative to "now" (the default window, live = the next 3 hours, a window with no start)
 * is kept for the rest of the minute it was computed in: it may miss an event that started or ended since, by less
 * than a minute. An answer with explicit dates does not depend on the time.
 */
const NOW_BUCKET_MS = 60_000;

/**
 * The web app's read model of the catalogue (DESIGN §8): the service's own EventIndex (lib/event-index), built from
 * the mirror's `read_events` rows and kept current by the mirror's sync, page by page. It answers the explorer's view
 * queries — exact totals, clusters and chip counts over every match, a page of cards — with the service's semantics,
 * and keeps each event's last known JSON as the fallback of event pages when the Partner API fails.
 *
 * Until the mirror holds a complete copy (a first snapshot), the read model is cold: `ready()` is false and callers
 * ask the Partner API live.
 */
export class ReadModel {
  private index: EventIndex | null = null;
  private aggregator: ViewAggregator | null = null;
  /**
   * Whole answers by (normalized query, cell size, minute when the query depends on "now"), emptied whenever the index
   * changes (a page the sync applied): an answer is never older than the copy it came from. Callers must not mutate a
   * view (explorerView spreads it into the route's answer).
   */
  private readonly views = new LRUCache<string, ReadModelView>({ max: VIEW_CACHE_ENTRIES });

  constructor(private readonly db: MirrorDb) {}

  /** Whether the mirror holds a complete copy to answer from. */
  ready(): boolean {
    return readModelReady(this.db);
  }

  /** The index, built from the mirror at first use once the copy is complete. */
  private current(): EventIndex | null {
    if (this.index === null && this.ready()) {
      this.index = EventIndex.of(this.indexedEvents());
      this.aggregator = new ViewAggregator(this.index);
      this.views.clear();
    }
    return this.index;
  }

  /**
   * Every row as the index's entry, read as arrays one at a time (`raw().iterate()`): one object per event instead of
   * a row object and then an entry (at 1 000 000 events, most of the cold start was the garbage collector's), and the
   * partners' JSON parsed once per distinct value (a few partners make most of the catalogue).
   */
  private indexedEvents(): IndexedEvent[] {
    const partners = new Map<string, string[]>();
    const events: IndexedEvent[] = [];
    const rows = this.db.prepare(`SELECT ${INDEX_COLUMNS} FROM read_events`).raw().iterate() as IterableIterator<
      [number, number, number, number, number, number, number | null, number | null, number, string, string | null]
    >;
    for (const [id, lng, lat, startMs, endMs, updatedMs, lowestPrice, highestPrice, categoryMask, json, town] of rows) {
      let names = partners.get(json);
      if (names === undefined) {
        names = JSON.parse(json) as string[];
        partners.set(json, names);
      }
      events.push(
        indexedEventOf(
          {
            id,
            lng,
            lat,
            startMs,
            endMs,
            updatedMs,
            lowestPrice,
            highestPrice,
            categoryMask,
            partners: json,
            town,
          },
          names,
        ),
      );
    }
    return events;
  }

  /** Builds the index now (at start) rather than on the first view; false while the copy is cold. */
  warm(): boolean {
    return this.current() !== null;
  }

  /** How many events the index holds (0 when cold). */
  get count(): number {
    return this.current()?.count ?? 0;
  }

  /** Applies a page the mirror's sync wrote (an index not built yet reads everything when it is). */
  apply(change: MirrorChange): void {
    if (this.index === null) return;
    const rows = this.rowsOf(change.upserted, INDEX_COLUMNS) as IndexRow[];
    const held = new Set(rows.map((row) => row.id));
    // An event written then dropped within the same page is gone.
    const removed = [...change.removed, ...change.upserted.filter((id) => !held.has(id))];
    this.index.apply(
      rows.map((row) => indexedEventOf(row)),
      removed,
    );
    // Cards too come from the rows this page rewrote: every kept answer may be stale.
    if (rows.length > 0 || removed.length > 0) this.views.clear();
  }

  private rowsOf(ids: readonly number[], columns: string): unknown[] {
    if (ids.length === 0) return [];
    return this.db
      .prepare(`SELECT ${columns} FROM read_events WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids));
  }

  /**
   * A view's answer, or null while the copy is cold: from the answers kept (see `views`), else computed in one pass
   * over the index (ViewAggregator).
   */
  view({ body, zoom, now }: ViewQuery): ReadModelView | null {
    const index = this.current();
    if (index === null) return null;
    const query = toEventsQuery(body, now);
    const cellDeg = clusterCellDegrees(zoom);
    const key = viewKey(body, cellDeg, now);
    const kept = this.views.get(key);
    if (kept !== undefined) return kept;
    const { page, clusters, categoryCounts } = this.aggregator!.view(query, cellDeg);
    const cards = new Map(
      (this.rowsOf(page.ids, 'id, card') as { id: number; card: string }[]).map((row) => [row.id, row.card]),
    );
    const data: TExplorerEvent[] = [];
    for (const id of page.ids) {
      const card = cards.get(id);
      if (card !== undefined) data.push(JSON.parse(card) as TExplorerEvent);
    }
    const view: ReadModelView = {
      data,
      pagination: paginate(page.totalItems, query.limit, query.pageNumber),
      clusters: mergeOverlappingGroups(clusters, zoom),
      categoryCounts,
    };
    this.views.set(key, view);
    return view;
  }

  /*
   * The fallbacks of the record pages when the Partner API fails: the mirror's last copies, whatever the
   * state of the index (a copy still being completed is better than an error page).
   */

  /** The mirror's last copy of an event (the catalogue's TEvent), or null when it holds none. */
  event(id: number): TEvent | null {
    const row = this.db.prepare('SELECT event FROM read_events WHERE id = ?').get(id) as { event: string } | undefined;
    return row ? (JSON.parse(row.event) as TEvent) : null;
  }

  /** A map place and its current events (soonest first) from the copy, or null when no copied event is there. */
  place(mapPlaceId: string): TMapPlaceWithEvents | null {
    const events = this.eventsWhere(
      'SELECT r.event FROM events e JOIN read_events r ON r.id = e.id WHERE e.map_place_id = ? ORDER BY r.start_ms, r.id',
      mapPlaceId,
    );
    const mapPlace = events[0]?.mapPlace;
    return mapPlace ? { ...mapPlace, events } : null;
  }

  /** A performer and their current events (soonest first) from the copy, or null when no copied event has them. */
  performer(id: number): TPerformer | null {
    const events = this.eventsWhere(
      `SELECT r.event FROM event_performers p JOIN read_events r ON r.id = p.event_id WHERE p.performer_id = ?
       ORDER BY r.start_ms, r.id`,
      id,
    );
    const short = events.flatMap((event) => event.performers).find((performer) => performer.id === id);
    if (!short) return null;
    return {
      id,
      name: short.name,
      image: short.image,
      squareImage: null,
      rectangleImage: null,
      webImage: short.webImage,
      events,
    };
  }

  private eventsWhere(sql: string, key: string | number): TEvent[] {
    return (this.db.prepare(sql).pluck().all(key) as string[]).map((json) => JSON.parse(json) as TEvent);
  }
}

/**
 * The cache key of a view: the query with every default applied (two spellings of one question share it), the cell
 * size the zoom gives, and — only when the query's window moves with "now" — the minute of `now`.
 */
export function viewKey(body: TGetEventsRequest, cellDeg: number, now: number): string {
  // Resolved at two instants: a window that moves with "now" differs, one with explicit dates does not.
  const at0 = toEventsQuery(body, 0);
  const at1 = toEventsQuery(body, 1);
  const relative = at0.minMs !== at1.minMs || at0.maxMs !== at1.maxMs;
  return JSON.stringify([at0, cellDeg, relative ? Math.floor(now / NOW_BUCKET_MS) : null]);
}
