import 'server-only';
import { errorResponse } from '@/lib/api/respond';
import { InputError, pointer } from '@/lib/api/query';
import { getBrand } from '@/lib/brand/get-brand';
import type { TEvent } from '@/lib/contract';
import { getLocale } from '@/lib/i18n/get-locale';
import { savedMessages } from '@/lib/i18n/saved-messages';
import { getPartner } from '@/lib/partner';
import { SAVED_MAX } from '@/lib/saved/saved-list';
import { getSiteOrigin } from '@/lib/records/site-url';
import { eventsCalendar } from './events-feed';

/** The ids of `?ids=1,2,3`: positive integers, at most a saved list's worth, duplicates dropped. */
export function parseSavedIds(url: URL): number[] {
  const raw = url.searchParams.get('ids') ?? '';
  const parts = raw.split(',').filter((p) => p !== '');
  if (parts.length === 0 || parts.length > SAVED_MAX || parts.some((p) => !/^[1-9]\d{0,15}$/.test(p))) {
    throw new InputError([
      { pointer: pointer('ids'), detail: `1 to ${SAVED_MAX} event ids (positive integers), comma-separated` },
    ]);
  }
  return [...new Set(parts.map(Number))];
}

/**
 * `GET /api/saved/calendar.ics?ids=…`: the visitor's saved events as one iCalendar file, from their current records
 * (a cancelled one is marked so); an id the catalogue no longer has is left out.
 */
export async function savedCalendarResponse(request: Request): Promise<Response> {
  try {
    const url = new URL(request.url);
    const ids = parseSavedIds(url);
    const { client } = getPartner();
    const settled = await Promise.allSettled(ids.map((id) => client.getEvent(id)));
    const events = settled.flatMap((r): TEvent[] => (r.status === 'fulfilled' ? [r.value] : []));
    if (events.length === 0 && settled.some((r) => r.status === 'rejected')) {
      const failure = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      throw failure?.reason;
    }
    const origin = await getSiteOrigin();
    const title = `${getBrand().name} — ${savedMessages(await getLocale()).title}`;
    const body = eventsCalendar(events, title, origin, `${origin}${url.pathname}${url.search}`);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'attachment; filename="saved-events.ics"',
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
