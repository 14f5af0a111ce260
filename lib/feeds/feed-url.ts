import type { TExplorerFilters } from '@/lib/contract/filters';
import type { Locale } from '@/lib/i18n/config';
import { RELATIVE_PRESETS } from '@/lib/shared/date-presets';
import type { FiltersArea } from '@/lib/shared/filters-request';

/*
 * The subscription feeds' URLs (`/api/feeds/events.ics`, `/api/feeds/events.atom`) in the product's filters
 * (lib/contract/filters.ts): the Subscribe menu writes them here; the feed routes read them back with the schema
 * beside them (lib/feeds/feed-query.ts, server-side: the browser's bundle carries no zod). Dates stay relative so a
 * subscription stays current.
 *   minLng,maxLng,minLat,maxLat   the area (all four or none)
 *   categories=a,b                main categories (or `none`)
 *   live=1                        happening now or within 3 hours
 *   when=today|tonight|weekend|week   a window that moves with each refresh, in `tz`
 *   from,to=YYYY-MM-DD            fixed calendar days, in `tz` (excludes `when`)
 *   free=1 | maxPrice=N [knownPrice=1]
 *   tz                            IANA time zone of the windows (default Europe/Paris)
 *   lang=fr|en                    language of the feed's texts (default: the request's)
 * Legacy: `knownPrice=0` (never written by the product; it once meant "only unknown prices") is read as no price
 * filter, and flags accept 1/0/true/false.
 */

export const FEED_WHEN = RELATIVE_PRESETS;
export type FeedWhen = (typeof FEED_WHEN)[number];

/** The parameters a feed URL may carry; any other is a 400. */
export const FEED_KEYS = [
  'minLng',
  'maxLng',
  'minLat',
  'maxLat',
  'categories',
  'live',
  'when',
  'from',
  'to',
  'free',
  'maxPrice',
  'knownPrice',
  'tz',
  'lang',
] as const;

/** The time zone of a feed URL without `tz`. */
export const FEED_DEFAULT_TIME_ZONE = 'Europe/Paris';

const round = (value: number) => String(Number(value.toFixed(3)));

/**
 * The feed URL query of filters and an area (the Subscribe menu's): date presets stay relative (`when=weekend` is
 * always the coming weekend), custom days stay fixed; sorting is the feed's own (soonest).
 */
export function feedSearchParams(
  filters: TExplorerFilters,
  area: FiltersArea | null,
  timeZone: string,
  locale: Locale,
): URLSearchParams {
  const p = new URLSearchParams();
  if (area) {
    p.set('minLng', round(area.west));
    p.set('maxLng', round(area.east));
    p.set('minLat', round(area.south));
    p.set('maxLat', round(area.north));
  }
  if (filters.categories.length > 0) p.set('categories', filters.categories.join(','));
  if (filters.live) p.set('live', '1');
  else if (filters.when === 'custom') {
    if (filters.from) p.set('from', filters.from);
    if (filters.to) p.set('to', filters.to);
  } else if (filters.when) p.set('when', filters.when);
  if (filters.free) p.set('free', '1');
  else {
    if (filters.maxPrice !== null) p.set('maxPrice', String(filters.maxPrice));
    if (filters.knownPrice) p.set('knownPrice', '1');
  }
  p.set('tz', timeZone);
  p.set('lang', locale);
  return p;
}
