import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import { mercatorNorthing, roundCoordinate as round, type CategoryKey, type MatchCluster } from './aggregate';
import type { EventIndex, MatchSet } from './event-index';
import type { EventsQuery, LocationQuery } from './events-query';
import type { PageOfIds } from './walk';

/*
 * The web app's read model's view of a query in one pass (docs/performance.md "Read model"): the same
 * answer as matchSet + clusterMatches + categoryCounts (aggregate.ts) + find, which made three passes over every
 * match (four with a categories filter) and allocated a Map of labels per group. Here:
 *   - the chips are counted while the candidates are tested (every filter but the categories one), so one matching
 *     pass serves the chips, the groups and the page;
 *   - each slot's Mercator northing is computed once and kept (a log and a tan per match per query before);
 *   - groups live in typed arrays found through an open-addressing table, and their labels are counted per group
 *     after a counting sort, in one reused array: nothing is allocated per match.
 * The result equals aggregate.ts's to the bit (same sums in the same order, same tie-breaks): view-aggregate.test.ts
 * compares them on random indexes.
 */

/** The answer of one view: page, groups and chip counts, over every match of the query. */
export interface ViewAggregate {
  page: PageOfIds;
  clusters: MatchCluster[];
  categoryCounts: Partial<Record<CategoryKey, number>>;
}

/** Beyond this many cells (a view at a zoom far finer than its size) groups are found through the hash table. */
const MAX_DENSE_CELLS = 1 << 16;

/**
 * A slot of a table of 2^(32 - shift) entries for an integer cell key (keys reach 2^50 at zoom 24): its low and high
 * 32 bits mixed, then the product's top bits (Fibonacci hashing; the low bits of a product only depend on the low
 * bits of the key, and neighbouring cells differ in few of them).
 */
function hashOf(key: number, shift: number): number {
  return Math.imul((key | 0) ^ Math.imul((key / 4294967296) | 0, 0x85ebca6b), 0x9e3779b1) >>> shift;
}

/** Grows a typed array to at least `n` entries, keeping its contents. */
function grown<T extends Float64Array | Int32Array>(a: T, n: number, make: (n: number) => T): T {
  if (a.length >= n) return a;
  const next = make(Math.max(n, a.length * 2));
  next.set(a);
  return next;
}

/**
 * One view at a time over one EventIndex (the read model's); scratch arrays are kept between views, so it is not
 * reentrant (views are synchronous).
 */
export class ViewAggregator {
  /** Per-slot Mercator northing (mercatorNorthing), NaN = not computed yet; valid while `compactions` holds. */
  private northing = new Float64Array(0);
  private compactions = -1;
  // The groups of the current view, by group number (first seen first).
  private count = new Int32Array(256);
  private sumLng = new Float64Array(256);
  private sumLat = new Float64Array(256);
  private box = new Float64Array(256 * 4);
  private first = new Int32Array(256);
  // Open addressing: cell key → group number + 1 (0 = empty).
  private keys = new Float64Array(1024);
  private groups = new Int32Array(1024);
  // A rectangle's cells: group number + 1 (0 = none yet).
  private cellGroup = new Int32Array(0);
  // Per match, its group; then the matches' labels grouped by group (counting sort).
  private groupOf = new Int32Array(0);
  private byGroup = new Int32Array(0);
  private labelCount = new Int32Array(0);

  constructor(private readonly index: EventIndex) {}

  view(query: EventsQuery, cellDeg: number): ViewAggregate {
    const perBit = new Float64Array(MAIN_CATEGORIES.length);
    let none = 0;
    const { matches, page, compactions } = this.index.matchesAndPage(query, (bits) => {
      let m = bits;
      if (m === 0) none += 1;
      while (m !== 0) {
        perBit[31 - Math.clz32(m & -m)]! += 1;
        m &= m - 1;
      }
    });
    const categoryCounts: Partial<Record<CategoryKey, number>> = {};
    MAIN_CATEGORIES.forEach((category, bit) => {
      if (perBit[bit]! > 0) categoryCounts[category] = perBit[bit];
    });
    if (none > 0) categoryCounts.none = none;
    return { page, clusters: this.cluster(matches, compactions, cellDeg, query.location), categoryCounts };
  }

