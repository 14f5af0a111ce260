import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import type { Bounds } from '@/lib/explorer/bounds';
import type { Filters } from '@/lib/explorer/state';

/** Paths of the subscription feeds. */
export const FEED_PATHS = { ics: '/api/feeds/events.ics', atom: '/api/feeds/events.atom' } as const;

const round = (value: number) => String(Number(value.toFixed(3)));

/**
 * The feed query of the explorer's current filters and area (see lib/feeds/feed-query.ts): date presets stay
 * relative (`when=weekend` is always the coming weekend), custom days stay fixed; sorting is the feed's own.
 */
export function feedSearchParams(
  filters: Filters,
  bounds: Bounds | null,
  timeZone: string,
  locale: Locale,
): URLSearchParams {
  const p = new URLSearchParams();
  if (bounds) {
    p.set('minLng', round(bounds.west));
    p.set('maxLng', round(bounds.east));
    p.set('minLat', round(bounds.south));
    p.set('maxLat', round(bounds.north));
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

/** `webcal://host/…`: calendars subscribe to (and refresh) a webcal link rather than import it once. */
export function webcalUrl(origin: string, search: URLSearchParams): string {
  return `${origin.replace(/^https?:/, 'webcal:')}${FEED_PATHS.ics}?${search.toString()}`;
}

export interface SubscribeStrings {
  button: string;
  title: string;
  help: string;
  calendar: string;
  atom: string;
}

/** The Subscribe control's strings. */
export function subscribeStrings(locale: Locale): SubscribeStrings {
  return explorerMessages(locale).subscribe;
}
