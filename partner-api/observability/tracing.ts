import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

/*
 * OpenTelemetry traces of both programs (docs/operations.md, "Traces"). Started only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (parsed in partner-api/env.ts and scripts/web-server.ts): otherwise no provider is registered, the API below is OTel's
 * no-op, and the request path does not even wrap requests (`tracingActive()` is false). Spans are made by hand at
 * the few boundaries that matter (the HTTP server, the Partner API call, the store port), not by monkey-patching
 * instrumentations: they are cheap, work the same under tsx, Next's bundles and Vitest, and name routes by template.
 * Shared by both programs' HTTP servers: the web server script (outside Next, never bundled by it) imports it from
 * here, since the service may import nothing from lib/ but the contract.
 */

export interface TracingOptions {
  /** OTLP/HTTP base URL (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<endpoint>/v1/traces` as JSON. */
  endpoint: string;
  /** `service.name` of the spans (OTEL_SERVICE_NAME, or the program's default). */
  serviceName: string;
}

export interface Tracing {
  /** Sends the spans ended so far (tests; shutdown). */
  flush(): Promise<void>;
  /** Flushes and stops exporting. */
  shutdown(): Promise<void>;
}

const TRACER_NAME = 'eventmap';
const holder = globalThis as typeof globalThis & { __eventmapTracing?: Tracing };

/** Whether this process exports traces (startTracing ran): the request path skips all tracing work otherwise. */
export function tracingActive(): boolean {
  return holder.__eventmapTracing !== undefined;
}

/**
 * Registers the global tracer provider (W3C traceparent propagation, AsyncLocalStorage context) exporting by
 * OTLP/HTTP JSON in batches. Once per process: a second call returns the first one's handle.
 */
export function startTracing(options: TracingOptions): Tracing {
  if (holder.__eventmapTracing) return holder.__eventmapTracing;
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // Defaults: AsyncLocalStorage context manager, W3C trace context + baggage propagators.
  provider.register();
  const handle: Tracing = {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      holder.__eventmapTracing = undefined;
    },
  };
  holder.__eventmapTracing = handle;
  return handle;
}

/** The project's tracer (the no-op one while tracing is off). */
export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

const serverSpans = new WeakMap<IncomingMessage, Span>();

/**
 * Serves `request` inside a SERVER span continuing the caller's `traceparent` (a new trace without one). The span ends
 * when the response is done; `nameRoute` later names it by route template. Request and response events run in the
 * span's context too (a body's `data` events come from the socket's own async context otherwise).
 */
export function serveInSpan(request: IncomingMessage, response: ServerResponse, serve: () => void): void {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const method = request.method ?? 'GET';
  const span = tracer().startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    parent,
  );
  serverSpans.set(request, span);
  const active = trace.setSpan(parent, span);
  response.once('close', () => {
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.bind(active, request);
  context.bind(active, response);
  context.with(active, serve);
}

/** The SERVER span of `request` (undefined when tracing is off). */
export function serverSpanOf(request: IncomingMessage): Span | undefined {
  return serverSpans.get(request);
}

/** Names the request's SERVER span by its route template (`GET /v2/events/{id}`), never by the raw URL. */
export function nameRoute(request: IncomingMessage, route: string): void {
  const span = serverSpans.get(request);
  if (!span) return;
  span.updateName(`${request.method ?? 'GET'} ${route}`);
  span.setAttribute('http.route', route);
}

/** The trace id of the active span, when tracing is on and one is recording. */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? span.spanContext().traceId : undefined;
}

/**
 * Runs `work` in a span named `name` (kind CLIENT for outgoing calls, INTERNAL otherwise), child of the active one;
 * the span records a thrown error. When tracing is off, `work` runs as is.
 */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  work: (span: Span | undefined, active: Context) => Promise<T>,
): Promise<T> {
  if (!tracingActive()) return work(undefined, context.active());
  return tracer().startActiveSpan(name, { kind }, async (span) => {
    try {
      return await work(span, context.active());
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** W3C `traceparent` (and `tracestate`) continuing the `active` context, for an outgoing request. */
export function traceHeaders(active: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(active, headers);
  return headers;
}

/**
 * Wraps each method of each part of `store` (`catalogue.x`, `auth.y`) in an INTERNAL span `store <part>.<method>`,
 * so a trace shows the time a request spent in storage, whichever backend. Only called when tracing is on.
 */
export function traceStorePort<S extends object>(store: S, parts: readonly (keyof S & string)[]): S {
  const wrapped = new Map<string, unknown>();
  for (const part of parts) {
    const target = store[part] as object;
    wrapped.set(
      part,
      new Proxy(target, {
        get(object, key) {
          // The target as receiver: stores keep private fields, which a proxy receiver cannot reach.
          const value: unknown = Reflect.get(object, key);
          if (typeof value !== 'function' || typeof key !== 'string') return value;
          const method = value as (...args: unknown[]) => unknown;
          return function traced(this: unknown, ...args: unknown[]) {
            // Only inside a traced request: the change-feed poller and the seeding would otherwise make root spans.
            if (!trace.getActiveSpan()?.isRecording()) return method.apply(object, args);
            return tracer().startActiveSpan(`store ${part}.${key}`, (span) => {
              const ended = (): void => span.end();
              try {
                const result = method.apply(object, args);
                if (result instanceof Promise) {
                  return result.then(
                    (value: unknown) => {
                      ended();
                      return value;
                    },
                    (error: unknown) => {
                      span.setStatus({ code: SpanStatusCode.ERROR });
                      ended();
                      throw error;
                    },
                  );
                }
                ended();
                return result;
              } catch (error) {
                span.setStatus({ code: SpanStatusCode.ERROR });
                ended();
                throw error;
              }
            });
          };
        },
      }),
    );
  }
  return new Proxy(store, {
    get(object, key) {
      if (typeof key === 'string' && wrapped.has(key)) return wrapped.get(key);
      const value: unknown = Reflect.get(object, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}
