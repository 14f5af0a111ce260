import 'server-only';
import { ZPerformerIdParamsSchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { parseInput } from './query';
import { proxy } from './respond';

/** Parses a performer id path parameter (a positive integer) or throws an InputError pointing at `id`. */
export function parsePerformerId(id: string): number {
  return parseInput(ZPerformerIdParamsSchema, { performerId: /^\d{1,16}$/.test(id) ? id : 'invalid' }, () => 'id')
    .performerId;
}

/** `GET /api/performers/{id}`: one performer with their events. */
export function getPerformer(request: Request, id: string): Promise<Response> {
  return proxy(request, 'record', () => partnerOperations.getPerformer(parsePerformerId(id)));
}
