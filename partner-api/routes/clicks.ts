import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseIsoInput, type TClicksResponse } from '@/lib/contract';
import type { ServiceContext } from '../context';
import { notFound, ProblemError } from '../http/problem';
import { registerOperation } from '../http/operation-route';
import { paginate } from './pagination';

const MINUTE_MS = 60_000;
const MAX_TOKEN_LENGTH = 256;

export interface ClickRouteOptions {
  /** Tracked-link follows allowed per minute per IP (a click farm must not inflate commissions cheaply). */
  perIpPerMinute: number;
}

/**
 * `GET /v2/clicks` (the calling client's clicks only, `createdAt > minDate`, oldest first) and the public
 * `GET /r/{token}`: verify the signed token → record the click for the client it was served to → 302 to the
 * ticketing partner. A forged, altered or stale token answers 404 and records nothing.
 */
export function registerClickRoutes(app: FastifyInstance, ctx: ServiceContext, options: ClickRouteOptions): void {
  registerOperation(app, 'getClicks', async ({ query }, request) => {
    const page = await ctx.store.clicks.listClicks({
      clientId: request.clientId,
      afterMs: query.minDate === undefined ? null : parseIsoInput(query.minDate),
      limit: query.limit,
      pageNumber: query.pageNumber,
    });
    const body: TClicksResponse = {
      data: page.clicks,
      pagination: paginate(page.totalItems, query.limit, query.pageNumber),
    };
    return body;
  });

  const perIp = app.createRateLimit({
    max: options.perIpPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `r:${request.ip}`,
  });

  const throttle = async (request: FastifyRequest) => {
    const limit = await perIp(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new ProblemError(429, 'Too many requests; retry later.', undefined, {
        'retry-after': String(Math.max(1, limit.ttlInSeconds)),
      });
    }
  };

  registerOperation(
    app,
    'followLink',
    async ({ params: { token } }, _request, reply) => {
      const target = token.length <= MAX_TOKEN_LENGTH ? ctx.verifyLinkToken(token) : null;
      if (!target) throw notFound('Link');
      const click = await ctx.store.clicks.recordClick({
        clientId: target.clientId,
        sourceId: target.sourceId,
        link: `${ctx.publicUrl}/r/${token}`,
      });
      if (!click) throw notFound('Link');
      // Never cached: every follow is a click.
      return reply.code(302).header('cache-control', 'no-store').header('location', click.redirectTo).send();
    },
    { preHandler: throttle },
  );
}
