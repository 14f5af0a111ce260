import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { z } from 'zod';
import type { TGetEventsRequest } from '@/lib/contract';
import { parseEventsQuery } from '@/lib/api/parse-events-params';
import { InputError, parseInput, pointer, queryObject } from '@/lib/api/query';
import { RELATIVE_PRESETS, daysWindow, presetWindow } from '@/lib/shared/date-presets';
import { startOfZonedDay } from '@/lib/shared/zoned-time';
import { isLocale, type Locale } from '@/lib/i18n/config';

/*
 * Query of the subscription feeds (`/api/feeds/events.ics`, `/api/feeds/events.atom`): the explorer's filters, with
 * dates kept relative so a subscription stays current.
 *   minLng,maxLng,minLat,maxLat   the area (all four or none)
 *   categories=a,b                main categories
 *   live=1                        happening now or within 3 hours
 *   when=today|tonight|weekend|week   a window that moves with each refresh, in `tz`
 *   from,to=YYYY-MM-DD            fixed calendar days, in `tz` (excludes `when`)
 *   free=1 | maxPrice=N [knownPrice=1]
 *   tz                            IANA time zone of the windows (default Europe/Paris)
 *   lang=fr|en                    language of the feed's texts (default: the request's)
 * Without a date filter a feed lists the next FEED_DEFAULT_DAYS days. Everything goes through the events query's own
 * parser, so a feed accepts exactly what the explorer's list does.
 */

export const FEED_WHEN = RELATIVE_PRESETS;
export type FeedWhen = (typeof FEED_WHEN)[number];

/** Events one feed lists at most (soonest first). */
export const FEED_LIMIT = 200;
/** The window of a feed without a date filter. */
export const FEED_DEFAULT_DAYS = 30;

const FEED_KEYS = [
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

const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'is not a calendar date');

const ZFeedOwnSchema = z.object({
  when: z.enum(FEED_WHEN, { error: `must be one of ${FEED_WHEN.join(', ')}` }).optional(),
  from: ZDay.optional(),
  to: ZDay.optional(),
  tz: z
    .string()
    .max(64)
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Paris')
    .optional(),
  lang: z.enum(['fr', 'en'], { error: 'must be fr or en' }).optional(),
  live: z.enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' }).optional(),
});

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
  const raw = queryObject(url, FEED_KEYS);
  const own = parseInput(ZFeedOwnSchema, {
    when: raw.when,
    from: raw.from,
    to: raw.to,
    tz: raw.tz,
    lang: raw.lang,
    live: raw.live,
  });
  const live = own.live === '1' || own.live === 'true';
  const timeZone = own.tz ?? 'Europe/Paris';
  const issues = [];
  if (live && (own.when || own.from || own.to)) {
    issues.push({ pointer: pointer(own.when ? 'when' : 'from'), detail: 'live=1 excludes when, from and to' });
  }
  if (own.when && (own.from || own.to)) issues.push({ pointer: pointer('when'), detail: 'when excludes from and to' });
  if (own.from && own.to && own.from > own.to)
    issues.push({ pointer: pointer('from'), detail: 'from must not be after to' });
  if (issues.length > 0) throw new InputError(issues);

  const events = new URLSearchParams();
  for (const key of ['minLng', 'maxLng', 'minLat', 'maxLat', 'categories', 'free', 'maxPrice', 'knownPrice'] as const) {
    if (raw[key] !== undefined) events.set(key, raw[key]);
  }
  let window: { from: number; to: number } | null = null;
  if (live) events.set('live', '1');
  else if (own.when) window = presetWindow(own.when, now, timeZone);
  else if (own.from || own.to) {
    const days = daysWindow(own.from, own.to, now, timeZone);
    window = { from: days.from, to: days.to ?? startOfZonedDay(now, timeZone, FEED_DEFAULT_DAYS) };
  } else window = { from: now, to: now + FEED_DEFAULT_DAYS * 86_400_000 };
  if (window) {
    events.set('from', new Date(window.from).toISOString());
    // A window entirely in the past still makes a valid (empty) query.
    events.set('to', new Date(Math.max(window.from, window.to)).toISOString());
  }
  events.set('sort', 'soonest');
  events.set('limit', String(FEED_LIMIT));
  const request = parseEventsQuery(new URL(`http://feed.invalid/?${events.toString()}`), 'list');
  return {
    request,
    locale: own.lang !== undefined && isLocale(own.lang) ? own.lang : undefined,
    categories: request.categories ?? [],
    when: live ? 'live' : (own.when ?? (own.from || own.to ? 'dates' : null)),
    from: own.from,
    to: own.to,
    search: url.search,
  };
}
