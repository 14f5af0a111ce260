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
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-node';
import type { TracesSamplerName } from './sampler-names';

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
  /**
   * Which traces are recorded (OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG, parsed by the env modules); default
   * {@link DEFAULT_SAMPLER}.
   */
  sampler?: { name: TracesSamplerName; ratio?: number | undefined };
}

/** OpenTelemetry's own default: record every trace, unless the caller's traceparent says it is not sampled. */
export const DEFAULT_SAMPLER: TracesSamplerName = 'parentbased_always_on';

/** The SDK's sampler for an OTEL_TRACES_SAMPLER value; `ratio` (OTEL_TRACES_SAMPLER_ARG) defaults to 1, as specified. */
export function samplerOf(name: TracesSamplerName, ratio = 1): Sampler {
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
  }
}

export interface Tracing {
  /** Sends the spans ended so far (tests; shutdown). */
  flush(): Promise<void>;
  /** Flushes and stops exporting. */
  shutdown(): Promise<void>;
}

const TRACER_NAME = 'eventmap';
const holder = globalThis as typeof globalThis & { __eventmapTracing?: Tracing; __eventmapTracer?: Tracer };

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
    // Passed explicitly: the env modules parse OTEL_TRACES_SAMPLER(_ARG), so a typo fails the start instead of the
    // SDK falling back to always-on with a console warning.
    sampler: samplerOf(options.sampler?.name ?? DEFAULT_SAMPLER, options.sampler?.ratio),
    // One export of up to 512 spans per second at most, from a queue of 4 096 (about 2 000 requests of the service's
    // two spans): bursts wait in the queue instead of triggering an export each 512 spans, and beyond it spans are
    // dropped rather than slowing requests down.
    spanProcessors: [
      new BatchSpanProcessor(exporter, { maxQueueSize: 4_096, maxExportBatchSize: 512, scheduledDelayMillis: 1_000 }),
    ],
  });
  // AsyncLocalStorage context manager (the default); W3C trace context only: neither program reads baggage, and the
  // default composite propagator would look for its header on every request too.
  provider.register({ propagator: new W3CTraceContextPropagator() });
  const handle: Tracing = {
    // The processor's flush sends only what is still queued; an export its timer started is already off the queue,
    // and only the exporter waits for it. Both, or a stop right after a scheduled export loses those spans.
    flush: async () => {
      await provider.forceFlush();
      await exporter.forceFlush();
    },
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      holder.__eventmapTracing = undefined;
      holder.__eventmapTracer = undefined;
    },
  };
  holder.__eventmapTracing = handle;
  // Looked up once: the provider's getTracer builds a key string on every call.
  holder.__eventmapTracer = trace.getTracer(TRACER_NAME);
  return handle;
}

/** The project's tracer (the no-op one while tracing is off). */
export function tracer(): Tracer {
  return holder.__eventmapTracer ?? trace.getTracer(TRACER_NAME);
}

const serverSpans = new WeakMap<IncomingMessage, { span: Span; active: Context }>();

export interface ServeOptions {
  /**
   * Re-bind the request's and response's listeners to the span's context (default true), for a server that reads
   * the body itself: a body's `data`/`end` events come from the socket's own async context, so code after them
   * would lose the trace. It wraps every listener of both objects (~10 µs a request, measured); the service skips
   * it: Fastify's body parser resumes the request in an AsyncResource made when the request arrived, i.e. in this
   * context (tested with a body sent after the headers).
   */
  bindStreams?: boolean;
  /**
   * Enter the span's context only when the span records (default false). For a server that calls no one: an
   * unsampled request then costs no context switch at all. The web app passes the caller's decision on (an
   * unsampled `traceparent`), so it always enters.
   */
  onlyWhenRecording?: boolean;
}

/**
 * Serves `request` inside a SERVER span continuing the caller's `traceparent` (a new trace without one). The span ends
 * when the response is done; `nameRoute` later names it by route template.
 */
export function serveInSpan(
  request: IncomingMessage,
  response: ServerResponse,
  serve: () => void,
  { bindStreams = true, onlyWhenRecording = false }: ServeOptions = {},
): void {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  const method = request.method ?? 'GET';
  const span = tracer().startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
    parent,
  );
  const recording = span.isRecording();
  if (!recording && onlyWhenRecording) {
    serve();
    return;
  }
  const active = trace.setSpan(parent, span);
  serverSpans.set(request, { span, active });
  if (recording) {
    response.once('close', () => {
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
  }
  if (bindStreams) {
    context.bind(active, request);
    context.bind(active, response);
  }
  context.with(active, serve);
}

/** The SERVER span of `request` (undefined when tracing is off). */
export function serverSpanOf(request: IncomingMessage): Span | undefined {
  return serverSpans.get(request)?.span;
}

/** Names the request's SERVER span by its route template (`GET /v2/events/{id}`), never by the raw URL. */
export function nameRoute(request: IncomingMessage, route: string): void {
  const span = serverSpans.get(request)?.span;
  if (!span?.isRecording()) return;
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
 * so a trace shows the time a request spent in storage, whichever backend. Only called when tracing is on. A store
 * call outside a recording span (the change-feed poller, the seeding, an unsampled request) costs one lookup of the
 * active span and nothing else; the wrappers are made once per method, not per call.
 */
export function traceStorePort<S extends object>(store: S, parts: readonly (keyof S & string)[]): S {
  const wrapped = new Map<string, unknown>();
  for (const part of parts) {
    const target = store[part] as object;
    const methods = new Map<string, (...args: unknown[]) => unknown>();
    wrapped.set(
      part,
      new Proxy(target, {
        get(object, key) {
          // The target as receiver: stores keep private fields, which a proxy receiver cannot reach.
          const value: unknown = Reflect.get(object, key);
          if (typeof value !== 'function' || typeof key !== 'string') return value;
          let traced = methods.get(key);
          if (traced === undefined) {
            traced = tracedMethod(object, value as (...args: unknown[]) => unknown, `store ${part}.${key}`);
            methods.set(key, traced);
          }
          return traced;
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

/** `method` of `object`, in a span `name` when called inside a recording span, as is otherwise. */
function tracedMethod(
  object: object,
  method: (...args: unknown[]) => unknown,
  name: string,
): (...args: unknown[]) => unknown {
  return function traced(...args: unknown[]) {
    const active = context.active();
    // Only inside a traced request: the change-feed poller and the seeding would otherwise make root spans.
    if (!trace.getSpan(active)?.isRecording()) return method.apply(object, args);
    const span = tracer().startSpan(name, undefined, active);
    const failed = (error: unknown): never => {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    };
    let result: unknown;
    try {
      result = context.with(trace.setSpan(active, span), () => method.apply(object, args));
    } catch (error) {
      return failed(error);
    }
    if (result instanceof Promise) {
      return result.then((value: unknown) => {
        span.end();
        return value;
      }, failed);
    }
    span.end();
    return result;
  };
}
