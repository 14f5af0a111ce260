import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceContext } from '../context';
import { ProblemError } from '../http/problem';
import { registerOperation } from '../http/operation-route';
import { toCatalogueQuery, toEventsQuery } from '../store/events-query';
import { paginate } from './pagination';

/**
 * Sends pre-built JSON bytes: the page is joined from pre-serialized events (docs/design.md §5), never parsed and
 * re-stringified, nor even decoded into a JS string.
 */
function sendJson(reply: FastifyReply, status: number, json: Buffer): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}

/** `POST /v2/get/events` and `POST /v2/get/catalogue` (both answer 201, docs/design.md §4.1). */
export function registerEventsRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  registerOperation(app, 'getEvents', async ({ body }, request, reply) => {
    const query = toEventsQuery(body, ctx.clock());
    const page = await ctx.catalogue.findEvents(query);
    ctx.metrics?.observeEventsQuery(page.totalItems, page.items.length, page.candidates);
    const pagination = paginate(page.totalItems, query.limit, query.pageNumber);
    const json = ctx.renderJsonPage(
      '{"data":[',
      page.items,
      `],"pagination":${JSON.stringify(pagination)}}`,
      request.clientId,
    );
    return sendJson(reply, 201, json);
  });

  registerOperation(app, 'getCatalogue', async ({ body }, request, reply) => {
    const query = toCatalogueQuery(body);
    const page = await ctx.catalogue.getCatalogue(query, ctx.clock());
    if (page === 'resync-required') {
      throw new ProblemError(
        410,
        'Full resync required: deletions after lastUpdatedAt are no longer on record (they are kept 30 days). ' +
          'Fetch the catalogue again without lastUpdatedAt.',
        [{ pointer: '#/lastUpdatedAt', detail: 'Before a deletion that is no longer on record (kept 30 days).' }],
      );
    }
    const pagination = paginate(page.totalItems, query.limit, query.pageNumber);
    const suffix =
      `],"eventIdsCancelled":${JSON.stringify(page.eventIdsCancelled)},` +
      `"eventIdsNotAvailable":${JSON.stringify(page.eventIdsNotAvailable)},` +
      `"eventIdsPassed":${JSON.stringify(page.eventIdsPassed)},` +
      `"eventIdsDeleted":${JSON.stringify(page.eventIdsDeleted)}},"pagination":${JSON.stringify(pagination)}}`;
    return sendJson(reply, 201, ctx.renderJsonPage('{"data":{"events":[', page.items, suffix, request.clientId));
  });
}
