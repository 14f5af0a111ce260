import 'server-only';
import { ZSearchQuerySchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { InputError, parseInput, pointer, queryObject } from './query';
import { proxy } from './respond';

/** `GET /api/search?q&lng&lat&type&limit`: combined search for the search bar → array of items. */
export function search(request: Request): Promise<Response> {
  return proxy(request, 'search', () => {
    const raw = queryObject(new URL(request.url), ['q', 'lng', 'lat', 'type', 'limit']);
    if ((raw.lng === undefined) !== (raw.lat === undefined)) {
      throw new InputError([
        { pointer: pointer(raw.lng === undefined ? 'lng' : 'lat'), detail: 'lng and lat go together' },
      ]);
    }
    const { q, ...rest } = raw;
    const query = parseInput(ZSearchQuerySchema, { ...rest, search: q ?? '' }, (path) =>
      path === 'search' ? 'q' : path,
    );
    return partnerOperations.search(query);
  });
}
