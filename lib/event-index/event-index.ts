import { MAIN_CATEGORIES, type TPricesFilter } from '@/lib/contract';
import { pricesMatch } from '@/lib/contract/prices';
import { SPAN_CLASSES_MS, spanClass, startBound } from './date-index';
import { circleBoxes, haversineMeters, rectangleBoxes } from './geo';
import { cellKey, CELL_SEARCH_COST, gridCells } from './grid';
import { mergedOrder, slotComparator, type OrderColumns, type OrderKey } from './orders';
import { SNAPSHOT_CURSORS, type SnapshotCursor } from './snapshot-cursor';
import type { EventsQuery, LocationQuery, PriceQuery } from './events-query';
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
 */
export class EventIndex {
  private capacity = 0;
  private size = 0;
  private ids = new Float64Array(0);
  private lng = new Float64Array(0);
  private lat = new Float64Array(0);
  private start = new Float64Array(0);
  private end = new Float64Array(0);
  private updated = new Float64Array(0);
  /** NaN = unknown price. */
  private lowest = new Float64Array(0);
  private highest = new Float64Array(0);
  private mask = new Int32Array(0);
  private alive = new Uint8Array(0);
  private partners: (number[] | undefined)[] = [];
  /** Index into `labelNames` of each slot's label (IndexedEvent.label), -1 = none. */
  private label = new Int32Array(0);
  private readonly labelNames: string[] = [];
  private readonly labelIds = new Map<string, number>();
  private readonly slotOf = new Map<number, number>();
  /** Slots by grid cell (CELL_DEG degrees), so small viewports visit only their cells; may hold dead slots. */
  private readonly grid = new Map<number, number[]>();
  /**
   * A cell's slots in the date index's duration classes, each sorted by start (as `spans`, per cell): a small
   * viewport's candidates for a window are then a few ranges per cell. Built on first use, dropped when a slot is
   * added to the cell; may hold dead slots.
   */
  private readonly cellSpans = new Map<number, Int32Array[]>();
  private dead = 0;
  /** Slots sorted by each order key (id as tie-breaker), rebuilt lazily and patched on small deltas. */
  private readonly orders = new Map<string, Int32Array>();
  /**
   * The date index: live slots by duration class (SPAN_CLASSES_MS), each sorted by start. An event of class k
   * overlapping [minMs, maxMs] starts in [minMs - SPAN_CLASSES_MS[k], maxMs]: a few binary searches bound the
   * candidates of a date window, long events (exhibitions) apart so they do not widen the short ones' range.
   * Built lazily, patched like the orders; null = rebuild on next use.
   */
  private spans: Int32Array[] | null = null;
  /** Positions of slots in each order, valid while `order` is the order's current array (see rank()). */
  private readonly ranks = new Map<string, { order: Int32Array; positions: Int32Array }>();
  /**
   * Where the last few snapshot pages ended: a catalogue walk then reads each page from where its previous page ended
   * instead of recounting the current events before it (which made a walk quadratic). Each is valid while both orders
   * are the same arrays, the clock has not gone back, and no event has passed since (the count of passed events,
   * `passed`, is unchanged).
   */
  private snapshotCursors: SnapshotCursor[] = [];
  /** Scratch space of matches(). */
  private matchBuffer = new Int32Array(0);
  /** Slots the last `matches` pass examined (the candidate set it chose), for the events query's metric. */
  private candidates = 0;
  /** Per-slot query stamps: a slot matched the current query when `stamp[slot] === epoch` (no clearing needed). */
  private stamp = new Uint32Array(0);
  private epoch = 0;
  /** Partner names the `sources` filter matches, as small numbers (the slots' `partners`). */
  private readonly partnerIds = new Map<string, number>();

  /** An index of these events (a snapshot from the change feed). */
  static of(events: readonly IndexedEvent[]): EventIndex {
    const index = new EventIndex();
    // Slots in start order: the date index's ranges (sorted by start) then visit the columns almost sequentially,
    // instead of one cache miss per column and candidate at 1 000 000 events.
    const sorted = [...events].sort((a, b) => a.startMs - b.startMs);
    index.grow(Math.max(1024, sorted.length * 2));
    for (const event of sorted) index.upsert(event);
    return index;
  }

