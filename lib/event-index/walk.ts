import type { EventColumns } from './columns';
import { haversineMeters } from './geo';
import type { SortOrders } from './orders';
import { SNAPSHOT_CURSORS, type SnapshotCursor } from './snapshot-cursor';
import type { EventsQuery } from './events-query';

/** An exact count and the ids of one page. */
export interface PageOfIds {
  totalItems: number;
  ids: number[];
}

/**
 * Orders and pages slots: one page of a query's matches in its order, and the catalogue's pages (a walk of the
 * updatedAt order, resumed from where the previous snapshot page ended).
 */
export class PageWalk {
  /** Per-slot query stamps: a slot matched the current query when `stamp[slot] === epoch` (no clearing needed). */
  private stamp = new Uint32Array(0);
  private epoch = 0;
  /**
   * Where the last few snapshot pages ended: a catalogue walk then reads each page from where its previous page ended
   * instead of recounting the current events before it (which made a walk quadratic). Each is valid while both orders
   * are the same arrays, the clock has not gone back, and no event has passed since (the count of passed events,
   * `passed`, is unchanged).
   */
  private readonly snapshotCursors: SnapshotCursor[] = [];

  constructor(
    private readonly columns: EventColumns,
    private readonly orders: SortOrders,
  ) {}

  /** The ids of the query's page among `matches` (every slot matching its filters), in its order. */
  page(query: EventsQuery, matches: Int32Array): PageOfIds {
    const ids = this.columns.ids;
    const offset = (query.pageNumber - 1) * query.limit;
    const totalItems = matches.length;
    if (offset >= totalItems) return { totalItems, ids: [] };
    if (query.orderBy === 'distance') {
      const { lng, lat } = this.columns;
      const from = query.distanceFrom ?? { lng: 0, lat: 0 };
      const distance = Float64Array.from(matches, (s) => haversineMeters(lng[s]!, lat[s]!, from.lng, from.lat));
      const byDistance = Array.from(matches, (_, i) => i);
      byDistance.sort((x, y) => distance[x]! - distance[y]! || ids[matches[x]!]! - ids[matches[y]!]!);
      return { totalItems, ids: byDistance.slice(offset, offset + query.limit).map((i) => ids[matches[i]!]!) };
    }
    const order = this.orders.get(query.orderBy);
    const last = Math.min(offset + query.limit, totalItems);
    // Two ways to the page, whichever is estimated cheaper: sort the matches by their rank in the prebuilt order (a
    // native sort of integers), or stamp them and walk the order until the end of the page, which comes early when
    // matches are dense in it.
    const walkCost = Math.min(order.length, (last * order.length) / totalItems);
    const sortCost = 4 * totalItems * Math.log2(totalItems + 1);
    if (sortCost < walkCost) {
      const rank = this.orders.rank(query.orderBy);
      const ranks = new Int32Array(totalItems);
      for (let i = 0; i < totalItems; i++) ranks[i] = rank[matches[i]!]!;
      ranks.sort();
      const page: number[] = [];
      for (let i = offset; i < last; i++) page.push(ids[order[ranks[i]!]!]!);
      return { totalItems, ids: page };
    }
    if (this.stamp.length < this.columns.capacity) {
      // Sized to the columns (they grew since the last page): a fresh array holds no stamp.
      this.stamp = new Uint32Array(this.columns.capacity);
      this.epoch = 0;
    }
    if (++this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    const { stamp, epoch } = this;
    for (let i = 0; i < matches.length; i++) stamp[matches[i]!] = epoch;
    const page: number[] = [];
    let count = 0;
    for (let i = 0; i < order.length && count < last; i++) {
      const s = order[i]!;
      if (stamp[s] !== epoch) continue;
      if (count >= offset) page.push(ids[s]!);
      count++;
    }
    return { totalItems, ids: page };
  }

  /**
   * Catalogue events: current (`end > now`), updated after `since` when given, accepted by `inLocation` (null =
   * anywhere); ordered by updatedAt (unique), so the scan starts at the first slot updated after `since`.
   */
  catalogue(
    inLocation: ((s: number) => boolean) | null,
    since: number | null,
    now: number,
    offset: number,
    limit: number,
  ): PageOfIds {
    const { ids, end, updated } = this.columns;
    const order = this.orders.get('updatedAt');
    let from = 0;
    if (since !== null) {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (updated[order[mid]!]! > since) hi = mid;
        else lo = mid + 1;
      }
      from = lo;
    }
    if (inLocation === null && since === null) {
      // A full snapshot: the count of current events is a binary search in the endDate order, and the walk in
      // updatedAt order stops at the end of the page (a catalogue walk would otherwise pass over every slot per page).
      const byEnd = this.orders.get('endDate');
      let lo = 0;
      let hi = byEnd.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (end[byEnd[mid]!]! > now) hi = mid;
        else lo = mid + 1;
      }
      const page: number[] = [];
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
        if (count >= offset) page.push(ids[s]!);
        count++;
      }
      this.snapshotCursors.push({ order, byEnd, now, passed: lo, count, position: i });
      if (this.snapshotCursors.length > SNAPSHOT_CURSORS) this.snapshotCursors.shift();
      return { totalItems: byEnd.length - lo, ids: page };
    }
    const test = inLocation ? (s: number) => end[s]! > now && inLocation(s) : (s: number) => end[s]! > now;
    return this.scan(order, from, test, offset, limit);
  }

  /** Ids of events that passed (`end <= now`) and either ended after `since` or were updated after it. */
  passedSince(inLocation: ((s: number) => boolean) | null, since: number, now: number): number[] {
    const { ids, end, updated, alive, size } = this.columns;
    const out: number[] = [];
    for (let s = 0; s < size; s++) {
      if (!alive[s]) continue;
      const e = end[s]!;
      if (e <= now && (e > since || updated[s]! > since) && (!inLocation || inLocation(s))) out.push(ids[s]!);
    }
    return out.sort((a, b) => a - b);
  }

  /** Counts the slots of `order` from `from` on that pass `test`, and the ids of those in the page. */
  private scan(
    order: Int32Array,
    from: number,
    test: (s: number) => boolean,
    offset: number,
    limit: number,
  ): PageOfIds {
    const ids = this.columns.ids;
    const page: number[] = [];
    const last = offset + limit;
    let count = 0;
    for (let i = from; i < order.length; i++) {
      const s = order[i]!;
      if (!test(s)) continue;
      if (count >= offset && count < last) page.push(ids[s]!);
      count++;
    }
    return { totalItems: count, ids: page };
  }
}
