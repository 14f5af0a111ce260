import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPartner, partnerOperations } from './index';
import type { PartnerError } from './errors';
import { FakeUpstream } from '@/test/web/fake-upstream';
import { fakeEvent } from '@/test/web/fixtures';
import { describePartnerUpstream } from '@/test/web/upstream-suite';

const fake = new FakeUpstream({ loginDelayMs: 20 });
beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  fake.heal();
  fake.rejectRefresh = false;
});

const make = (options: { timeoutMs?: number; baseUrl?: string } = {}) =>
  createPartner({
    baseUrl: options.baseUrl ?? fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    sessionSecret: 'x'.repeat(32),
    timeoutMs: options.timeoutMs ?? 2000,
  }).client;

describePartnerUpstream('fake upstream', () => ({
  baseUrl: fake.baseUrl,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
}));

// Set PARTNER_API_TEST_URL (+ PARTNER_API_TEST_CLIENT_ID / _SECRET) to run the same checks against a real service.
const realUrl = process.env.PARTNER_API_TEST_URL;
if (realUrl) {
  describePartnerUpstream(realUrl, () => ({
    baseUrl: realUrl,
    clientId: process.env.PARTNER_API_TEST_CLIENT_ID ?? 'demo',
    clientSecret: process.env.PARTNER_API_TEST_CLIENT_SECRET ?? 'demo-secret',
  }));
}

