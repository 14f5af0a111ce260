import 'server-only';
import { ZTownsQuerySchema, type TTownsResponse } from '@/lib/contract';
import { serverGazetteer } from '@/lib/gazetteer/load';
import { problemResponse } from '@/lib/http/problem';
import { errorResponse } from './respond';
import { parseInput, queryObject } from './query';

/** The gazetteer changes only with a new build: a day in shared caches is safe. */
const TOWNS_CACHE = 'public, max-age=300, s-maxage=86400';

/**
 * `GET /api/towns?q&limit&lang&lng&lat`: towns whose name starts with the text, named in `lang`, nearer ones first
 * when the map's centre is given, answered here without the Partner API.
 */
export function towns(request: Request): Response {
  try {
    const { q, limit, lang, lng, lat } = parseInput(
      ZTownsQuerySchema,
      queryObject(new URL(request.url), ['q', 'limit', 'lang', 'lng', 'lat']),
    );
    const near = lng !== undefined && lat !== undefined ? { lng, lat } : undefined;
    const body: TTownsResponse = serverGazetteer().lookup(q, limit, lang, near);
    return Response.json(body, { headers: { 'Cache-Control': TOWNS_CACHE } });
  } catch (error) {
    // A deployment that skipped the build step has no gazetteer: town search is off, the rest of search still works.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error('[api] town search is off: the gazetteer was not built (npm run build:gazetteer)');
      return problemResponse({
        status: 503,
        detail: 'Town search is unavailable.',
        headers: { 'Retry-After': '3600' },
      });
    }
    return errorResponse(error);
  }
}
