import type { FastifyInstance } from 'fastify';
import { ZMapPlaceIdParamsSchema, ZPerformerIdParamsSchema } from '@/lib/contract';
import type { ServiceContext } from '../context';
import { notFound } from '../http/problem';
import { parseWith } from '../http/validate';
import { recordJson } from './record-json';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * `GET /v2/g-place/{mapPlaceId}` and `GET /v2/performer/{performerId}`: the record with its events — upcoming and
 * running ones soonest first, then past ones most recent first, at most 100 (RECORD_EVENTS_LIMIT).
 */
export function registerRecordRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  app.get('/v2/g-place/:mapPlaceId', async (request, reply) => {
    const { mapPlaceId } = parseWith(ZMapPlaceIdParamsSchema, request.params, 'params');
    const stored = ctx.store.getMapPlace(mapPlaceId);
    if (!stored) throw notFound(`Place ${JSON.stringify(mapPlaceId)}`);
    return reply
      .code(200)
      .type(JSON_TYPE)
      .send(recordJson(stored, request.clientId, ctx.renderLinks));
  });

  app.get('/v2/performer/:performerId', async (request, reply) => {
    const { performerId } = parseWith(ZPerformerIdParamsSchema, request.params, 'params');
    const stored = ctx.store.getPerformer(performerId);
    if (!stored) throw notFound(`Performer ${performerId}`);
    return reply
      .code(200)
      .type(JSON_TYPE)
      .send(recordJson(stored, request.clientId, ctx.renderLinks));
  });
}
