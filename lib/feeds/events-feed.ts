import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { Feed } from 'feed';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { errorResponse } from '@/lib/api/respond';
import { getBrand } from '@/lib/brand/get-brand';
import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { eventVenue, venueLine, type TEvent } from '@/lib/contract';
import { INTL_LOCALE, type Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { getLocale } from '@/lib/i18n/get-locale';
import { parseLocalDateTime } from '@/lib/i18n/local-date';
import { getPartner } from '@/lib/partner';
import { getSiteOrigin } from '@/lib/records/site-url';
import { parseFeedQuery, type FeedQuery } from './feed-query';

/** Feed readers and calendars poll; an hour between polls is what the feeds ask for (and what caches may keep). */
const FEED_TTL_SECONDS = 3600;

/** The feed's title: the brand, the categories, the dates. */
export function feedTitle(query: FeedQuery, locale: Locale, brand: string): string {
  const labels = query.categories.map((key) =>
    (MAIN_CATEGORIES as readonly string[]).includes(key)
      ? CATEGORY_LABELS[key as TMainCategory][locale]
      : getMessages(locale).feed.uncategorised,
  );
  const what = labels.length > 0 ? labels.join(', ') : getMessages(locale).feed.events;
  const when = query.when ? ` ${getMessages(locale).feed.when[query.when]}` : '';
  return `${brand} — ${what}${when}`;
}

function location(event: TEvent): string {
  return venueLine(eventVenue(event));
}

/** The events as an iCalendar feed (times in UTC, so each calendar shows its own local time). */
export function eventsCalendar(events: readonly TEvent[], title: string, origin: string, selfUrl: string): string {
  const calendar = ical({
    name: title,
    prodId: { company: 'Eventmap', product: 'Event feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: FEED_TTL_SECONDS,
    url: selfUrl,
  });
  for (const event of events) {
    const start = parseLocalDateTime(event.startDate)?.instant;
    if (!start) continue;
    const endInstant = parseLocalDateTime(event.endDate)?.instant;
    const end = endInstant && endInstant > start ? endInstant : new Date(start.getTime() + 3_600_000);
    const url = `${origin}/events/${event.id}`;
    calendar.createEvent({
      id: `event-${event.id}@eventmap`,
      start,
      end,
      stamp: new Date(event.updatedAt),
      lastModified: new Date(event.updatedAt),
      summary: event.name,
      location: location(event),
      description: `${event.description}\n\n${url}`.trim(),
      url,
      status: event.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The events as an Atom feed: one entry per event, updated when the event is. */
export function eventsAtom(
  events: readonly TEvent[],
  title: string,
  origin: string,
  selfUrl: string,
  locale: Locale,
  now: Date,
): string {
  const dates = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const newest = events.reduce((max, event) => Math.max(max, Date.parse(event.updatedAt)), 0);
  const feed = new Feed({
    id: selfUrl,
    title,
    link: `${origin}/`,
    language: locale,
    updated: newest > 0 ? new Date(newest) : now,
    generator: 'Eventmap',
    feedLinks: { atom: selfUrl },
    copyright: '',
  });
  for (const event of events) {
    const start = parseLocalDateTime(event.startDate);
    const when = start
      ? dates.format(new Date(start.instant.getTime() + start.offsetMinutes * 60_000))
      : event.startDate;
    const url = `${origin}/events/${event.id}`;
    feed.addItem({
      id: url,
      title: event.name,
      link: url,
      date: new Date(event.updatedAt),
      published: new Date(event.createdAt),
      description: `${when} — ${location(event)}${event.cancelledAt ? ` — ${getMessages(locale).feed.cancelled}` : ''}`,
    });
  }
  return feed.atom1();
}

async function feedResponse(request: Request, format: 'ics' | 'atom'): Promise<Response> {
  try {
    const url = new URL(request.url);
    const query = parseFeedQuery(url);
    const locale = query.locale ?? (await getLocale());
    const origin = await getSiteOrigin();
    const { data } = await getPartner().client.getEvents(query.request);
    const title = feedTitle(query, locale, getBrand().name);
    const selfUrl = `${origin}${url.pathname}${url.search}`;
    const body =
      format === 'ics'
        ? eventsCalendar(data, title, origin, selfUrl)
        : eventsAtom(data, title, origin, selfUrl, locale, new Date(serverNow()));
    return new Response(body, {
      headers: {
        'Content-Type': format === 'ics' ? 'text/calendar; charset=utf-8' : 'application/atom+xml; charset=utf-8',
        'Cache-Control': `public, max-age=${FEED_TTL_SECONDS / 4}`,
        ...(format === 'ics' && { 'Content-Disposition': 'inline; filename="events.ics"' }),
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}

/** `GET /api/feeds/events.ics`: the filtered events as an iCalendar subscription. */
export function eventsCalendarResponse(request: Request): Promise<Response> {
  return feedResponse(request, 'ics');
}

/** `GET /api/feeds/events.atom`: the filtered events as an Atom feed. */
export function eventsAtomResponse(request: Request): Promise<Response> {
  return feedResponse(request, 'atom');
}
