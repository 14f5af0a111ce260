import 'server-only';
import { ZPlaceSearchQuerySchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { parseInput, queryObject } from './query';
import { proxy } from './respond';

/** `GET /api/search/place?name&lng&lat`: the map place of that name near the point, or `null`. */
export function searchPlace(request: Request): Promise<Response> {
  return proxy(request, 'search', () =>
    partnerOperations.searchPlace(
      parseInput(ZPlaceSearchQuerySchema, queryObject(new URL(request.url), ['name', 'lng', 'lat'])),
    ),
  );
}
