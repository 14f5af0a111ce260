import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracingActive } from './tracing';
import { testServiceConfig } from '../env';
import { startService } from '../main';

/*
 * OpenTelemetry through the service's public interface: a real OTLP/HTTP receiver on loopback gets the spans of a
 * request that carries a W3C traceparent. The SDK is process-global, so the "off" case runs first.
 */

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string } }[];
}

interface OtlpRequest {
  resourceSpans: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: ReceivedSpan[] }[];
  }[];
}

const received: { path: string; contentType: string | undefined; body: OtlpRequest }[] = [];
let receiver: Server;
let endpoint: string;
/** When set, the receiver tells each export's arrival and acknowledges it (records it, answers 200) `ackAfterMs` later. */
let slowCollector: { arrived: () => void; ackAfterMs: number } | undefined;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const acknowledge = () => {
        received.push({
          path: request.url ?? '',
          contentType: request.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest,
        });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      };
      if (!slowCollector) return acknowledge();
      slowCollector.arrived();
      setTimeout(acknowledge, slowCollector.ackAfterMs);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';
const SLOW_TRACE_ID = '5bf92f3577b34da6a3ce929d0e0e4737';

async function login(url: string): Promise<Response> {
  return fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
  });
}

/** The same login, its body sent 50 ms after its headers: Fastify reads it from later socket events. */
function slowLogin(url: string, traceId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' });
    const request = httpRequest(
      `${url}/login`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          traceparent: `00-${traceId}-${PARENT_ID}-01`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.flushHeaders();
    setTimeout(() => request.end(body), 50);
  });
}

function spansOf(requests: typeof received): ReceivedSpan[] {
  return requests.flatMap((r) => r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
}

describe('traces', () => {
  it('sends nothing and starts no SDK when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
    const service = await startService(testServiceConfig({ otlpEndpoint: undefined }));
    try {
      const response = await login(service.url);
      expect(response.status).toBe(201);
      // The trace id of the caller's traceparent still reaches the problem bodies and logs (hand-made propagation).
      const problem = await fetch(`${service.url}/v2/events`, {
        headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
      });
      expect(((await problem.json()) as { traceId?: string }).traceId).toBe(TRACE_ID);
    } finally {
      await service.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tracingActive()).toBe(false);
    expect(received).toHaveLength(0);
  });

  it('exports the route span and the store spans of a request in the trace of its traceparent', async () => {
    const service = await startService(
      testServiceConfig({ otlpEndpoint: endpoint, otelServiceName: 'svc-under-test' }),
    );
    let problemTraceId: string | undefined;
    try {
      expect(tracingActive()).toBe(true);
      expect((await login(service.url)).status).toBe(201);
      expect(await slowLogin(service.url, SLOW_TRACE_ID)).toBe(201);
      // Without a traceparent the service starts a trace, and the problem body names it; an unknown URL never
      // becomes a span name (bounded names, like the metrics' labels).
      const problem = await fetch(`${service.url}/v2/no-such-route/12345`);
      problemTraceId = ((await problem.json()) as { traceId?: string }).traceId;
    } finally {
      await service.close(); // flushes the batch
    }
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.path === '/v1/traces' && r.contentType?.startsWith('application/json'))).toBe(true);
    const serviceNames = received.flatMap((r) =>
      r.body.resourceSpans.flatMap(
        (rs) => rs.resource?.attributes?.filter((a) => a.key === 'service.name').map((a) => a.value.stringValue) ?? [],
      ),
    );
    expect(new Set(serviceNames)).toEqual(new Set(['svc-under-test']));

    const spans = spansOf(received);
    const loginSpans = spans.filter((span) => span.traceId.toLowerCase() === TRACE_ID);
    const route = loginSpans.find((span) => span.name === 'POST /login');
    expect(route, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(route?.parentSpanId).toBe(PARENT_ID);
    expect(route?.kind).toBe(2); // SERVER
    expect(route?.attributes?.find((a) => a.key === 'http.route')?.value.stringValue).toBe('/login');
    const storeSpans = loginSpans.filter((span) => span.name.startsWith('store auth.'));
    expect(storeSpans.length).toBeGreaterThan(0);
    // Every store span of the login is inside the route span's trace, under the route span.
    for (const span of storeSpans) expect(span.parentSpanId).toBe(route?.spanId);
    // Also when the body arrives after the headers: the handler's store calls stay in the request's trace.
    const slowSpans = spans.filter((span) => span.traceId.toLowerCase() === SLOW_TRACE_ID);
    const slowRoute = slowSpans.find((span) => span.name === 'POST /login');
    const slowStore = slowSpans.filter((span) => span.name.startsWith('store auth.'));
    expect(slowStore.length, JSON.stringify(slowSpans.map((s) => s.name))).toBeGreaterThan(0);
    for (const span of slowStore) expect(span.parentSpanId).toBe(slowRoute?.spanId);

    expect(problemTraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(problemTraceId).not.toBe(TRACE_ID);
    expect(
      spans.some((span) => span.traceId === problemTraceId && span.name === 'GET unmatched'),
      JSON.stringify(spans.map((s) => [s.name, s.traceId])),
    ).toBe(true);
  });

  it('stops only once an export already on its way is acknowledged, so a shutdown loses no span', async () => {
    const service = await startService(testServiceConfig({ otlpEndpoint: endpoint }));
    received.length = 0;
    // The batch's own timer sends the login's spans (1 s after they end); the collector takes 500 ms to answer.
    const arrival = new Promise<void>((resolve) => {
      slowCollector = { arrived: resolve, ackAfterMs: 500 };
    });
    try {
      expect((await login(service.url)).status).toBe(201);
      await arrival;
    } finally {
      await service.close(); // the queue is empty now: the spans are in the export the collector holds
      slowCollector = undefined;
    }
    const route = spansOf(received).find(
      (span) => span.traceId.toLowerCase() === TRACE_ID && span.name === 'POST /login',
    );
    expect(route, 'the in-flight export was acknowledged before close() resolved').toBeDefined();
  });
});
