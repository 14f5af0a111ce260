import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context';
import { notFound } from '../http/problem';
import { registerOperation } from '../http/operation-route';

/**
 * The public `GET /e/{serviceId}` (no token): every event's `serviceLink` points here, and it answers 302 to the
 * event's page in the consumer web app (`{appUrl}/events/{id}`). A malformed id is a 400, an unknown or deleted
 * event a 404 (problem+json both).
 */
export function registerServiceLinkRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  registerOperation(app, 'followServiceLink', async ({ params: { serviceId } }, _request, reply) => {
    const eventId = await ctx.store.catalogue.findEventIdByServiceId(serviceId);
    if (eventId === null) throw notFound(`Event ${serviceId}`);
    return reply.code(302).header('location', `${ctx.appUrl}/events/${eventId}`).send();
  });
}
