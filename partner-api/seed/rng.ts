/**
 * A small seeded PRNG (sfc32, seeded through splitmix32) so the same seed gives the same catalogue on every
 * machine and Node version; Math.random cannot be seeded.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight (weights need not sum to 1); weights are read once per array, then cached. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** `count` distinct items (or all of them when fewer). */
  sample<T>(items: readonly T[], count: number): T[];
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A generator for `seed` (any integer or string). */
export function createRng(seed: number | string): Rng {
  let h = 0x811c9dc5;
  const text = String(seed);
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  const init = splitmix32(h >>> 0);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  const cumulative = new WeakMap<object, { items: readonly unknown[]; sums: number[] }>();
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (items, weight) => {
      let table = cumulative.get(items);
      if (!table) {
        let sum = 0;
        table = { items, sums: items.map((item) => (sum += weight(item))) };
        cumulative.set(items, table);
      }
      const target = next() * (table.sums[table.sums.length - 1] ?? 0);
      let lo = 0;
      let hi = table.sums.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((table.sums[mid] as number) > target) hi = mid;
        else lo = mid + 1;
      }
      return items[lo] as (typeof items)[number];
    },
    normal: () => {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    sample: (items, count) => {
      // Rejection sampling: no copy of `items`, which may be a pool of tens of thousands.
      const want = Math.min(count, items.length);
      const chosen = new Set<number>();
      while (chosen.size < want) chosen.add(Math.floor(next() * items.length));
      return [...chosen].map((index) => items[index] as (typeof items)[number]);
    },
  };
  return rng;
}
