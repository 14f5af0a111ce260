import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { context as otelContext, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

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
 * Headers carrying the current request's id and trace to the Partner API: `X-Request-Id`, and a `traceparent`. With
 * OpenTelemetry on (OTEL_EXPORTER_OTLP_ENDPOINT), the SDK's active span names the trace and the parent (the Partner
 * API call's CLIENT span, see `inClientSpan`), so the service's spans nest under it; with it off, the `traceparent`
 * continues the visitor's trace with a new parent id for this call. Empty outside a request.
 */
export function propagationHeaders(): Record<string, string> {
  const context = storage.getStore();
  const headers: Record<string, string> = context ? { 'X-Request-Id': context.requestId } : {};
  if (trace.getActiveSpan()?.isRecording()) {
    propagation.inject(otelContext.active(), headers);
    return headers;
  }
  if (!context) return {};
  if (context.traceId) {
    headers.traceparent = `00-${context.traceId}-${randomBytes(8).toString('hex')}-${context.traceFlags ?? '01'}`;
  }
  return headers;
}

/**
 * Runs an outgoing call (`work`) inside a CLIENT span named `name` when a traced request is being served (tracing on):
 * the span is active while `work` builds its headers, so `propagationHeaders()` sends the span as the parent. Without
 * a recording span, `work` runs as is (no SDK, no cost).
 */
export async function inClientSpan<T>(
  name: string,
  attributes: Record<string, string>,
  work: () => Promise<T>,
  statusOf: (result: T) => number,
): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return work();
  return trace.getTracer('eventmap').startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      const result = await work();
      const status = statusOf(result);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      return result;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}
