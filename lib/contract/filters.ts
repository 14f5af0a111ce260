import { z } from 'zod';
import { MAIN_CATEGORIES } from './categories';
import {
  DEFAULT_EXPLORER_FILTERS,
  EXPLORER_DATE_PRESETS,
  EXPLORER_SORTS,
  MAX_FILTER_PRICE,
  isCalendarDay,
} from './filter-values';

export * from './filter-values';

/*
 * The product's one vocabulary for filters: what a person chooses in the explorer's filter bar, and what the first
 * view, the subscription feeds and the embed mean by the same words. Every URL form (the explorer's `?cat=…&when=…`,
 * a feed's `?categories=…&when=…`, an embed's attributes) is parsed into this shape by its own module, and one pure
 * function (lib/shared/filters-request.ts) turns it into the spec's `POST /v2/get/events` body.
 */

/** A local calendar day, `YYYY-MM-DD`, that exists. */
export const ZCalendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(isCalendarDay, 'is not a calendar date');

/**
 * The filters as the product means them. Categories are the main ones, or `none` (events without one: a feed may ask
 * for it, the explorer's chips do not offer it). Rules between members: live excludes a date preset; `from`/`to`
 * belong to `when: 'custom'` (at least one of them, `from ≤ to`); free excludes a highest price and means a known
 * price.
 */
export const ZExplorerFiltersSchema = z
  .strictObject({
    /** Happening now or starting within 3 hours (the spec's `isLive`). */
    live: z.boolean(),
    categories: z.array(z.enum([...MAIN_CATEGORIES, 'none'])),
    when: z.enum(EXPLORER_DATE_PRESETS, { error: `must be one of ${EXPLORER_DATE_PRESETS.join(', ')}` }).nullable(),
    /** Custom range, whole local calendar days in the reader's time zone; only with `when: 'custom'`. */
    from: ZCalendarDaySchema.nullable(),
    to: ZCalendarDaySchema.nullable(),
    /** Events whose price range reaches 0 €, with a known price. */
    free: z.boolean(),
    /** Euros: events whose lowest price is at most this. */
    maxPrice: z.number().min(0).max(MAX_FILTER_PRICE).nullable(),
    /** Only events whose price is known. */
    knownPrice: z.boolean(),
    sort: z.enum(EXPLORER_SORTS),
  })
  .superRefine((filters, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (filters.live && filters.when !== null) issue('when', 'live excludes a date preset');
    if (filters.when !== 'custom' && (filters.from !== null || filters.to !== null)) {
      issue(filters.from !== null ? 'from' : 'to', 'from and to go with when: custom');
    }
    if (filters.when === 'custom' && filters.from === null && filters.to === null) {
      issue('when', 'custom needs from or to');
    }
    if (filters.from !== null && filters.to !== null && filters.from > filters.to) {
      issue('from', 'from must not be after to');
    }
    if (filters.free && filters.maxPrice !== null) issue('maxPrice', 'free excludes a highest price');
    if (filters.free && !filters.knownPrice) issue('knownPrice', 'free means a known price');
  })
  .meta({ id: 'ExplorerFilters' });
export type TExplorerFilters = z.infer<typeof ZExplorerFiltersSchema>;

// The defaults live beside the constants (no zod in the browser's bundle); here the compiler checks they are filters.
DEFAULT_EXPLORER_FILTERS satisfies TExplorerFilters;
