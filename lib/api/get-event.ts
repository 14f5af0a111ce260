import 'server-only';
import { ZEventIdParamsSchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { parseInput } from './query';
import { proxy } from './respond';

/** Parses an event id path parameter (a positive integer) or throws an InputError pointing at `id`. */
export function parseEventId(id: string): number {
  return parseInput(ZEventIdParamsSchema, { eventId: /^\d{1,16}$/.test(id) ? id : 'invalid' }, () => 'id').eventId;
}

/** `GET /api/events/{id}`: one event (full shape). */
export function getEvent(request: Request, id: string): Promise<Response> {
  return proxy(request, 'record', () => partnerOperations.getEvent(parseEventId(id)));
}
