import { createServer, type Server } from 'node:http';
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
  resourceSpans: { scopeSpans: { spans: { traceId: string; name: string }[] }[] }[];
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
const UNSAMPLED = 'b0000000000000000000000000000002';
const PARENT_ID = '00f067aa0ba902b7';

describe('trace sampling', () => {
  it('records what the caller sampled and, at ratio 0, nothing else', async () => {
    const service = await startService(
      testServiceConfig({ otlpEndpoint: endpoint, otelSampler: 'parentbased_traceidratio', otelSamplerRatio: 0 }),
    );
    const problems: Record<string, string | undefined> = {};
    try {
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
    expect(spans.map((span) => [span.traceId.toLowerCase(), span.name])).toEqual([[SAMPLED, 'GET unmatched']]);
    // Unsampled: no span, but the caller's trace id still reaches the problem body (and the log lines).
    expect(problems).toEqual({ sampled: SAMPLED, unsampled: UNSAMPLED, none: undefined });
  });
});
