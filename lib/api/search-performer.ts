import 'server-only';
import { ZPerformerSearchQuerySchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { parseInput, queryObject } from './query';
import { proxy } from './respond';

/** `GET /api/search/performer?name`: the performer of that name, or `null`. */
export function searchPerformer(request: Request): Promise<Response> {
  return proxy(request, 'search', () =>
    partnerOperations.searchPerformer(
      parseInput(ZPerformerSearchQuerySchema, queryObject(new URL(request.url), ['name'])),
    ),
  );
}
