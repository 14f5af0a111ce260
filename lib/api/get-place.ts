import 'server-only';
import { ZMapPlaceIdParamsSchema } from '@/lib/contract';
import { partnerOperations } from '@/lib/partner';
import { parseInput } from './query';
import { proxy } from './respond';

/** Parses a map-place id path parameter or throws an InputError pointing at `mapPlaceId`. */
export function parseMapPlaceId(id: string): string {
  return parseInput(ZMapPlaceIdParamsSchema, { mapPlaceId: id }).mapPlaceId;
}

/** `GET /api/places/{mapPlaceId}`: one map place with its events. */
export function getPlace(request: Request, mapPlaceId: string): Promise<Response> {
  return proxy(request, 'record', () => partnerOperations.getMapPlace(parseMapPlaceId(mapPlaceId)));
}
