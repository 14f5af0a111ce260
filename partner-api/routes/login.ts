import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TLoginResponse } from '@/lib/contract';
import { CHALLENGE_MISSING } from '../auth/bearer';
import { verifyClientCredentials } from '../auth/clients';
import {
  AttemptGate,
  AttemptRefused,
  delayFailure,
  failureDelayMs,
  type AttemptOutcome,
  type FailureCounter,
} from '../auth/login-throttle';
import type { TokenService } from '../auth/tokens';
import type { ServiceContext } from '../context';
import type { RateLimitConfig } from '../env';
import { ProblemError } from '../http/problem';
import { registerOperation } from '../http/operation-route';

/** Answer to any wrong credential: the same whether the client id or the secret was wrong (docs/design.md §4.1). */
const WRONG_CREDENTIALS = 'The client id or client secret is wrong.';
const WRONG_REFRESH_TOKEN = 'The refresh token is unknown, expired, revoked or already used.';

/**
 * Every 401 carries a challenge (RFC 9110 §15.5.2). Credentials go in the body here, so the challenge names the
 * realm with the scheme the service's other routes accept; `no-store` keeps the answer out of caches.
 */
const UNAUTHORIZED_HEADERS = { 'www-authenticate': CHALLENGE_MISSING, 'cache-control': 'no-store' };

function tooManyAttempts(retryAfterSeconds: number): ProblemError {
  return new ProblemError(429, 'Too many login attempts; retry later.', undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });
}

/** How an answered attempt counts: a login issued, a client's mistake (any 4xx), or the service's fault (5xx). */
function outcomeOf(status: number): AttemptOutcome {
  if (status < 400) return 'succeeded';
  return status < 500 ? 'failed' : 'not-counted';
}

/**
 * `POST /login`: the secret grant and the refresh grant. Only failed attempts are counted, per IP: a wrong secret,
 * an unknown or reused refresh token, and any malformed attempt alike (invalid JSON, invalid UTF-8, a body failing
 * the schema, a wrong media type or size). An IP with too many failures in a minute is refused (429) before any
 * check, and an attempt in flight is not a failure (AttemptGate): concurrent correct logins all succeed. A client
 * id's failures beyond its allowance slow down the answers to further wrong secrets and are logged. A correct secret
 * is never refused because of failures from other addresses, so knowing a client id is not enough to lock its
 * holder out.
 */
export function registerLoginRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  {
    tokens,
    rateLimit,
    failureCounter,
  }: {
    tokens: TokenService;
    rateLimit: RateLimitConfig;
    /** A failure counter for one purpose (shared by every replica when they share a limits store). */
    failureCounter: (purpose: string) => FailureCounter;
  },
): void {
  const ipGate = new AttemptGate(failureCounter('login-ip'), () => rateLimit.loginPerIpPerMinute);
  const clientFailures = failureCounter('login-client');
  /** The end of each attempt in flight, called once with how it ended. */
  const attempts = new WeakMap<FastifyRequest, (outcome: AttemptOutcome) => Promise<void>>();

  async function failed(clientId: string | undefined, request: FastifyRequest, detail: string): Promise<never> {
    if (clientId !== undefined) {
      const failures = await clientFailures.record(clientId);
      if (failures === rateLimit.loginPerClientPerMinute + 1) {
        // Once per window: someone is guessing this client's secret (or a deployment has a wrong one).
        request.log.warn({ clientId, failures }, 'repeated failed logins for a client id; slowing down failures');
      }
      await delayFailure(failureDelayMs(failures, rateLimit.loginPerClientPerMinute));
    }
    throw new ProblemError(401, detail, undefined, UNAUTHORIZED_HEADERS);
  }

  registerOperation(
    app,
    'login',
    async ({ body }, request, reply) => {
      let issued: TLoginResponse | null;
      if (body.grantAccess === 'clientSecret') {
        const valid = await verifyClientCredentials(ctx.store.auth, body.clientId, body.clientSecret);
        issued = valid ? await tokens.issueForClient(body.clientId) : null;
        if (!issued) return failed(body.clientId, request, WRONG_CREDENTIALS);
      } else {
        issued = await tokens.refresh(body.refreshToken);
        if (!issued) return failed(undefined, request, WRONG_REFRESH_TOKEN);
      }
      return reply.code(201).header('cache-control', 'no-store').header('pragma', 'no-cache').send(issued);
    },
    {
      // Before the body is read, so that an attempt whose body cannot even be parsed counts like any failure.
      onRequest: async (request, reply) => {
        let end: (outcome: AttemptOutcome) => Promise<void>;
        try {
          end = await ipGate.enter(`ip:${request.ip}`);
        } catch (error) {
          if (error instanceof AttemptRefused) throw tooManyAttempts(error.retryAfterSeconds);
          throw error;
        }
        attempts.set(request, end);
        // An attempt whose connection closes before any answer (a body that never completed) is a failed one.
        reply.raw.once('close', () => void end(reply.raw.writableFinished ? outcomeOf(reply.statusCode) : 'failed'));
      },
      // The answer decides how the attempt counts, whichever step produced it (parser, validation, handler).
      onSend: async (request, reply, payload) => {
        await attempts.get(request)?.(outcomeOf(reply.statusCode));
        return payload;
      },
    },
  );
}
