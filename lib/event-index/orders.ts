import type { EventColumns } from './columns';

/*
 * The index's sort orders: how slots compare for each `orderBy`, how a built order takes in changed slots, and the
 * orders themselves (SortOrders), built on first use and patched on small changes.
 */

export type OrderKey = 'startDate' | 'endDate' | 'updatedAt' | 'lowestPrice' | 'highestPrice';

/** The columns an order compares. */
export interface OrderColumns {
  ids: Float64Array;
  start: Float64Array;
  end: Float64Array;
  updated: Float64Array;
  /** NaN = unknown price. */
  lowest: Float64Array;
  highest: Float64Array;
}

/** How two slots compare in the order `key` (ties broken by id). */
export function slotComparator(columns: OrderColumns, key: OrderKey): (a: number, b: number) => number {
  const ids = columns.ids;
  const byNumber = (v: Float64Array) => (a: number, b: number) => v[a]! - v[b]! || ids[a]! - ids[b]!;
  // Unknown prices (NaN) sort last.
  const byPrice = (v: Float64Array) => (a: number, b: number) => {
    const x = v[a]!;
    const y = v[b]!;
    const nx = x !== x;
    const ny = y !== y;
    if (nx !== ny) return nx ? 1 : -1;
    return (nx ? 0 : x - y) || ids[a]! - ids[b]!;
  };
  switch (key) {
    case 'startDate':
      return byNumber(columns.start);
    case 'updatedAt':
      return byNumber(columns.updated);
    case 'lowestPrice':
      return byPrice(columns.lowest);
    case 'highestPrice':
      return byPrice(columns.highest);
    default:
      return byNumber(columns.end);
  }
}

/** `order` without the changed or dead slots, with `added` (sorted) merged in. */
export function mergedOrder(
  order: Int32Array,
  changed: ReadonlySet<number>,
  added: number[],
  compare: (a: number, b: number) => number,
  alive: Uint8Array,
): Int32Array {
  const next = new Int32Array(order.length + added.length);
  let w = 0;
  let j = 0;
  for (let i = 0; i < order.length; i++) {
    const s = order[i]!;
    if (changed.has(s) || !alive[s]) continue;
    while (j < added.length && compare(added[j]!, s) < 0) next[w++] = added[j++]!;
    next[w++] = s;
  }
  while (j < added.length) next[w++] = added[j++]!;
  return next.subarray(0, w);
}

/**
 * Live slots sorted by each order key (id as tie-breaker), built on first use and patched on small deltas, with each
 * slot's position in an order (rank) for sorting a query's matches by it.
 */
export class SortOrders {
  private readonly orders = new Map<OrderKey, Int32Array>();
  /** Positions of slots in each order, valid while `order` is the order's current array (see rank()). */
  private readonly ranks = new Map<OrderKey, { order: Int32Array; positions: Int32Array }>();

  constructor(private readonly columns: EventColumns) {}

  /** The live slots in the order `key`. */
  get(key: OrderKey): Int32Array {
    let order = this.orders.get(key);
    if (!order) {
      const { alive, size } = this.columns;
      const slots: number[] = [];
      for (let s = 0; s < size; s++) if (alive[s]) slots.push(s);
      order = Int32Array.from(slots.sort(slotComparator(this.columns, key)));
      this.orders.set(key, order);
    }
    return order;
  }

  /** Each live slot's position in `get(key)`, built on first use after the order changed. */
  rank(key: OrderKey): Int32Array {
    const order = this.get(key);
    let rank = this.ranks.get(key);
    if (rank === undefined || rank.order !== order) {
      const positions = new Int32Array(this.columns.capacity);
      for (let i = 0; i < order.length; i++) positions[order[i]!] = i;
      rank = { order, positions };
      this.ranks.set(key, rank);
    }
    return rank.positions;
  }

  /**
   * Removes dead slots from each built order and merges the changed live slots in: O(n) instead of a re-sort. Many
   * changes drop the order instead (rebuilt on next use).
   */
  patch(changed: readonly number[], changedSet: ReadonlySet<number>): void {
    const { alive } = this.columns;
    for (const [key, order] of this.orders) {
      if (changed.length > order.length / 8) {
        this.orders.delete(key);
        continue;
      }
      const compare = slotComparator(this.columns, key);
      this.orders.set(
        key,
        mergedOrder(order, changedSet, changed.filter((s) => alive[s]).sort(compare), compare, alive),
      );
    }
  }

  /** Drops every order (after the slots were renumbered). */
  clear(): void {
    this.orders.clear();
  }
}
