import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/*
 * The id and W3C trace context of the visitor's request being served, for the web app's problem bodies and for the
 * Partner API calls it makes (X-Request-Id and traceparent go along, so the service's log lines carry the same ids).
 * The web server script (scripts/web-server.ts) enters it for each request; Next's bundled route code reads it. Both
 * are separate module instances of this file, hence the one store on globalThis. No 'server-only' marker: the web
 * server script runs outside Next, where that package throws.
 */

export interface RequestContext {
  requestId: string;
  /** The trace this request belongs to (its incoming `traceparent`), if any. */
  traceId?: string;
  /** The trace flags of the incoming `traceparent` (`01` = sampled). */
  traceFlags?: string;
}

const holder = globalThis as typeof globalThis & { __eventmapRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = (holder.__eventmapRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** Runs `work` (and everything it starts) as part of the request `context`. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being served, or undefined outside one (a scheduled sync, a test). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Headers carrying the current request's id and trace to the Partner API: `X-Request-Id`, and a `traceparent` that
 * continues the visitor's trace with a new parent id for this call. Empty outside a request.
 */
export function propagationHeaders(): Record<string, string> {
  const context = storage.getStore();
  if (!context) return {};
  const headers: Record<string, string> = { 'X-Request-Id': context.requestId };
  if (context.traceId) {
    headers.traceparent = `00-${context.traceId}-${randomBytes(8).toString('hex')}-${context.traceFlags ?? '01'}`;
  }
  return headers;
}
