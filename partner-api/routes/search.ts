import type { FastifyInstance } from 'fastify';
import { SEARCH_TYPES, ZPerformerSearchQuerySchema, ZPlaceSearchQuerySchema, ZSearchQuerySchema } from '@/lib/contract';
import type { ServiceContext } from '../context';
import { ProblemError } from '../http/problem';
import { parseWith } from '../http/validate';
import { recordJson } from './record-json';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `GET /v2/search/place?name&lng&lat`, `GET /v2/search/performer?name` (a record, or JSON `null`) and the
 * search bar's `GET /v2/search?search&lng&lat&type&limit` (docs/design.md §4.6).
 */
export function registerSearchRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/v2/search/place', async (request, reply) => {
    const query = parseWith(ZPlaceSearchQuerySchema, request.query, 'query');
    const stored = ctx.store.searchPlace(query.name, { lng: query.lng, lat: query.lat });
    const body = stored ? recordJson(stored, request.clientId, ctx.renderLinks) : 'null';
    return reply.code(200).type(JSON_TYPE).send(body);
  });

  app.get('/v2/search/performer', async (request, reply) => {
    const query = parseWith(ZPerformerSearchQuerySchema, request.query, 'query');
    const stored = ctx.store.searchPerformer(query.name);
    const body = stored ? recordJson(stored, request.clientId, ctx.renderLinks) : 'null';
    return reply.code(200).type(JSON_TYPE).send(body);
  });

  app.get('/v2/search', async (request, reply) => {
    const query = parseWith(ZSearchQuerySchema, request.query, 'query');
    // A point needs both coordinates; one alone is a client mistake, not "no point".
    if ((query.lng === undefined) !== (query.lat === undefined)) {
      const missing = query.lng === undefined ? 'lng' : 'lat';
      throw new ProblemError(400, 'The query parameters are invalid.', [
        { pointer: `#/${missing}`, detail: 'lng and lat go together.' },
      ]);
    }
    const items = ctx.store.search({
      text: query.search,
      point: query.lng !== undefined && query.lat !== undefined ? { lng: query.lng, lat: query.lat } : null,
      types: query.type ?? SEARCH_TYPES,
      limit: query.limit,
    });
    return reply.code(200).type(JSON_TYPE).send(JSON.stringify(items));
  });
}
