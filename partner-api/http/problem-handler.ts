import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problemBody, ProblemError, type ProblemFieldError } from './problem';
import { requestTraceId } from '../observability/trace-id';
import { storageFailure } from './storage-errors';

/** Media type of every error body (RFC 9457). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** Fastify's own client errors, reworded so no parser internals reach the client. */
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty although its Content-Type says JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body.',
};

/**
 * Sends a problem+json response carrying the request's id (and trace id when there is one), so a partner's complaint
 * quoting the body leads to the request's log lines (docs/operations.md).
 */
export function sendProblem(reply: FastifyReply, error: ProblemError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  const body = problemBody(error.status, error.detail, error.errors);
  body.requestId = reply.request.id;
  const traceId = requestTraceId(reply.request.raw);
  if (traceId !== undefined) body.traceId = traceId;
  return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** Path parameters up to this length reach the routes, whose contract schemas then name the offending field. */
export const MAX_PARAM_LENGTH = 1_024;

/**
 * Fastify's router rejects a malformed URL (`%` escapes that do not decode) and an over-long path parameter before
 * any route or error handler runs, with its own JSON body that echoes the path. Pass this as `frameworkErrors` so
 * those answers are problems too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const errors = offendingParams(reply.server, request.raw.url ?? '/', error.code === 'FST_ERR_BAD_URL');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendProblem(reply, new ProblemError(414, 'A path segment of the URL is too long.', errors));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendProblem(reply, new ProblemError(400, 'The URL is malformed (an invalid percent-encoding).', errors));
  }
  return sendProblem(reply, new ProblemError(400, 'The request is malformed.'));
}

/** Route patterns per app, for naming the path parameter a router-level rejection is about. */
const routePatterns = new WeakMap<object, string[]>();

/** Registered routes per app: a matcher of concrete paths and the methods registered on it. */
const routeMethods = new WeakMap<object, Array<{ matcher: RegExp; methods: Set<string> }>>();

/** Every route registered on an app, as `{method, url}` (Fastify's `:param` syntax). */
const registered = new WeakMap<object, Array<{ method: string; url: string }>>();

/** The routes registered on an app since {@link installProblemHandling}, for checking them against the contract. */
export function registeredRoutes(app: object): ReadonlyArray<{ method: string; url: string }> {
  return registered.get(app) ?? [];
}

/** The methods registered on a concrete path (sorted; empty when no route matches it), for `Allow`. */
export function allowedMethods(app: object, url: string): string[] {
  const path = url.split('?', 1)[0] ?? '/';
  const allowed = new Set<string>();
  for (const route of routeMethods.get(app) ?? []) {
    if (route.matcher.test(path)) for (const method of route.methods) allowed.add(method);
  }
  return [...allowed].sort();
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** Pointers (`#/eventId`) at the path parameters of the matching route that are undecodable or over-long. */
function offendingParams(app: object, url: string, badEncoding: boolean): ProblemFieldError[] {
  const segments = (url.split('?', 1)[0] ?? '/').split('/');
  for (const pattern of routePatterns.get(app) ?? []) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const fits = parts.every((part, i) => part.startsWith(':') || part === segments[i]);
    if (!fits) continue;
    const errors: ProblemFieldError[] = [];
    parts.forEach((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return;
      if (badEncoding ? !decodes(segment) : segment.length > MAX_PARAM_LENGTH) {
        errors.push({
          pointer: `#/${part.slice(1)}`,
          detail: badEncoding ? 'Not a valid percent-encoded value.' : `Longer than ${MAX_PARAM_LENGTH} characters.`,
        });
      }
    });
    if (errors.length > 0) return errors;
  }
  return [];
}

/** Turns a route pattern (`/v2/event/:eventId`) into a matcher for concrete paths. */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Makes every failure an RFC 9457 problem (docs/design.md §4.1): ProblemError as thrown, Fastify's client errors (bad
 * JSON 400, 413, 415), 404 for unknown routes, 405 with `Allow` for a known path and the wrong method, 503 with
 * Retry-After when the database cannot write (full disk, read-only, I/O error), and a bare 500 for anything
 * unexpected — logged in full server-side, never shown to the client.
 */
export function installProblemHandling(app: FastifyInstance): void {
  const routes: Array<{ matcher: RegExp; methods: Set<string> }> = [];
  const patterns: string[] = [];
  routePatterns.set(app, patterns);
  routeMethods.set(app, routes);
  const all: Array<{ method: string; url: string }> = [];
  registered.set(app, all);
  app.addHook('onRoute', (route) => {
    if (route.url.includes(':')) patterns.push(route.url);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) all.push({ method, url: route.url });
    const existing = routes.find((entry) => entry.matcher.source === patternToRegExp(route.url).source);
    if (existing) for (const method of methods) existing.methods.add(method);
    else routes.push({ matcher: patternToRegExp(route.url), methods: new Set(methods) });
  });

  const noRoute = (request: FastifyRequest, reply: FastifyReply) => {
    const allowed = allowedMethods(app, request.url);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendProblem(
        reply,
        new ProblemError(405, `${request.method} is not allowed on this resource.`, undefined, {
          allow: allowed.join(', '),
        }),
      );
    }
    return sendProblem(reply, new ProblemError(404, 'No resource at this address.'));
  };
  app.setNotFoundHandler(noRoute);

  app.setErrorHandler((error: FastifyError | ProblemError, request, reply) => {
    // A request no route takes (QUERY with an empty JSON body, say) can fail while its body is read: what matters
    // is that no route takes it — 405 or 404 — not what was wrong with a body nothing would read.
    if (request.is404) return noRoute(request, reply);
    if (error instanceof ProblemError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendProblem(reply, error);
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = error.code;
      // A JSON syntax error from the parser carries the raw SyntaxError message, which may quote the body.
      const detail =
        (code && FASTIFY_DETAILS[code]) ??
        (error instanceof SyntaxError ? FASTIFY_DETAILS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
      return sendProblem(reply, new ProblemError(status, detail));
    }
    const storage = storageFailure(error);
    if (storage) {
      request.log.error({ err: error, code: storage.code }, `database write failed: ${storage.reason}`);
      return sendProblem(
        reply,
        new ProblemError(503, 'The service cannot store changes right now; retry later.', undefined, {
          'retry-after': String(storage.retryAfterSeconds),
        }),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, new ProblemError(500, 'An unexpected error occurred.'));
  });
}