describe('PartnerClient against the fault-injecting upstream', () => {
  it('makes exactly one login call over HTTP for 100 concurrent cold requests', async () => {
    const before = { ...fake.logins };
    const client = make();
    await Promise.all(Array.from({ length: 100 }, (_, i) => client.getEvent((i % 50) + 1)));
    expect(fake.logins.secret - before.secret).toBe(1);
    expect(fake.logins.refresh - before.refresh).toBe(0);
  });

  it('keeps working while tokens expire every second, renewing ahead with the refresh grant', async () => {
    const shortLived = new FakeUpstream({ expiresIn: 1 });
    await shortLived.start();
    try {
      const client = createPartner({
        baseUrl: shortLived.baseUrl,
        clientId: 'demo',
        clientSecret: 'demo-secret',
        sessionSecret: 'x'.repeat(32),
      }).client;
      const until = Date.now() + 2600;
      let calls = 0;
      while (Date.now() < until) {
        await Promise.all([client.getEvent(1), client.getEvent(2), client.getEvents()]);
        calls += 3;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const failed = shortLived.dataRequests().filter((r) => r.status === 401).length;
      expect(calls).toBeGreaterThan(30);
      expect(shortLived.logins.secret).toBe(1);
      expect(shortLived.logins.refresh).toBeGreaterThanOrEqual(3);
      // Renewal ahead of expiry means requests (almost) never meet an expired token.
      expect(failed).toBeLessThanOrEqual(1);
    } finally {
      await shortLived.stop();
    }
  });

  it('falls back to the secret grant when the refresh token is rejected', async () => {
    const client = make();
    await client.getEvent(1);
    const before = { ...fake.logins };
    fake.rejectRefresh = true;
    fake.revokeAccessTokens();
    await client.getEvent(1);
    expect(fake.logins.rejected - before.rejected).toBe(1);
    expect(fake.logins.secret - before.secret).toBe(1);
  });

  it('retries exactly once after a 401, with a renewed token', async () => {
    const client = make();
    await client.getEvent(1);
    fake.revokeAccessTokens();
    const start = fake.dataRequests().length;
    const before = { ...fake.logins };
    await client.getEvent(2);
    const calls = fake.dataRequests().slice(start);
    expect(calls.map((r) => r.status)).toEqual([401, 200]);
    expect(calls[0]!.authorization).not.toBe(calls[1]!.authorization);
    expect(fake.logins.refresh - before.refresh).toBe(1);
  });

  it('does not retry a second time when the renewed token is refused too', async () => {
    const client = make();
    await client.getEvent(1);
    fake.fail(/^\/v2\/event\//, { kind: 'status', status: 401 });
    const start = fake.dataRequests().length;
    await expect(client.getEvent(1)).rejects.toMatchObject({ kind: 'auth' });
    expect(fake.dataRequests().length - start).toBe(2);
  });

  it('maps a hanging upstream to a timeout', async () => {
    // 2 s: the first call (a login, then the event) must fit in it on a loaded machine too.
    const client = make({ timeoutMs: 2_000 });
    await client.getEvent(1);
    fake.fail(/^\/v2\/event\//, { kind: 'hang' });
    const started = Date.now();
    await expect(client.getEvent(1)).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(4_500);
  });

  it('abandons the upstream exchange when the caller aborts, without waiting for the timeout', async () => {
    const client = make({ timeoutMs: 5000 });
    await client.getEvent(1);
    fake.fail(/^\/v2\/event\//, { kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(client.raw(partnerOperations.getEvent(1), controller.signal)).rejects.toMatchObject({
      kind: 'aborted',
    });
    // Well before the 5 s timeout: the abort ended the wait.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('maps a refused connection and a dropped connection to unreachable', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    await expect(make({ baseUrl: `http://127.0.0.1:${port}` }).getEvent(1)).rejects.toMatchObject({
      kind: 'unreachable',
    });
    const client = make();
    await client.getEvent(1);
    fake.fail(/^\/v2\/event\//, { kind: 'close' });
    await expect(client.getEvent(1)).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('reports upstream statuses with Retry-After and problem detail', async () => {
    const client = make();
    fake.fail(/^\/v2\/event\//, { kind: 'status', status: 429, headers: { 'Retry-After': '7' } }, 1);
    const error = (await client.getEvent(1).catch((e: unknown) => e)) as PartnerError;
    expect(error).toMatchObject({ kind: 'http', status: 429, details: { retryAfter: '7' } });
    fake.fail(/^\/v2\/event\//, { kind: 'status', status: 500 }, 1);
    await expect(client.getEvent(1)).rejects.toMatchObject({ kind: 'http', status: 500 });
  });

  it('rejects a body that is not JSON or not in the contract shape', async () => {
    const client = make();
    fake.fail(/^\/v2\/event\//, { kind: 'garbage' }, 1);
    await expect(client.getEvent(1)).rejects.toMatchObject({ kind: 'invalid-response' });
    fake.fail(/^\/v2\/event\//, { kind: 'status', status: 200, body: { id: 'not-a-number' } }, 1);
    await expect(client.getEvent(1)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('decodes gzip, deflate and brotli answers, and refuses one that does not decompress', async () => {
    const client = make();
    for (const encoding of ['gzip', 'deflate', 'br'] as const) {
      fake.fail(
        /^\/v2\/event\//,
        { kind: 'encoded', encoding, body: { ...fakeEvent(7), name: `encoded ${encoding}` } },
        1,
      );
      expect((await client.getEvent(7)).name).toBe(`encoded ${encoding}`);
    }
    fake.fail(/^\/v2\/event\//, { kind: 'encoded', encoding: 'gzip', body: fakeEvent(7), corrupt: true }, 1);
    await expect(client.getEvent(7)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('tolerates extra fields and returns null for empty searches', async () => {
    const client = make();
    const page = await client.getEvents();
    expect(page.data).toHaveLength(2);
    expect('extraField' in page).toBe(false);
    expect(await client.searchPlace({ name: 'nowhere', lng: 2, lat: 48 })).toBeNull();
    expect(await client.searchPerformer({ name: 'nobody' })).toBeNull();
    expect((await client.getMapPlace('a/b c')).id).toBe('a/b c');
  });

  it('never puts a token or secret in an error message', async () => {
    const client = make();
    await client.getEvent(1);
    fake.fail(/^\/v2\/event\//, { kind: 'status', status: 401 });
    const error = (await client.getEvent(1).catch((e: unknown) => e)) as Error;
    const text = `${error.message} ${JSON.stringify(error)}`;
    for (const secret of [...fake.issued, fake.clientSecret]) expect(text).not.toContain(secret);
  });
});
