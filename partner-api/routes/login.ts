import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZLoginRequestSchema, type TLoginResponse } from '@/lib/contract';
import { verifyClientCredentials } from '../auth/clients';
import type { TokenService } from '../auth/tokens';
import type { ServiceContext } from '../context';
import type { RateLimitConfig } from '../env';
import { ProblemError } from '../http/problem';
import { parseWith } from '../http/validate';

const MINUTE_MS = 60_000;

/** Answer to any wrong credential: the same whether the client id or the secret was wrong (docs/design.md §4.1). */
const WRONG_CREDENTIALS = 'The client id or client secret is wrong.';
const WRONG_REFRESH_TOKEN = 'The refresh token is unknown, expired, revoked or already used.';

function tooManyAttempts(retryAfterSeconds: number): ProblemError {
  return new ProblemError(429, 'Too many login attempts; retry later.', undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });
}

/** `POST /login`: the secret grant and the refresh grant, throttled per IP and per client id. */
export function registerLoginRoutes(
  app: FastifyInstance,
  _ctx: ServiceContext,
  { tokens, rateLimit }: { tokens: TokenService; rateLimit: RateLimitConfig },
): void {
  const perIp = app.createRateLimit({
    max: rateLimit.loginPerIpPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request: FastifyRequest) => `login-ip:${request.ip}`,
  });
  const perClient = app.createRateLimit({
    max: rateLimit.loginPerClientPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request: FastifyRequest) => `login-client:${(request.body as { clientId: string }).clientId}`,
  });

  app.post('/login', async (request, reply) => {
    const ipLimit = await perIp(request);
    if (!ipLimit.isAllowed && ipLimit.isExceeded) throw tooManyAttempts(ipLimit.ttlInSeconds);

    const body = parseWith(ZLoginRequestSchema, request.body, 'body');
    let issued: TLoginResponse | null;
    if (body.grantAccess === 'clientSecret') {
      const clientLimit = await perClient(request);
      if (!clientLimit.isAllowed && clientLimit.isExceeded) throw tooManyAttempts(clientLimit.ttlInSeconds);
      const valid = await verifyClientCredentials(_ctx.db, body.clientId, body.clientSecret);
      issued = valid ? await tokens.issueForClient(body.clientId) : null;
      if (!issued) throw new ProblemError(401, WRONG_CREDENTIALS, undefined, { 'cache-control': 'no-store' });
    } else {
      issued = await tokens.refresh(body.refreshToken);
      if (!issued) throw new ProblemError(401, WRONG_REFRESH_TOKEN, undefined, { 'cache-control': 'no-store' });
    }
    return reply.code(201).header('cache-control', 'no-store').header('pragma', 'no-cache').send(issued);
  });
}
