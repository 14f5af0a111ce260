import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { notFound } from '../http/problem';
import { registerOperation } from '../http/operation-route';
import { recordJson } from './record-json';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `GET /v2/g-place/{mapPlaceId}` and `GET /v2/performer/{performerId}`: the record with its events — upcoming and
 * running ones soonest first, then past ones most recent first, at most 100 (RECORD_EVENTS_LIMIT).
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  registerOperation(app, 'getMapPlace', async ({ params: { mapPlaceId } }, request, reply) => {
    const stored = await ctx.store.catalogue.getMapPlace(mapPlaceId);
    if (!stored) throw notFound(`Place ${JSON.stringify(mapPlaceId)}`);
    return reply
      .code(200)
      .type(JSON_TYPE)
      .send(recordJson(stored, request.clientId, ctx.renderLinks));
  });

  registerOperation(app, 'getPerformer', async ({ params: { performerId } }, request, reply) => {
    const stored = await ctx.store.catalogue.getPerformer(performerId);
    if (!stored) throw notFound(`Performer ${performerId}`);
    return reply
      .code(200)
      .type(JSON_TYPE)
      .send(recordJson(stored, request.clientId, ctx.renderLinks));
  });
}