  /** How many events the index holds. */
  get count(): number {
    return this.slotOf.size;
  }

  /** Applies changes from the feed: deletions, then created or changed events (their current state). */
  apply(events: readonly IndexedEvent[], deletedIds: readonly number[]): void {
    if (events.length === 0 && deletedIds.length === 0) return;
    const changed: number[] = [];
    for (const id of deletedIds) this.remove(id, changed);
    for (const event of events) changed.push(this.upsert(event));
    if (changed.length > 0) this.patchOrders(changed);
  }

  private partnerId(name: string): number {
    let id = this.partnerIds.get(name);
    if (id === undefined) {
      id = this.partnerIds.size;
      this.partnerIds.set(name, id);
    }
    return id;
  }

  private labelId(name: string): number {
    let id = this.labelIds.get(name);
    if (id === undefined) {
      id = this.labelNames.length;
      this.labelNames.push(name);
      this.labelIds.set(name, id);
    }
    return id;
  }

  private grow(capacity: number): void {
    const copy = <T extends Float64Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(a.subarray(0, this.size));
      return next;
    };
    this.ids = copy(this.ids, (n) => new Float64Array(n));
    this.lng = copy(this.lng, (n) => new Float64Array(n));
    this.lat = copy(this.lat, (n) => new Float64Array(n));
    this.start = copy(this.start, (n) => new Float64Array(n));
    this.end = copy(this.end, (n) => new Float64Array(n));
    this.updated = copy(this.updated, (n) => new Float64Array(n));
    this.lowest = copy(this.lowest, (n) => new Float64Array(n));
    this.highest = copy(this.highest, (n) => new Float64Array(n));
    this.mask = copy(this.mask, (n) => new Int32Array(n));
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    this.label = copy(this.label, (n) => new Int32Array(n));
    this.stamp = new Uint32Array(capacity);
    this.epoch = 0;
    this.capacity = capacity;
  }

  private remove(id: number, changed: number[]): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.partners[slot] = undefined;
    this.slotOf.delete(id);
    this.dead += 1;
    changed.push(slot);
  }

  /** Writes an event into a slot (a new slot for a new or changed event: the old one dies); returns the slot. */
  private upsert(event: IndexedEvent): number {
    const old = this.slotOf.get(event.id);
    if (old !== undefined) {
      this.alive[old] = 0;
      this.partners[old] = undefined;
      this.dead += 1;
    }
    if (this.size === this.capacity) {
      if (this.dead > this.size / 2) this.compact();
      if (this.size === this.capacity) this.grow(this.capacity * 2);
    }
    const s = this.size++;
    const unknownPrice = event.lowestPrice === null || event.highestPrice === null;
    this.ids[s] = event.id;
    this.lng[s] = event.lng;
    this.lat[s] = event.lat;
    this.start[s] = event.startMs;
    this.end[s] = event.endMs;
    this.updated[s] = event.updatedMs;
    this.lowest[s] = unknownPrice ? NaN : event.lowestPrice!;
    this.highest[s] = unknownPrice ? NaN : event.highestPrice!;
    this.mask[s] = event.categoryMask;
    this.alive[s] = 1;
    this.label[s] = event.label === undefined ? -1 : this.labelId(event.label);
    const partners: number[] = [];
    for (const name of event.partners) {
      const id = this.partnerId(name);
      if (!partners.includes(id)) partners.push(id);
    }
    this.partners[s] = partners;
    this.slotOf.set(event.id, s);
    const key = cellKey(event.lng, event.lat);
    const cell = this.grid.get(key);
    if (cell) cell.push(s);
    else this.grid.set(key, [s]);
    this.cellSpans.delete(key);
    return s;
  }

  /** Drops dead slots (orders are rebuilt on next use). */
  private compact(): void {
    let w = 0;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      if (w !== s) {
        this.ids[w] = this.ids[s]!;
        this.lng[w] = this.lng[s]!;
        this.lat[w] = this.lat[s]!;
        this.start[w] = this.start[s]!;
        this.end[w] = this.end[s]!;
        this.updated[w] = this.updated[s]!;
        this.lowest[w] = this.lowest[s]!;
        this.highest[w] = this.highest[s]!;
        this.mask[w] = this.mask[s]!;
        this.label[w] = this.label[s]!;
        this.alive[w] = 1;
        this.partners[w] = this.partners[s];
        this.slotOf.set(this.ids[w]!, w);
      }
      w++;
    }
    this.partners.length = w;
    this.size = w;
    this.dead = 0;
    this.orders.clear();
    this.spans = null;
    this.grid.clear();
    this.cellSpans.clear();
    for (let slot = 0; slot < w; slot++) {
      const key = cellKey(this.lng[slot]!, this.lat[slot]!);
      const cell = this.grid.get(key);
      if (cell) cell.push(slot);
      else this.grid.set(key, [slot]);
    }
  }

  /** The columns the sort orders compare (the arrays are replaced when the index grows). */
  private orderColumns(): OrderColumns {
    const { ids, start, end, updated, lowest, highest } = this;
    return { ids, start, end, updated, lowest, highest };
  }

  private order(key: OrderKey): Int32Array {
    let order = this.orders.get(key);
    if (!order) {
      const slots: number[] = [];
      for (let s = 0; s < this.size; s++) if (this.alive[s]) slots.push(s);
      order = Int32Array.from(slots.sort(slotComparator(this.orderColumns(), key)));
      this.orders.set(key, order);
    }
    return order;
  }

  /** Removes dead slots from each built order and merges the changed live slots in: O(n) instead of a re-sort. */
  private patchOrders(changed: number[]): void {
    const changedSet = new Set(changed);
    for (const [key, order] of this.orders) {
      if (changed.length > order.length / 8) {
        this.orders.delete(key);
        continue;
      }
      const compare = slotComparator(this.orderColumns(), key as OrderKey);
      this.orders.set(
        key,
        mergedOrder(order, changedSet, changed.filter((s) => this.alive[s]).sort(compare), compare, this.alive),
      );
    }
    if (this.spans !== null) {
      if (changed.length > (this.size - this.dead) / 8) {
        this.spans = null;
        return;
      }
      const compare = slotComparator(this.orderColumns(), 'startDate');
      this.spans = this.spans.map((span, k) =>
        mergedOrder(
          span,
          changedSet,
          changed.filter((s) => this.alive[s] && spanClass(this.start, this.end, s) === k).sort(compare),
          compare,
          this.alive,
        ),
      );
    }
  }

  private spanIndex(): Int32Array[] {
    if (this.spans === null) {
      const classes: number[][] = SPAN_CLASSES_MS.map(() => []);
      const byStart = this.order('startDate');
      for (let i = 0; i < byStart.length; i++) classes[spanClass(this.start, this.end, byStart[i]!)]!.push(byStart[i]!);
      this.spans = classes.map((slots) => Int32Array.from(slots));
    }
    return this.spans;
  }

  /** A predicate over slots for the location filter (null = everything). */
  private locationTest(location: LocationQuery | null): ((s: number) => boolean) | null {
    if (location === null) return null;
    const { lng, lat } = this;
    if (location.kind === 'rectangle') {
      const [first, second] = rectangleBoxes(location);
      return (s) => {
        const y = lat[s]!;
        if (y < location.minLat || y > location.maxLat) return false;
        const x = lng[s]!;
        return (
          (x >= first!.minLng && x <= first!.maxLng) ||
          (second !== undefined && x >= second.minLng && x <= second.maxLng)
        );
      };
    }
    const boxes = circleBoxes(location.lng, location.lat, location.maxDistance);
    return (s) => {
      const x = lng[s]!;
      const y = lat[s]!;
      let inBox = false;
      for (const box of boxes) {
        if (x >= box.minLng && x <= box.maxLng && y >= box.minLat && y <= box.maxLat) inBox = true;
      }
      return inBox && haversineMeters(x, y, location.lng, location.lat) <= location.maxDistance;
    };
  }

  private priceTest(prices: PriceQuery | null): ((s: number) => boolean) | null {
    if (prices === null) return null;
    if (prices.known === undefined && prices.lowest === undefined && prices.highest === undefined) return null;
    // The spec's rule is pricesMatch's (lib/contract/prices.ts), the same the web app's search results apply; here
    // it reads the columns, an unknown price being NaN.
    const filter: TPricesFilter = {
      ...(prices.lowest !== undefined && { lowestPrice: prices.lowest }),
      ...(prices.highest !== undefined && { highestPrice: prices.highest }),
      ...(prices.known !== undefined && { hasKnownPrice: prices.known }),
    };
    const unknownMatches = pricesMatch(filter, null, null);
    const { lowest, highest } = this;
    return (s) => {
      const l = lowest[s]!;
      return l !== l ? unknownMatches : pricesMatch(filter, l, highest[s]!);
    };
  }

  /** The predicate of an events query over live slots (dates, categories, sources, prices, location). */
  private eventsTest(query: EventsQuery, partnerIds: ReadonlySet<number> | null): (s: number) => boolean {
    const { start, end, mask, partners } = this;
    const { minMs, maxMs } = query;
    const tests: ((s: number) => boolean)[] = [];
    if (query.categories !== null) {
      let bits = 0;
      for (const c of query.categories) {
        const i = (MAIN_CATEGORIES as readonly string[]).indexOf(c);
        if (i >= 0) bits |= 1 << i;
      }
      const none = query.categories.includes('none');
      tests.push((s) => (mask[s]! & bits) !== 0 || (none && mask[s] === 0));
    }
    if (partnerIds !== null) tests.push((s) => partners[s]!.some((p) => partnerIds.has(p)));
    const price = this.priceTest(query.prices);
    if (price) tests.push(price);
    const location = this.locationTest(query.location);
    if (location) tests.push(location);
    const [a, b, c, d] = tests;
    const dates = (s: number) => start[s]! <= maxMs && end[s]! >= minMs;
    switch (tests.length) {
      case 0:
        return dates;
      case 1:
        return (s) => dates(s) && a!(s);
      case 2:
        return (s) => dates(s) && a!(s) && b!(s);
      case 3:
        return (s) => dates(s) && a!(s) && b!(s) && c!(s);
      default:
        return (s) => dates(s) && a!(s) && b!(s) && c!(s) && d!(s);
    }
  }

  /**
   * Every live slot matching `test`, visiting whichever candidate set is smaller: the grid cells of the location
   * filter, or the date index's ranges for the window. Each slot is visited once (cells are disjoint, so are
   * duration classes).
   */
  private matches(query: EventsQuery, test: (s: number) => boolean): Int32Array {
    const spans = this.spanIndex();
    const ranges: [Int32Array, number, number][] = [];
    let spanTotal = 0;
    spans.forEach((span, k) => {
      const from = startBound(this.start, span, query.minMs - SPAN_CLASSES_MS[k]!, false);
      const to = startBound(this.start, span, query.maxMs, true);
      if (to > from) {
        ranges.push([span, from, to]);
        spanTotal += to - from;
      }
    });
    // Written into one reusable array (a slot matches at most once): a million-event match list grown by push()
    // cost more than the pass that found it. The result is only valid until the next query.
    if (this.matchBuffer.length < this.size) this.matchBuffer = new Int32Array(this.capacity);
    const out = this.matchBuffer;
    let n = 0;
    const alive = this.alive;
    const grid = gridCells(this.grid, query.location);
    // Few cells against many date candidates: each cell's own date ranges (a dozen binary searches per cell).
    if (grid !== null && grid.cells.length * CELL_SEARCH_COST < Math.min(spanTotal, grid.total)) {
      let visited = 0;
      for (const key of grid.cells) {
        this.cellSpanIndex(key).forEach((span, k) => {
          const to = startBound(this.start, span, query.maxMs, true);
          const from = startBound(this.start, span, query.minMs - SPAN_CLASSES_MS[k]!, false);
          visited += Math.max(0, to - from);
          for (let i = from; i < to; i++) {
            const s = span[i]!;
            if (alive[s] && test(s)) out[n++] = s;
          }
        });
      }
      this.candidates = visited;
      return out.subarray(0, n);
    }
    if (grid !== null && grid.total < spanTotal) {
      this.candidates = grid.total;
      for (const key of grid.cells) {
        const cell = this.grid.get(key)!;
        for (let i = 0; i < cell.length; i++) {
          const s = cell[i]!;
          if (alive[s] && test(s)) out[n++] = s;
        }
      }
      return out.subarray(0, n);
    }
    // Date ranges list slots in start order, i.e. scattered over the columns: at 1 000 000 events each candidate
    // cost several cache misses (~280 ns against ~16 ns a slot in order, measured). When they are more than a
    // sixteenth of the index, a sequential pass
    // over every slot is cheaper.
    if (spanTotal * RANDOM_ACCESS_COST > this.size) {
      this.candidates = this.size;
      for (let s = 0; s < this.size; s++) if (alive[s] && test(s)) out[n++] = s;
      return out.subarray(0, n);
    }
    this.candidates = spanTotal;
    for (const [span, from, to] of ranges) {
      for (let i = from; i < to; i++) {
        const s = span[i]!;
        if (test(s)) out[n++] = s;
      }
    }
    return out.subarray(0, n);
  }

  private cellSpanIndex(key: number): Int32Array[] {
    let spans = this.cellSpans.get(key);
    if (spans === undefined) {
      const classes: number[][] = SPAN_CLASSES_MS.map(() => []);
      for (const s of this.grid.get(key) ?? []) if (this.alive[s]) classes[spanClass(this.start, this.end, s)]!.push(s);
      const compare = slotComparator(this.orderColumns(), 'startDate');
      spans = classes.map((slots) => Int32Array.from(slots.sort(compare)));
      this.cellSpans.set(key, spans);
    }
    return spans;
  }

  /** The slots matching every filter of a query (its order and page aside); valid until the next query. */
  private matching(query: EventsQuery): Int32Array {
    let partnerIds: Set<number> | null = null;
    if (query.sources !== null) {
      partnerIds = new Set();
      for (const name of query.sources) {
        const id = this.partnerIds.get(name);
        if (id !== undefined) partnerIds.add(id);
      }
    }
    return this.matches(query, this.eventsTest(query, partnerIds));
  }

  /**
   * Every match of a query's filters (order and page aside) with the columns an aggregation over them reads: what
   * the web app's map clusters and chip counts are computed from (lib/event-index/aggregate.ts). The slots and
   * columns are views of the index: valid until its next query or change.
   */
  matchSet(query: EventsQuery): MatchSet {
    return {
      slots: this.matching(query),
      ids: this.ids,
      lng: this.lng,
      lat: this.lat,
      mask: this.mask,
      label: this.label,
      labelNames: this.labelNames,
    };
  }

  /** Exact count and the ids of one page of an events query (docs/design.md §4.4 semantics). */
  find(query: EventsQuery): { totalItems: number; ids: number[]; candidates: number } {
    const offset = (query.pageNumber - 1) * query.limit;
    const matches = this.matching(query);
    const candidates = this.candidates;
    const totalItems = matches.length;
    if (offset >= totalItems) return { totalItems, ids: [], candidates };
    if (query.orderBy === 'distance') {
      const from = query.distanceFrom ?? { lng: 0, lat: 0 };
      const distance = Float64Array.from(matches, (s) =>
        haversineMeters(this.lng[s]!, this.lat[s]!, from.lng, from.lat),
      );
      const byDistance = Array.from(matches, (_, i) => i);
      byDistance.sort((x, y) => distance[x]! - distance[y]! || this.ids[matches[x]!]! - this.ids[matches[y]!]!);
      return {
        totalItems,
        ids: byDistance.slice(offset, offset + query.limit).map((i) => this.ids[matches[i]!]!),
        candidates,
      };
    }
    const order = this.order(query.orderBy);
    const last = Math.min(offset + query.limit, totalItems);
    // Two ways to the page, whichever is estimated cheaper: sort the matches by their rank in the prebuilt order (a
    // native sort of integers), or stamp them and walk the order until the end of the page, which comes early when
    // matches are dense in it.
    const walkCost = Math.min(order.length, (last * order.length) / totalItems);
    const sortCost = 4 * totalItems * Math.log2(totalItems + 1);
    if (sortCost < walkCost) {
      const rank = this.rank(query.orderBy);
      const ranks = new Int32Array(totalItems);
      for (let i = 0; i < totalItems; i++) ranks[i] = rank[matches[i]!]!;
      ranks.sort();
      const ids: number[] = [];
      for (let i = offset; i < last; i++) ids.push(this.ids[order[ranks[i]!]!]!);
      return { totalItems, ids, candidates };
    }
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    const { stamp, epoch } = this;
    for (let i = 0; i < matches.length; i++) stamp[matches[i]!] = epoch;
    const ids: number[] = [];
    let count = 0;
    for (let i = 0; i < order.length && count < last; i++) {
      const s = order[i]!;
      if (stamp[s] !== epoch) continue;
      if (count >= offset) ids.push(this.ids[s]!);
      count++;
    }
    return { totalItems, ids, candidates };
  }

  /** Each live slot's position in `order(key)`, built on first use after the order changed. */
  private rank(key: OrderKey): Int32Array {
    const order = this.order(key);
    let rank = this.ranks.get(key);
    if (rank === undefined || rank.order !== order) {
      const positions = new Int32Array(this.capacity);
      for (let i = 0; i < order.length; i++) positions[order[i]!] = i;
      rank = { order, positions };
      this.ranks.set(key, rank);
    }
    return rank.positions;
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
    const order = this.order('updatedAt');
    let from = 0;
    if (since !== null) {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.updated[order[mid]!]! > since) hi = mid;
        else lo = mid + 1;
      }
      from = lo;
    }
    const end = this.end;
    if (location === null && since === null) {
      // A full snapshot: the count of current events is a binary search in the endDate order, and the walk in
      // updatedAt order stops at the end of the page (a catalogue walk would otherwise pass over every slot per page).
      const byEnd = this.order('endDate');
      let lo = 0;
      let hi = byEnd.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (end[byEnd[mid]!]! > now) hi = mid;
        else lo = mid + 1;
      }
      const ids: number[] = [];
      const last = offset + limit;
      let count = 0;
      let i = 0;
      for (const cursor of this.snapshotCursors) {
        if (
          cursor.order === order &&
          cursor.byEnd === byEnd &&
          cursor.now <= now &&
          cursor.passed === lo &&
          cursor.count <= offset &&
          cursor.count > count
        ) {
          count = cursor.count;
          i = cursor.position;
        }
      }
      for (; i < order.length && count < last; i++) {
        const s = order[i]!;
        if (end[s]! <= now) continue;
        if (count >= offset) ids.push(this.ids[s]!);
        count++;
      }
      this.snapshotCursors.push({ order, byEnd, now, passed: lo, count, position: i });
      if (this.snapshotCursors.length > SNAPSHOT_CURSORS) this.snapshotCursors.shift();
      return { totalItems: byEnd.length - lo, ids };
    }
    const inLocation = this.locationTest(location);
    const test = inLocation ? (s: number) => end[s]! > now && inLocation(s) : (s: number) => end[s]! > now;
    return this.scan(order, from, test, offset, limit);
  }

  /** Each id's `updatedAt` as this index holds it (NaN for an id it does not hold). */
  versionsOf(ids: readonly number[]): number[] {
    return ids.map((id) => {
      const slot = this.slotOf.get(id);
      return slot === undefined ? NaN : this.updated[slot]!;
    });
  }

  /** The ids (of events this index holds) whose position is in the location, in the given order. */
  inLocation(ids: readonly number[], location: LocationQuery | null): number[] {
    const test = this.locationTest(location);
    const out: number[] = [];
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined && (test === null || test(slot))) out.push(id);
    }
    return out;
  }

  /** Ids of events that passed (`end <= now`) and either ended after `since` or were updated after it. */
  passedSince(location: LocationQuery | null, since: number, now: number): number[] {
    const inLocation = this.locationTest(location);
    const out: number[] = [];
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      const e = this.end[s]!;
      if (e <= now && (e > since || this.updated[s]! > since) && (!inLocation || inLocation(s))) out.push(this.ids[s]!);
    }
    return out.sort((a, b) => a - b);
  }

  private scan(
    order: Int32Array,
    from: number,
    test: (s: number) => boolean,
    offset: number,
    limit: number,
  ): { totalItems: number; ids: number[] } {
    const ids: number[] = [];
    const last = offset + limit;
    let count = 0;
    for (let i = from; i < order.length; i++) {
      const s = order[i]!;
      if (!test(s)) continue;
      if (count >= offset && count < last) ids.push(this.ids[s]!);
      count++;
    }
    return { totalItems: count, ids };
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

/** How many slots a sequential pass visits for the cost of one candidate visited out of order. */
const RANDOM_ACCESS_COST = 3;
