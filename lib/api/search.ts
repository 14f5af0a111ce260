import 'server-only';
import { ZSearchQuerySchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { problemResponse } from '@/lib/http/problem';
import { InputError, parseInput, pointer, queryObject } from './query';
import { proxy } from './respond';

/** What the search answers while the Partner API fails (the UI says events cannot be searched right now). */
export const SEARCH_UNAVAILABLE_DETAIL = 'Events cannot be searched right now: the event data service is unavailable.';

/**
 * `GET /api/search?q&lng&lat&type&limit`: combined search for the search bar → array of items. Searching is the
 * service's job (its ranking, its text index): the read model does not stand in for it. When the service fails
 * (unreachable, slow, erroring), the answer is a 503 problem — never an empty list, which would read as "no results".
 */
export async function search(request: Request): Promise<Response> {
  const response = await proxySearch(request);
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    return problemResponse({ status: 503, detail: SEARCH_UNAVAILABLE_DETAIL, headers: { 'Retry-After': '30' } });
  }
  return response;
}

function proxySearch(request: Request): Promise<Response> {
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
