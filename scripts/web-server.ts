/**
 * The web app's production HTTP server: Next's request handler behind a Node server whose timeouts are chosen here
 * (`next start` exposes only the keep-alive timeout), which serves the build's pre-compressed static files and
 * compresses dynamic answers (scripts/lib/web-server.ts), and which tells route handlers the visitor's address for
 * the per-visitor fair share of /api/* (Next ≥ 15 gives route handlers no socket address; its X-Forwarded-For is
 * whatever the client sent, if it sent one).
 *
 *   tsx scripts/web-server.ts [-p PORT] [-H HOST]    (after `npm run build`; `npm start` runs it)
 *
 * Configuration (parsed here, once, with zod): PORT, HOSTNAME, TRUST_PROXY (default: PARTNER_API_TRUST_PROXY),
 * WEB_METRICS_PORT / WEB_METRICS_HOST (Prometheus metrics on a port of their own; off unless set).
 *
 * Each request gets an id (the client's X-Request-Id when well-formed, a new UUID otherwise), answered in X-Request-Id,
 * and is counted by route template when metrics are on (docs/operations.md).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import next from 'next';
import { z } from 'zod';
import { acceptRequestId, parseTraceparent, REQUEST_ID_HEADER } from '../lib/contract/request-id';
import { CLIENT_ADDRESS_HEADER, clientAddress } from '../lib/http/client-address';
import { runWithRequestContext } from '../lib/observability/request-context';
import { TRACES_SAMPLERS } from '../partner-api/observability/sampler-names';
import { nameRoute, serveInSpan, serverSpanOf, startTracing } from '../partner-api/observability/tracing';
import { createRouteClassifier, type RoutesManifest } from '../lib/observability/route-template';
import { startWebMetricsServer, webMetrics } from '../lib/observability/web-metrics';
import { createWebHandler } from './lib/web-server';

/**
 * Timeouts (see docs/reliability.md):
 * - headers: a client has 10 s to send its request line and headers (slow-header attacks hold sockets otherwise);
 * - request: 30 s for the whole request, body included (the app takes small bodies only: server actions);
 * - keep-alive: an idle connection closes after 5 s without a new request; a reverse proxy in front must use a
 *   shorter idle timeout towards this server (nginx's default upstream keepalive_timeout is 60 s: set it lower), or
 *   raise this with WEB_KEEP_ALIVE_TIMEOUT_MS;
 * - expiry checks run every second, so a timeout fires within about a second of being due.
 * The upstream bound is PARTNER_TIMEOUT_MS (lib/env.ts, 5 s) per Partner API exchange.
 */
export const WEB_SERVER_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  connectionsCheckingIntervalMs: 1_000,
} as const;

const ZFlag = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
  .pipe(
    z
      .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
      .transform((value) => value === '1' || value === 'true' || value === 'yes')
      .optional(),
  );

const ZWebServerEnvSchema = z.object({
  PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65_535))
    .optional(),
  HOSTNAME: z.string().min(1).optional(),
  TRUST_PROXY: ZFlag,
  PARTNER_API_TRUST_PROXY: ZFlag,
  WEB_KEEP_ALIVE_TIMEOUT_MS: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of milliseconds')
    .transform(Number)
    .pipe(z.number().int().min(1_000).max(600_000))
    .optional(),
  WEB_METRICS_PORT: z
    .string()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65_535))
    .optional(),
  WEB_METRICS_HOST: z.string().min(1).optional(),
  // OpenTelemetry traces by OTLP/HTTP (docs/operations.md, "Traces"); unset = no SDK at all. The SDK itself reads
  // further OTEL_* variables (headers, timeouts) only once started.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  // The standard sampler keys, validated here like the service's (partner-api/env.ts).
  OTEL_TRACES_SAMPLER: z.enum(TRACES_SAMPLERS, { error: `must be one of ${TRACES_SAMPLERS.join(', ')}` }).optional(),
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .regex(/^\d*\.?\d+$/, 'must be a ratio between 0 and 1')
    .transform(Number)
    .pipe(z.number().min(0).max(1, 'must be a ratio between 0 and 1'))
    .optional(),
});

