import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServiceConfig } from '../env';
import { startService } from '../main';

/*
 * OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG honoured (a file of its own: the SDK is process-global). Under
 * `parentbased_traceidratio` with ratio 0 the service records exactly the requests whose caller sampled them, and an
 * unsampled request still carries its caller's trace id in its problem body (and log lines).
 */

interface OtlpRequest {
  resourceSpans: {
    scopeSpans: { spans: { traceId: string; spanId: string; parentSpanId?: string; name: string }[] }[];
  }[];
}

const received: OtlpRequest[] = [];
let receiver: Server;
let endpoint: string;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpRequest);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const SAMPLED = 'a0000000000000000000000000000001';
const SLOW = 'c0000000000000000000000000000003';
const FAST = 'd0000000000000000000000000000004';
const UNSAMPLED = 'b0000000000000000000000000000002';
const PARENT_ID = '00f067aa0ba902b7';

const LOGIN = JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' });

function login(url: string, traceparent: string): Promise<Response> {
  return fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent },
    body: LOGIN,
  });
}

/** A login whose body is sent 600 ms after its headers (after the other logins of the test are answered). */
function slowLogin(url: string, traceparent: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/login`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(LOGIN), traceparent },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.flushHeaders();
    setTimeout(() => request.end(LOGIN), 600);
  });
}

describe('trace sampling', () => {
  it('records what the caller sampled and, at ratio 0, nothing else, each request under its own span', async () => {
    const service = await startService(
      testServiceConfig({ otlpEndpoint: endpoint, otelSampler: 'parentbased_traceidratio', otelSamplerRatio: 0 }),
    );
    const problems: Record<string, string | undefined> = {};
    try {
      // A recorded login whose body comes 600 ms after its headers, while a recorded and an unsampled request come and
      // go: each recorded request's store spans stay under its own route span.
      const slow = slowLogin(service.url, `00-${SLOW}-${PARENT_ID}-01`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await login(service.url, `00-${FAST}-${PARENT_ID}-01`)).status).toBe(201);
      expect((await login(service.url, `00-${UNSAMPLED}-${PARENT_ID}-00`)).status).toBe(201);
      expect(await slow).toBe(201);
      for (const [name, traceparent] of [
        ['sampled', `00-${SAMPLED}-${PARENT_ID}-01`],
        ['unsampled', `00-${UNSAMPLED}-${PARENT_ID}-00`],
        ['none', undefined],
      ] as const) {
        const response = await fetch(`${service.url}/v2/no-such-route`, {
          headers: traceparent ? { traceparent } : {},
        });
        expect(response.status).toBe(404);
        problems[name] = ((await response.json()) as { traceId?: string }).traceId;
      }
    } finally {
      await service.close(); // flushes the batch
    }
    const spans = received.flatMap((r) => r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)));
    for (const traceId of [SLOW, FAST]) {
      const trace = spans.filter((span) => span.traceId.toLowerCase() === traceId);
      const route = trace.find((span) => span.name === 'POST /login');
      const store = trace.filter((span) => span.name.startsWith('store auth.'));
      expect(store.length, JSON.stringify(trace.map((span) => span.name))).toBeGreaterThan(0);
      for (const span of store) expect(span.parentSpanId).toBe(route?.spanId);
    }
    const others = spans.filter((span) => ![SLOW, FAST].includes(span.traceId.toLowerCase()));
    expect(others.map((span) => [span.traceId.toLowerCase(), span.name])).toEqual([[SAMPLED, 'GET unmatched']]);
    // Unsampled: no span, but the caller's trace id still reaches the problem body (and the log lines).
    expect(problems).toEqual({ sampled: SAMPLED, unsampled: UNSAMPLED, none: undefined });
  });
});
