import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimitPlugin from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { authenticate } from './auth/bearer';
import { ensureDemoClients } from './auth/clients';
import { deriveKey, resolveRootSecret } from './auth/signing-key';
import { createTokenService } from './auth/tokens';
import type { Clock } from './clock';
import type { ServiceContext } from './context';
import type { ServiceConfig } from './env';
import { createServiceLogger } from './http/logger';
import { frameworkErrors, installProblemHandling, MAX_PARAM_LENGTH } from './http/problem-handler';
import { ProblemError } from './http/problem';
import { installSecurityHeaders } from './http/security-headers';
import { answerClientError, installStrictRequests } from './http/strict-request';
import { installTrafficSummary } from './http/traffic-summary';
import { openLimitsStore } from './limits/shared-limits';
import { createTrackedLinks } from './links/tracked-link';
import { registerClickRoutes } from './routes/clicks';
import { registerDocsRoutes } from './routes/docs';
import { registerEventRecordRoutes } from './routes/event';
import { registerEventsRoutes } from './routes/events';
import { registerHealthRoutes } from './routes/health';
import { registerImageRoutes } from './routes/images';
import { registerLoginRoutes } from './routes/login';
import { registerRecordRoutes } from './routes/records';
import { registerSearchRoutes } from './routes/search';
import { registerIngestRoutes } from './routes/ingest';
import { registerServiceLinkRoutes } from './routes/service-link';
import { acceptRequestId, REQUEST_ID_HEADER } from '@/lib/contract/request-id';
import { createServiceMetrics, installRequestMetrics, startMetricsServer } from './observability/metrics';
import { requestTraceId } from './observability/trace-id';
import { nameRoute, serveInSpan, tracingActive } from './observability/tracing';
import { createCatalogueQueries } from './store/event-index/catalogue-queries';
import { ChangeFeedFollower } from './store/event-index/change-feed-follower';
import type { Store } from './store/port';

export interface BuildAppOptions {
  /** The open store (openStore); the caller owns it and closes it after `app.close()`. */
  store: Store;
  clock: Clock;
  config: ServiceConfig;
  /** A pino logger to use instead of one built from `config.logLevel`. */
  logger?: FastifyBaseLogger;
  /** Other connection timeouts than {@link SERVER_TIMEOUTS} (tests of the timeouts themselves). */
  timeouts?: {
    connectionTimeout?: number;
    keepAliveTimeout?: number;
    requestTimeout?: number;
    http?: { headersTimeout?: number; connectionsCheckingInterval?: number };
  };
}

const MINUTE_MS = 60_000;

/**
 * Connection and request timeouts (Fastify's defaults are none, and 72 s of keep-alive). See
 * docs/reliability.md:
 * - headers within 10 s of connecting (slow-header clients cannot hold sockets);
 * - the whole request, body included, within 15 s (a slow-body POST was held open for minutes): 408 after;
 * - an idle keep-alive connection closes after 5 s, longer than the web app's HTTP client keeps idle sockets
 *   (undici: 4 s), so the client always gives up first and never sends on a socket the server is closing;
 * - a socket with no traffic at all for 60 s while a request is in flight (a stalled reader) is destroyed;
 * - expiry checks run every second instead of every 30 s, so the limits above hold to about a second.
 */
export const SERVER_TIMEOUTS = {
  connectionTimeout: 60_000,
  keepAliveTimeout: 5_000,
  requestTimeout: 15_000,
  http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
} as const;

/**
 * Serves each request inside a SERVER span continuing its `traceparent` (Fastify's own request listener, wrapped), and
 * names the span by route template once routed. The store port's spans (startService) nest under it. The service
 * calls no one, so an unsampled request enters no context at all; and the request's and response's listeners are not
 * re-bound to the span's context: Fastify resumes after reading a body in the context the request arrived in.
 */
function installRequestTracing(app: FastifyInstance): void {
  const [listener] = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!listener) return;
  app.server.removeListener('request', listener);
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    serveInSpan(req, res, () => listener(req, res), { bindStreams: false, onlyWhenRecording: true }),
  );
  app.addHook('onRequest', (request, _reply, done) => {
    nameRoute(request.raw, request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'));
    done();
  });
}

/** Routes that need no access token; everything else under `/v2/` does. */
function needsAuth(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && routeUrl.startsWith('/v2/');
}

