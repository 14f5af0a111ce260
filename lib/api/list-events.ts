import 'server-only';
import { partnerOperations } from '@/lib/partner';
import { parseEventsQuery } from './parse-events-params';
import { proxy } from './respond';

/** `GET /api/events`: events in map bounds with filters → `{data, pagination}`. */
export function listEvents(request: Request): Promise<Response> {
  return proxy(request, 'events', () => partnerOperations.getEvents(parseEventsQuery(new URL(request.url), 'list')));
}

/** `GET /api/events/live`: events taking place now or within 3 hours → `{data, pagination}`. */
export function listLiveEvents(request: Request): Promise<Response> {
  return proxy(request, 'live', () => partnerOperations.getEvents(parseEventsQuery(new URL(request.url), 'live')));
}
