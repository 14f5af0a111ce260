import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';
import { problemResponse } from '@/lib/http/problem';
import { runWithRequestContext } from '@/lib/observability/request-context';
import { createPartner, type Partner } from '@/lib/partner';
import { createServiceLogger } from '@/partner-api/http/logger';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/*
 * The web server (scripts/web-server.ts) enters each visitor request's id and W3C trace context; the Partner API
 * client then sends them along. Here a request context stands in for the web server's, and the real client calls the
 * real service over HTTP: the service's log lines of those calls carry the visitor's trace id and request id.
 */
describe('request id and trace id from the web app to the service', () => {
  const lines: Array<Record<string, unknown>> = [];
  let service: TestApp;
  let partner: Partner;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    service = await createTestApp({ logger: createServiceLogger('debug', sink) });
    const apiUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
    partner = createPartner({
      baseUrl: apiUrl,
      clientId: 'demo',
      clientSecret: 'demo-secret',
      sessionSecret: 'a-session-secret-for-tests-only-0123456789',
    });
  });
  afterAll(() => service.close());

  it("puts the visitor's trace id and request id in the service's log lines", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    await runWithRequestContext({ requestId: 'visitor-request-1', traceId, traceFlags: '01' }, async () => {
      await partner.client.getEvents({ limit: 5 });
      await expect(partner.client.getEvent(987_654)).rejects.toThrow(/404/);
    });
    const traced = lines.filter((line) => line.traceId === traceId);
    // The login and both data calls were logged, each with the visitor's ids.
    expect(traced.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/login 201/),
        expect.stringMatching(/^POST \/v2\/get\/events 201/),
        expect.stringMatching(/^GET \/v2\/event\/987654 404/),
      ]),
    );
    for (const line of traced) expect(line.requestId).toBe('visitor-request-1');

    // Outside a visitor's request (a scheduled sync), no trace is invented.
    const before = lines.length;
    await partner.client.getEvents({ limit: 1 });
    const after = lines.slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const line of after) expect(line.traceId).toBeUndefined();
  });

  it("puts the visitor's request id and trace id in the web app's problem bodies", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = runWithRequestContext({ requestId: 'visitor-request-2', traceId }, () =>
      problemResponse({ status: 404, detail: 'No such event.' }),
    );
    expect(ZProblemSchema.parse(await response.json())).toMatchObject({
      status: 404,
      requestId: 'visitor-request-2',
      traceId,
    });
    const outside = ZProblemSchema.parse(await problemResponse({ status: 400 }).json());
    expect(outside.requestId).toBeUndefined();
  });
});
