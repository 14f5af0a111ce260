import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { notFound } from '../http/problem';
import { registerOperation } from '../http/operation-route';
import { assembleEventJson } from '../store/types';

/** `GET /v2/event/{eventId}`: one event, full shape (commentaries and performers filled), links tracked. */
export function registerEventRecordRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  registerOperation(app, 'getEvent', async ({ params: { eventId } }, request, reply) => {
    const stored = await ctx.store.catalogue.getEvent(eventId);
    if (!stored) throw notFound(`Event ${eventId}`);
    const json = assembleEventJson(stored, { commentaries: true, performers: true });
    return reply.code(200).type('application/json; charset=utf-8').send(ctx.renderLinks(json, request.clientId));
  });
}
