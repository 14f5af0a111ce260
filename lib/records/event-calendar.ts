import 'server-only';
import { problemResponse } from '@/lib/http/problem';
import { eventIcs } from './event-ics';
import { loadEvent } from './load-pages';
import { PageUnavailableError } from './page-unavailable';

/** `GET /events/{id}/calendar.ics[?start=]`: the event as an iCalendar download. */
export async function eventCalendar(request: Request, id: string): Promise<Response> {
  try {
    const model = await loadEvent(id);
    if (model.kind === 'not-found') return problemResponse({ status: 404, detail: 'Unknown event.' });
    const start = new URL(request.url).searchParams.get('start');
    return new Response(eventIcs(model.data, model.pageUrl, new Date(model.now), start), {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="event-${model.data.id}.ics"`,
        'Cache-Control': 'private, no-cache',
      },
    });
  } catch (error) {
    if (error instanceof PageUnavailableError) {
      return problemResponse({ status: 503, detail: 'The event data service is unavailable.' });
    }
    throw error;
  }
}
