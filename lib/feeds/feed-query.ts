import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import type { TGetEventsRequest } from '@/lib/contract';
import { parseInput, queryObject } from '@/lib/api/query';
import { isLocale, type Locale } from '@/lib/i18n/config';
import { z } from 'zod';
import { LIMITS } from '@/lib/contract/common';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import {
  DEFAULT_EXPLORER_FILTERS,
  MAX_FILTER_PRICE,
  ZCalendarDaySchema,
  type TExplorerFilters,
} from '@/lib/contract/filters';
import { filtersEventsRequest, type FiltersArea } from '@/lib/shared/filters-request';
import { FEED_DEFAULT_TIME_ZONE, FEED_KEYS, FEED_WHEN, type FeedWhen } from './feed-url';
import { isTimeZone } from '@/lib/shared/zoned-time';

/*
 * The subscription feeds' query (its URL form is lib/feeds/feed-url.ts): the product's filters, read from the URL
 * and turned into the events request by the same mapping as the explorer's (lib/shared/filters-request.ts), so a feed
 * lists what the explorer's list showed for the same filters. Without a date filter a feed lists the next
 * FEED_DEFAULT_DAYS days.
 */

export { FEED_WHEN, type FeedWhen } from './feed-url';

/** Events one feed lists at most (soonest first). */
export const FEED_LIMIT = 200;
/** The window of a feed without a date filter (or with a first day and no last one). */
export const FEED_DEFAULT_DAYS = 30;

const ZNumber = z
  .string()
  .trim()
  .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, 'must be a number')
  .transform(Number);
const ZFlag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true');
/** A map panned across the antimeridian reports longitudes past ±180; they are wrapped by the mapping. */
const ZBoundLng = ZNumber.pipe(z.number().min(-1080).max(1080));
const ZLat = ZNumber.pipe(z.number().min(-90).max(90));

/** A feed URL's query (one value per key, empty ones left out), read into the filters, the area and the reader. */
export const ZFeedSearchSchema = z
  .object({
    minLng: ZBoundLng.optional(),
    maxLng: ZBoundLng.optional(),
    minLat: ZLat.optional(),
    maxLat: ZLat.optional(),
    categories: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum([...MAIN_CATEGORIES, 'none']))
          .min(1)
          .max(LIMITS.maxArrayItems),
      )
      .optional(),
    live: ZFlag.optional(),
    when: z.enum(FEED_WHEN, { error: `must be one of ${FEED_WHEN.join(', ')}` }).optional(),
    from: ZCalendarDaySchema.optional(),
    to: ZCalendarDaySchema.optional(),
    free: ZFlag.optional(),
    maxPrice: ZNumber.pipe(z.number().min(0).max(MAX_FILTER_PRICE)).optional(),
    knownPrice: ZFlag.optional(),
    tz: z.string().max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris').optional(),
    lang: z.enum(['fr', 'en'], { error: 'must be fr or en' }).optional(),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const bounds = { minLng: q.minLng, maxLng: q.maxLng, minLat: q.minLat, maxLat: q.maxLat };
    const given = Object.values(bounds).filter((value) => value !== undefined).length;
    if (given > 0 && given < 4) {
      for (const [key, value] of Object.entries(bounds)) {
        if (value === undefined) issue(key, 'minLng, maxLng, minLat and maxLat go together');
      }
    }
    if (q.minLat !== undefined && q.maxLat !== undefined && q.minLat > q.maxLat) {
      issue('minLat', 'minLat must not exceed maxLat');
    }
    if (q.live && (q.when || q.from || q.to)) issue(q.when ? 'when' : 'from', 'live=1 excludes when, from and to');
    if (q.when && (q.from || q.to)) issue('when', 'when excludes from and to');
    if (q.from && q.to && q.from > q.to) issue('from', 'from must not be after to');
    if (q.free && q.maxPrice !== undefined) issue('maxPrice', 'free=1 excludes a price range');
    if (q.free && q.knownPrice === false) issue('knownPrice', 'free=1 excludes knownPrice=0');
  })
  .transform((q) => {
    const filters: TExplorerFilters = {
      ...DEFAULT_EXPLORER_FILTERS,
      live: q.live === true,
      categories: q.categories ? [...new Set(q.categories)] : [],
      when: q.when ?? (q.from || q.to ? 'custom' : null),
      from: q.from ?? null,
      to: q.to ?? null,
      free: q.free === true,
      maxPrice: q.maxPrice ?? null,
      knownPrice: q.free === true || q.knownPrice === true,
    };
    const area: FiltersArea | null =
      q.minLng !== undefined && q.maxLng !== undefined && q.minLat !== undefined && q.maxLat !== undefined
        ? { west: q.minLng, east: q.maxLng, south: q.minLat, north: q.maxLat }
        : null;
    return { filters, area, timeZone: q.tz ?? FEED_DEFAULT_TIME_ZONE, lang: q.lang };
  });
export type FeedSearch = z.output<typeof ZFeedSearchSchema>;

/** A parsed feed query: the upstream events request, and what the feed's title says about it. */
export interface FeedQuery {
  request: TGetEventsRequest;
  locale: Locale | undefined;
  categories: string[];
  when: FeedWhen | 'live' | 'dates' | null;
  from?: string;
  to?: string;
  /** The query string as received (the feed's self link). */
  search: string;
}

/** Parses a feed URL; throws an {@link InputError} naming each bad parameter. */
export function parseFeedQuery(url: URL, now = serverNow()): FeedQuery {
  const { filters, area, timeZone, lang } = parseInput(ZFeedSearchSchema, queryObject(url, FEED_KEYS));
  const request = filtersEventsRequest(filters, {
    area,
    now,
    timeZone,
    order: { sort: 'soonest' },
    page: { limit: FEED_LIMIT },
    horizon: now + FEED_DEFAULT_DAYS * 86_400_000,
  });
  return {
    request,
    locale: lang !== undefined && isLocale(lang) ? lang : undefined,
    categories: filters.categories,
    when: filters.live ? 'live' : filters.when === 'custom' ? 'dates' : filters.when,
    ...(filters.from !== null ? { from: filters.from } : {}),
    ...(filters.to !== null ? { to: filters.to } : {}),
    search: url.search,
  };
}