  /** clusterMatches (aggregate.ts) over the slots of `matches`, with typed arrays. */
  private cluster(
    { slots, ids, lng, lat, label, labelNames }: MatchSet,
    compactions: number,
    cellDeg: number,
    location: LocationQuery | null,
  ): MatchCluster[] {
    const n = slots.length;
    if (compactions !== this.compactions || this.northing.length < lat.length) {
      const next = new Float64Array(lat.length).fill(NaN);
      if (compactions === this.compactions) next.set(this.northing);
      this.northing = next;
      this.compactions = compactions;
    }
    const northing = this.northing;
    const columns = Math.ceil(360 / cellDeg) + 1;
    // A table at most half full: sized for the matches' worth of groups, up to a ceiling that grows when reached.
    let size = 1024;
    while (size < 2 * Math.min(n, 65536)) size *= 2;
    if (this.keys.length < size) {
      this.keys = new Float64Array(size);
      this.groups = new Int32Array(size);
    } else {
      size = this.keys.length;
      this.groups.fill(0);
    }
    let keys = this.keys;
    let groups = this.groups;
    let mask = size - 1;
    let shift = 32 - Math.log2(size);
    this.groupOf = grown(this.groupOf, n, (k) => new Int32Array(k));
    const groupOf = this.groupOf;
    let count = this.count;
    let sumLng = this.sumLng;
    let sumLat = this.sumLat;
    let box = this.box;
    let first = this.first;
    // The cells of a rectangle (one row and column more on each side, for rounding) as a dense array: a group is
    // then found by an index, not a hash probe. A cell outside it (another shape, or rounding) goes to the table;
    // a cell is always found the same way, so it is one group either way.
    let c0 = 0;
    let r0 = 0;
    let width = 0;
    let height = 0;
    if (location !== null && location.kind === 'rectangle' && location.minLng <= location.maxLng) {
      c0 = Math.floor((location.minLng + 180) / cellDeg) - 1;
      r0 = Math.floor(mercatorNorthing(location.minLat) / cellDeg) - 1;
      width = Math.floor((location.maxLng + 180) / cellDeg) + 2 - c0;
      height = Math.floor(mercatorNorthing(location.maxLat) / cellDeg) + 2 - r0;
      if (width * height > MAX_DENSE_CELLS) width = height = 0;
    }
    if (this.cellGroup.length < width * height) this.cellGroup = new Int32Array(width * height);
    const cellGroup = this.cellGroup;
    cellGroup.fill(0, 0, width * height);
    let used = 0;
    let hashed = 0;
    let labelled = false;
    for (let i = 0; i < n; i++) {
      const s = slots[i]!;
      const x = lng[s]!;
      const y = lat[s]!;
      let north = northing[s]!;
      if (north !== north) north = northing[s] = mercatorNorthing(y);
      const row = Math.floor(north / cellDeg);
      const column = Math.floor((x + 180) / cellDeg);
      const r = row - r0;
      const c = column - c0;
      let g: number;
      let d = -1;
      let h = 0;
      let key = 0;
      if (r >= 0 && r < height && c >= 0 && c < width) {
        d = r * width + c;
        g = cellGroup[d]! - 1;
      } else {
        key = row * columns + column;
        h = hashOf(key, shift);
        g = groups[h]! - 1;
        while (g >= 0 && keys[h] !== key) {
          h = (h + 1) & mask;
          g = groups[h]! - 1;
        }
      }
      if (g < 0) {
        g = used++;
        if (g === count.length) {
          const k = count.length * 2;
          count = grown(count, k, (c) => new Int32Array(c));
          sumLng = grown(sumLng, k, (c) => new Float64Array(c));
          sumLat = grown(sumLat, k, (c) => new Float64Array(c));
          box = grown(box, 4 * k, (c) => new Float64Array(c));
          first = grown(first, k, (c) => new Int32Array(c));
        }
        count[g] = 0;
        sumLng[g] = 0;
        sumLat[g] = 0;
        box[4 * g] = x;
        box[4 * g + 1] = y;
        box[4 * g + 2] = x;
        box[4 * g + 3] = y;
        first[g] = s;
        if (d >= 0) {
          cellGroup[d] = g + 1;
        } else {
          keys[h] = key;
          groups[h] = g + 1;
          hashed += 1;
        }
        if (2 * hashed > size) {
          // Rehash into a table twice as large.
          const oldKeys = keys;
          const oldGroups = groups;
          size *= 2;
          mask = size - 1;
          shift -= 1;
          keys = new Float64Array(size);
          groups = new Int32Array(size);
          for (let j = 0; j < oldKeys.length; j++) {
            if (oldGroups[j] === 0) continue;
            const k = oldKeys[j]!;
            let h2 = hashOf(k, shift);
            while (groups[h2] !== 0) h2 = (h2 + 1) & mask;
            keys[h2] = k;
            groups[h2] = oldGroups[j]!;
          }
          this.keys = keys;
          this.groups = groups;
        }
      }
      count[g]! += 1;
      sumLng[g]! += x;
      sumLat[g]! += y;
      const b = 4 * g;
      if (x < box[b]!) box[b] = x;
      if (y < box[b + 1]!) box[b + 1] = y;
      if (x > box[b + 2]!) box[b + 2] = x;
      if (y > box[b + 3]!) box[b + 3] = y;
      groupOf[i] = g;
      if (label[s]! >= 0) labelled = true;
    }
    this.count = count;
    this.sumLng = sumLng;
    this.sumLat = sumLat;
    this.box = box;
    this.first = first;
    const best = labelled ? this.bestLabels(slots, label, labelNames, used) : null;
    const clusters: MatchCluster[] = [];
    for (let g = 0; g < used; g++) {
      const c = count[g]!;
      const l = best === null ? -1 : best[g]!;
      clusters.push({
        position: [round(sumLng[g]! / c), round(sumLat[g]! / c)],
        count: c,
        bounds: [round(box[4 * g]!), round(box[4 * g + 1]!), round(box[4 * g + 2]!), round(box[4 * g + 3]!)],
        ...(l >= 0 && { label: labelNames[l] }),
        ...(c === 1 && { eventId: ids[first[g]!]! }),
      });
    }
    // The same order as clusterMatches (a stable sort over groups in the same first-seen order).
    return clusters.sort((a, b) => b.count - a.count || a.position[0] - b.position[0] || a.position[1] - b.position[1]);
  }

