import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithRequestContext } from '@/lib/observability/request-context';
import { createPartner } from '@/lib/partner';
import { testServiceConfig } from '@/partner-api/env';
import { startService, type RunningService } from '@/partner-api/main';
import { nameRoute, serveInSpan, serverSpanOf } from '@/partner-api/observability/tracing';

/*
 * One trace from the visitor to the store: a stand-in for scripts/web-server.ts (its tracing branch: a SERVER span
 * continuing the visitor's traceparent, then the request context) calls the real Partner API client, which calls the
 * real service over HTTP; a real OTLP/HTTP receiver on loopback gets every span. Both programs share this process, so
 * they share one tracer provider here (one service.name); in production each has its own.
 */

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

const spans: ReceivedSpan[] = [];
let receiver: Server;
let web: Server;
let service: RunningService;
let webUrl: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
      };
      spans.push(...body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startService(testServiceConfig({ otlpEndpoint: endpoint }));
  const partner = createPartner({
    baseUrl: service.url,
    clientId: 'demo',
    clientSecret: 'demo-secret',
    sessionSecret: 'a-session-secret-for-tests-only-0123456789',
  });
  web = createServer((request, response) => {
    serveInSpan(request, response, () => {
      nameRoute(request, '/[locale]/events');
      const span = serverSpanOf(request)?.spanContext();
      runWithRequestContext({ requestId: 'visitor-1', traceId: span?.traceId, traceFlags: '01' }, () => {
        partner.client.getEvents({ limit: 3 }).then(
          () => response.end('ok'),
          (error: unknown) => response.writeHead(502).end(String(error)),
        );
      });
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => web.close(resolve));
  await service.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('OpenTelemetry across both programs', () => {
  it('records the visitor request, the Partner API calls, the service requests and store calls as one trace', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${webUrl}/fr/events`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(response.status).toBe(200);
    await service.close(); // flushes the batch processor

    const names = JSON.stringify(spans.map((s) => [s.name, s.traceId]));
    const inTrace = spans.filter((span) => span.traceId === traceId);
    const visitor = inTrace.find((span) => span.name === 'GET /[locale]/events');
    expect(visitor, names).toBeDefined();
    expect(visitor?.parentSpanId).toBe('b7ad6b7169203331');
    const calls = inTrace.filter((span) => span.name.startsWith('partner-api '));
    expect(calls.length, names).toBeGreaterThanOrEqual(2); // the login, then the events query
    for (const call of calls) expect(call.parentSpanId).toBe(visitor?.spanId);
    const served = inTrace.filter((span) => span.kind === 2 && span !== visitor);
    expect(served.map((span) => span.name)).toEqual(expect.arrayContaining(['POST /login', 'POST /v2/get/events']));
    // Each request the service served is a child of one of the web app's CLIENT spans: traceparent went along.
    const callIds = new Set(calls.map((call) => call.spanId));
    for (const span of served) expect(callIds.has(span.parentSpanId ?? '')).toBe(true);
    const servedIds = new Set(served.map((span) => span.spanId));
    const store = inTrace.filter((span) => span.name.startsWith('store '));
    expect(store.length, names).toBeGreaterThan(0);
    for (const span of store) expect(servedIds.has(span.parentSpanId ?? '')).toBe(true);
  });
});