const parsedEnv = ZWebServerEnvSchema.safeParse(process.env);
if (!parsedEnv.success) {
  const lines = parsedEnv.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  console.error(`Invalid web server configuration:\n${lines.join('\n')}`);
  process.exit(2);
}
const env = parsedEnv.data;
const { values: args } = parseArgs({
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  strict: true,
});
const port = args.port === undefined ? (env.PORT ?? 3000) : Number(args.port);
const hostname = args.hostname ?? env.HOSTNAME ?? '0.0.0.0';
const trustProxy = env.TRUST_PROXY ?? env.PARTNER_API_TRUST_PROXY ?? false;
const keepAliveTimeoutMs = env.WEB_KEEP_ALIVE_TIMEOUT_MS ?? WEB_SERVER_TIMEOUTS.keepAliveTimeoutMs;

// Before Next loads: its own spans (rendering, route handlers) then join the request's trace.
const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? startTracing({
      endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: env.OTEL_SERVICE_NAME ?? 'eventmap-web',
      ...(env.OTEL_TRACES_SAMPLER && {
        sampler: { name: env.OTEL_TRACES_SAMPLER, ratio: env.OTEL_TRACES_SAMPLER_ARG },
      }),
    })
  : undefined;

const app = next({ dev: false, dir: process.cwd(), hostname, port });
await app.prepare();
const nextHandler = app.getRequestHandler();
const handle = createWebHandler({
  dir: process.cwd(),
  next: (request, response) =>
    nextHandler(request, response).catch((error: unknown) => {
      console.error('[web] request failed', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end();
    }),
});

const metrics = env.WEB_METRICS_PORT === undefined ? undefined : webMetrics();
/** The build's route templates (a metric label); a build without the manifest labels by file or `unmatched`. */
function readRoutesManifest(): RoutesManifest | null {
  try {
    return JSON.parse(readFileSync(join(process.cwd(), '.next', 'routes-manifest.json'), 'utf8')) as RoutesManifest;
  } catch {
    return null;
  }
}
const routeOf = metrics || tracing ? createRouteClassifier(readRoutesManifest()) : undefined;
/** Counts an answered request by route template, method and status class. */
function countRequest(request: IncomingMessage, response: ServerResponse, url: string, startedAt: number): void {
  if (!metrics || !routeOf) return;
  metrics.http.observe(routeOf(url), request.method, response.statusCode, (performance.now() - startedAt) / 1000);
}

function onRequest(request: IncomingMessage, response: ServerResponse): void {
  // Replaces whatever a client sent under this name: route handlers trust it.
  request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(
    request.socket.remoteAddress,
    request.headers['x-forwarded-for'],
    trustProxy,
  );
  const requestId = acceptRequestId(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  if (metrics) {
    // The static handler rewrites req.url; the label is the URL as the visitor asked it.
    const url = request.url ?? '/';
    const startedAt = performance.now();
    response.once('finish', () => countRequest(request, response, url, startedAt));
  }
  if (tracing) {
    // The server span continues the visitor's traceparent (or starts a trace); its ids are the request's from here on.
    serveInSpan(request, response, () => {
      nameRoute(request, routeOf?.(request.url ?? '/') ?? 'unmatched');
      const span = serverSpanOf(request)?.spanContext();
      const trace = span ? { traceId: span.traceId, traceFlags: span.traceFlags === 1 ? '01' : '00' } : {};
      runWithRequestContext({ requestId, ...trace }, () => handle(request, response));
    });
    return;
  }
  const trace = parseTraceparent(request.headers.traceparent);
  runWithRequestContext({ requestId, ...trace }, () => handle(request, response));
}

const server = createServer(
  {
    headersTimeout: WEB_SERVER_TIMEOUTS.headersTimeoutMs,
    requestTimeout: WEB_SERVER_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    connectionsCheckingInterval: WEB_SERVER_TIMEOUTS.connectionsCheckingIntervalMs,
  },
  onRequest,
);

server.listen(port, hostname, () => {
  console.log(`[web] ready on http://${hostname}:${port}${trustProxy ? ' (trusting X-Forwarded-For)' : ''}`);
});
const metricsServer =
  env.WEB_METRICS_PORT === undefined
    ? undefined
    : // Loopback unless told otherwise: a Prometheus on another machine needs WEB_METRICS_HOST=0.0.0.0 (and a firewall).
      await startWebMetricsServer({ port: env.WEB_METRICS_PORT, host: env.WEB_METRICS_HOST ?? '127.0.0.1' });
if (metricsServer) console.log(`[web] metrics on ${metricsServer.url}/metrics`);

let stopping = false;
function stop(): void {
  if (stopping) process.exit(1);
  stopping = true;
  // Finish in-flight requests, drop idle keep-alive sockets; a second signal or 10 s later, exit regardless.
  void metricsServer?.close();
  void tracing?.shutdown();
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