/**
 * Builds the Partner API: problem+json errors, security headers, bearer auth and per-client rate limits on `/v2`,
 * login, docs, and every route module. The caller owns `store` (and closes it after `app.close()`). The app keeps its
 * EventIndex current from the store's change feed until it closes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { store, clock, config } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createServiceLogger(config.logLevel),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // One summary line a minute instead of two lines per request; requests are logged at debug (traffic-summary.ts).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    // Requests arriving during a graceful shutdown get a problem+json 503 from the hook below instead.
    return503OnClosing: false,
    // Path parameters up to MAX_PARAM_LENGTH reach the routes' validation (map place ids: 256 characters), which names
    // the field. Errors raised before routing (undecodable URL, longer parameter) bypass the error handler otherwise:
    // frameworkErrors answers them as problems naming the parameter (the fuzz tests send both).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // It returns the reply, a thenable the rule takes for a promise; Fastify calls it for its answer, not a result.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    frameworkErrors,
    // Keep-alive sockets would otherwise hold `close()` (and a graceful shutdown) open.
    forceCloseConnections: 'idle',
    ...SERVER_TIMEOUTS,
    ...options.timeouts,
    http: { ...SERVER_TIMEOUTS.http, ...options.timeouts?.http },
    // What Node's HTTP parser refuses (an unknown method such as FOO) is answered as a problem too.
    clientErrorHandler: (error, socket) => answerClientError(app, error, socket),
    // Every log line of a request and its problem body carry its id (docs/operations.md): the client's X-Request-Id
    // when well-formed, a fresh UUID otherwise; and the W3C trace id when the request is part of a trace.
    genReqId: (raw) => acceptRequestId(raw.headers[REQUEST_ID_HEADER]),
    childLoggerFactory: (logger, bindings, childOptions, raw) => {
      const traceId = requestTraceId(raw);
      return logger.child(traceId === undefined ? bindings : { ...bindings, traceId }, childOptions);
    },
  }) as unknown as FastifyInstance;
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (startService starts the SDK): otherwise nothing is wrapped.
  if (tracingActive()) installRequestTracing(app);

  const rootSecret = await resolveRootSecret(store.auth, config);
  if (config.demo) await ensureDemoClients(store.auth, clock);
  const links = createTrackedLinks({ key: deriveKey(rootSecret, 'tracked-link'), publicUrl: config.publicUrl });
  const tokens = createTokenService({ auth: store.auth, clock, key: deriveKey(rootSecret, 'access-token') });
  // Limits count in Redis when PARTNER_API_REDIS_URL is set, so every replica shares them; else in this process.
  const limits = await openLimitsStore({ redisUrl: config.redisUrl, clock, log: app.log });
  app.addHook('onClose', () => limits.close());
  const follower = new ChangeFeedFollower(store.feed, {
    pollMs: config.changePollMs,
    onError: (error) => app.log.error({ err: error }, 'catalogue change feed: poll failed; retrying'),
  });
  try {
    await follower.start();
  } catch (error) {
    follower.stop();
    await app.close(); // closes the limits store too
    throw error;
  }
  app.addHook('onClose', async () => follower.stop());
  // Metrics only when PARTNER_API_METRICS_PORT is set: otherwise not even a hook on the request path.
  const metrics =
    config.metricsPort === undefined ? undefined : createServiceMetrics({ store, follower, clock, limits });
  if (metrics && config.metricsPort !== undefined) {
    installRequestMetrics(app, metrics);
    let server: Awaited<ReturnType<typeof startMetricsServer>>;
    try {
      server = await startMetricsServer(metrics.registry, { port: config.metricsPort, host: config.metricsHost });
    } catch (error) {
      // A metrics port already taken stops the start like the API's own port would, without leaving the poll running.
      follower.stop();
      await app.close();
      throw error;
    }
    app.decorate('metricsUrl', server.url);
    app.addHook('onClose', () => server.close());
  }
  const ctx: ServiceContext = {
    store,
    catalogue: createCatalogueQueries(store.catalogue, follower),
    clock,
    publicUrl: config.publicUrl,
    appUrl: config.appUrl,
    renderLinks: links.renderLinks,
    renderJsonPage: links.renderJsonPage,
    verifyLinkToken: links.verifyLinkToken,
    metrics,
  };

  installProblemHandling(app);
  installStrictRequests(app);
  installSecurityHeaders(app);
  installTrafficSummary(app);
  // JSON only: an unsupported body type is a 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');
  await app.register(rateLimitPlugin, { global: false, store: limits.rateLimitStore });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new ProblemError(503, 'The service is shutting down; retry shortly.', undefined, { 'retry-after': '1' });
  });

  app.decorateRequest('clientId', '');
  const perClient = app.createRateLimit({
    max: config.rateLimit.apiPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `api:${request.clientId}`,
  });
  app.addHook('onRequest', async (request) => {
    if (!needsAuth(request.routeOptions.url)) return;
    await authenticate(request, tokens);
    const limit = await perClient(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new ProblemError(429, 'Too many requests; retry later.', undefined, {
        'retry-after': String(Math.max(1, limit.ttlInSeconds)),
      });
    }
  });

  registerHealthRoutes(app, ctx);
  await registerDocsRoutes(app, ctx);
  registerLoginRoutes(app, ctx, {
    tokens,
    rateLimit: config.rateLimit,
    failureCounter: limits.failureCounter,
  });

  // Route modules, one line each (partner-api/routes/<area>.ts). Append new areas here.
  registerEventRecordRoutes(app, ctx);
  registerImageRoutes(app, ctx);
  registerEventsRoutes(app, ctx);
  registerRecordRoutes(app, ctx);
  registerSearchRoutes(app, ctx);
  registerClickRoutes(app, ctx, { perIpPerMinute: config.rateLimit.apiPerMinute });
  registerServiceLinkRoutes(app, ctx);
  // The ingest API: its own prefix and credentials (ingest keys), outside the partner API's `/v2` auth.
  await registerIngestRoutes(app, ctx);

  return app;
}
