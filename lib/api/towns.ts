import 'server-only';
import { ZTownsQuerySchema, type TTownsResponse } from '@/lib/contract';
import { serverGazetteer } from '@/lib/gazetteer/load';
import { errorResponse } from './respond';
import { parseInput, queryObject } from './query';

/** The gazetteer changes only with a new build: a day in shared caches is safe. */
const TOWNS_CACHE = 'public, max-age=300, s-maxage=86400';

/** `GET /api/towns?q&limit`: towns whose name starts with the text, answered here without the Partner API. */
export function towns(request: Request): Response {
  try {
    const { q, limit } = parseInput(ZTownsQuerySchema, queryObject(new URL(request.url), ['q', 'limit']));
    const body: TTownsResponse = serverGazetteer().lookup(q, limit);
    return Response.json(body, { headers: { 'Cache-Control': TOWNS_CACHE } });
  } catch (error) {
    return errorResponse(error);
  }
}
