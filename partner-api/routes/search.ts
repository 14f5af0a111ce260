import type { FastifyInstance } from 'fastify';
import { SEARCH_TYPES } from '@/lib/contract';
import type { ServiceContext } from '../context';
import { registerOperation } from '../http/operation-route';
import { recordJson } from './record-json';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `GET /v2/search/place?name&lng&lat`, `GET /v2/search/performer?name` (a record, or JSON `null`) and the
 * search bar's `GET /v2/search?search&lng&lat&type&limit` (docs/design.md §4.6).
 */
export function registerSearchRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  registerOperation(app, 'searchPlace', async ({ query }, request, reply) => {
    const stored = await ctx.store.search.searchPlace(query.name, { lng: query.lng, lat: query.lat });
    const body = stored ? recordJson(stored, request.clientId, ctx.renderLinks) : 'null';
    return reply.code(200).type(JSON_TYPE).send(body);
  });

  registerOperation(app, 'searchPerformer', async ({ query }, request, reply) => {
    const stored = await ctx.store.search.searchPerformer(query.name);
    const body = stored ? recordJson(stored, request.clientId, ctx.renderLinks) : 'null';
    return reply.code(200).type(JSON_TYPE).send(body);
  });

  // The schema refuses lng without lat and lat without lng.
  registerOperation(app, 'search', async ({ query }, _request, reply) => {
    const items = await ctx.store.search.search({
      text: query.search,
      point: query.lng !== undefined && query.lat !== undefined ? { lng: query.lng, lat: query.lat } : null,
      types: query.type ?? SEARCH_TYPES,
      limit: query.limit,
    });
    return reply.code(200).type(JSON_TYPE).send(JSON.stringify(items));
  });
}
