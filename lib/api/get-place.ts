import 'server-only';
import { ZMapPlaceIdParamsSchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { InputError, parseInput } from './query';
import { proxy } from './respond';

/** Parses a map-place id path parameter or throws an InputError pointing at `mapPlaceId`. */
export function parseMapPlaceId(id: string): string {
  const mapPlaceId = parseInput(ZMapPlaceIdParamsSchema, { mapPlaceId: id }).mapPlaceId;
  // A lone UTF-16 surrogate cannot be percent-encoded into the upstream URL (encodeURIComponent throws): reject it
  // here as the client's mistake, not a 500 (found by lib/api/fuzz.test.ts).
  if (/\p{Surrogate}/u.test(mapPlaceId)) {
    throw new InputError([{ pointer: '#/mapPlaceId', detail: 'Not a well-formed Unicode string.' }]);
  }
  // "." and ".." are path segments that URL resolution removes: sent upstream, they would name another path.
  if (mapPlaceId === '.' || mapPlaceId === '..') {
    throw new InputError([{ pointer: '#/mapPlaceId', detail: 'Not a map place id: "." and ".." are path segments.' }]);
  }
  return mapPlaceId;
}

/** `GET /api/places/{mapPlaceId}`: one map place with its events. */
export function getPlace(request: Request, mapPlaceId: string): Promise<Response> {
  return proxy(request, 'record', () => partnerOperations.getMapPlace(parseMapPlaceId(mapPlaceId)));
}
