import { MAIN_CATEGORIES } from '@/lib/contract';
import { cleanText } from '@/partner-api/links/link-marker';
import { CATEGORY_BY_ID, CATEGORY_ID_BY_KEY } from '../catalogue-data';
import type { CommentaryInput } from '../types';
import type { CommentaryRecord, SourceRecord } from './records';

/*
 * Rules every store applies the same way when it turns inputs into records: checks, defaults and derived values.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** Service-relative image path of a generated image (served by partner-api/routes/images.ts). */
export function imagePath(kind: 'event' | 'place' | 'performer' | 'partner', id: number | string, variant: string) {
  return `/images/${kind}/${id}-${variant}.svg`;
}

/** Numbers that JSON cannot carry (NaN, ±Infinity) would serialize as null and break the contract. */
export function assertFinite(value: number | undefined, what: string): void {
  if (value !== undefined && !Number.isFinite(value)) throw new RangeError(`${what} must be a finite number`);
}

/** Commentaries of an input, checked (grades 0–5) and cleaned. */
export function commentaryRecordsOf(inputs: readonly CommentaryInput[]): CommentaryRecord[] {
  return inputs.map((c) => {
    if (!(Number.isFinite(c.grade) && c.grade >= 0 && c.grade <= 5)) throw new RangeError(`invalid grade ${c.grade}`);
    assertFinite(c.dateMs, 'commentary date');
    return { grade: c.grade, content: cleanText(c.content), username: cleanText(c.username), dateMs: c.dateMs };
  });
}

export function assertPrices(low: number | null | undefined, high: number | null | undefined, what: string): void {
  for (const price of [low, high]) {
    if (price !== null && price !== undefined && !(Number.isFinite(price) && price >= 0)) {
      throw new RangeError(`${what} has an invalid price (${price})`);
    }
  }
  if (typeof low === 'number' && typeof high === 'number' && low > high) {
    throw new RangeError(`${what} has lowestPrice above highestPrice`);
  }
}

export function assertCoordinates(lng: number, lat: number, what: string): void {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || lng < -180 || lng > 180 || lat < -90 || lat > 90) {
    throw new RangeError(`${what} has invalid coordinates (${lng}, ${lat})`);
  }
}

/** Category ids of category keys (`musique`, `musique/jazz`); a sub-category brings its main category. */
export function categoryIdsOf(keys: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const key of keys) {
    const id = CATEGORY_ID_BY_KEY.get(key);
    if (id === undefined) throw new RangeError(`unknown category "${key}"`);
    ids.add(id);
    const category = CATEGORY_BY_ID.get(id);
    if (category?.subCategory) ids.add(CATEGORY_ID_BY_KEY.get(category.mainCategory) as number);
  }
  return [...ids].sort((a, b) => a - b);
}

export function assertDates(startMs: number, endMs: number): void {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs < startMs) {
    throw new RangeError(`invalid event dates (${startMs} → ${endMs})`);
  }
}

/** `events.category_mask` of a set of category ids: bit i = MAIN_CATEGORIES[i] (sub-categories count as their main). */
export function categoryMask(categoryIds: readonly number[]): number {
  let mask = 0;
  for (const id of categoryIds) {
    const category = CATEGORY_BY_ID.get(id);
    if (category) mask |= 1 << MAIN_CATEGORIES.indexOf(category.mainCategory);
  }
  return mask;
}

/** The range of the sources' known prices (null when none is known) and whether any source is a good deal. */
export function derivePrices(sources: readonly Pick<SourceRecord, 'lowestPrice' | 'highestPrice' | 'isGoodDeal'>[]): {
  lowestPrice: number | null;
  highestPrice: number | null;
  hasGoodDeal: boolean;
} {
  let lowest: number | null = null;
  let highest: number | null = null;
  for (const s of sources) {
    if (s.lowestPrice !== null) lowest = lowest === null ? s.lowestPrice : Math.min(lowest, s.lowestPrice);
    const high = s.highestPrice ?? s.lowestPrice;
    if (high !== null) highest = highest === null ? high : Math.max(highest, high);
  }
  if (lowest === null && highest !== null) lowest = highest;
  return { lowestPrice: lowest, highestPrice: highest, hasGoodDeal: sources.some((s) => s.isGoodDeal) };
}

/**
 * A click's commission (docs/design.md §4.7): fix + per cart + per ticket + rate × the source's lowest price, to the
 * cent.
 */
export function clickCommission(source: {
  commission_fix: number;
  commission_per_cart: number;
  commission_per_ticket: number;
  commission_rate: number;
  lowest_price: number | null;
}): number {
  const total =
    source.commission_fix +
    source.commission_per_cart +
    source.commission_per_ticket +
    source.commission_rate * (source.lowest_price ?? 0);
  return Math.round((total + Number.EPSILON) * 100) / 100;
}
