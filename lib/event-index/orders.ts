/* The index's sort orders: how slots compare for each `orderBy`, and how a built order takes in changed slots. */

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