  /**
   * Each group's most common label (ties: the name first in alphabetical order; -1 = none): the matches' labels in
   * a counting sort by group, then counted per group in one array reset after each group.
   */
  private bestLabels(slots: Int32Array, label: Int32Array, labelNames: readonly string[], used: number): Int32Array {
    const n = slots.length;
    const { count, groupOf } = this;
    const start = new Int32Array(used + 1);
    for (let g = 0; g < used; g++) start[g + 1] = start[g]! + count[g]!;
    const fill = start.slice(0, used);
    this.byGroup = grown(this.byGroup, n, (k) => new Int32Array(k));
    const byGroup = this.byGroup;
    for (let i = 0; i < n; i++) byGroup[fill[groupOf[i]!]!++] = label[slots[i]!]!;
    this.labelCount = grown(this.labelCount, labelNames.length, (k) => new Int32Array(k));
    const tally = this.labelCount;
    const best = new Int32Array(used);
    for (let g = 0; g < used; g++) {
      let top = -1;
      let topCount = 0;
      const to = start[g + 1]!;
      for (let i = start[g]!; i < to; i++) {
        const l = byGroup[i]!;
        if (l < 0) continue;
        const k = ++tally[l]!;
        if (k > topCount || (k === topCount && labelNames[l]! < labelNames[top]!)) {
          top = l;
          topCount = k;
        }
      }
      for (let i = start[g]!; i < to; i++) if (byGroup[i]! >= 0) tally[byGroup[i]!] = 0;
      best[g] = top;
    }
    return best;
  }
}
