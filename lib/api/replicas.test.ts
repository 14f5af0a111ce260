import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { GET as eventsRoute } from '@/app/api/events/route';
import { createPartner, setPartnerForTesting, TOKEN_COOKIE_NAME, type Partner } from '@/lib/partner';
import { setVisitorLimiterForTesting, TokenBucketLimiter } from './visitor-limit';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '@/partner-api/testing/fixtures';

/*
 * Several web app instances behind one load balancer, each with its own partner client and token cache (what separate
 * processes have), against the real service over HTTP. Visitors carry the sealed token cookie from one instance to
 * the next. Time is the service's injectable clock, shared with the instances, so hours of token renewals take
 * seconds.
 */
const SESSION_SECRET = 'replica-test-session-secret-0123456789abcdef';
const INSTANCES = 3;
const VISITORS = 5;

let service: TestApp;
let baseUrl = '';
let revocations: MockInstance<TestApp['store']['auth']['revokeFamily']>;

beforeAll(async () => {
  service = await createTestApp();
  for (let i = 0; i < 5; i += 1) await service.store.catalogue.createEvent(makeEventInput());
  // Every revocation goes through the store: counting its calls needs no SQL.
  revocations = vi.spyOn(service.store.auth, 'revokeFamily');
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  // Five visitors send 600 requests within seconds of real time; their fair share is not what this file tests.
  setVisitorLimiterForTesting(new TokenBucketLimiter({ ratePerSecond: 100_000, burst: 100_000 }));
});
afterAll(async () => {
  setPartnerForTesting(undefined);
  setVisitorLimiterForTesting(undefined);
  await service.close();
});

describe('web app instances sharing visitors', () => {
  // 600 requests in a row through the route: seconds on an idle machine, more than the default 30 s on a loaded one.
  it(
    'renew tokens without visitor-facing errors and without ever revoking a login family',
    { timeout: 120_000 },
    async () => {
      const instances: Partner[] = Array.from({ length: INSTANCES }, () =>
        createPartner({
          baseUrl,
          clientId: 'demo',
          clientSecret: 'demo-secret',
          sessionSecret: SESSION_SECRET,
          now: service.clock,
        }),
      );
      const cookies: Array<string | undefined> = Array.from({ length: VISITORS }, () => undefined);
      const failures: string[] = [];
      let requests = 0;

      // 600 requests, 45 s of service time apart: 7.5 h, each instance's 1 h token renewed about 7 times.
      for (let i = 0; i < 600; i += 1) {
        const visitor = i % VISITORS;
        // Visitors hop between instances in an order that differs per visitor and over time.
        const instance = instances[(i * 7 + visitor * (1 + (i >> 6))) % INSTANCES]!;
        setPartnerForTesting(instance);
        const cookie = cookies[visitor];
        const response = await eventsRoute(
          new Request('http://localhost/api/events', {
            headers: cookie ? { cookie: `${TOKEN_COOKIE_NAME}=${cookie}` } : {},
          }),
        );
        requests += 1;
        if (response.status !== 200) failures.push(`request ${i}: ${response.status} ${await response.text()}`);
        else await response.arrayBuffer();
        const setCookie = response.headers.get('set-cookie');
        if (setCookie) cookies[visitor] = setCookie.split(';')[0]!.slice(TOKEN_COOKIE_NAME.length + 1);
        // Let background renewals finish before time moves on, as they would between real requests.
        await new Promise((resolve) => setTimeout(resolve, 2));
        service.clock.advance(45_000);
      }

      const stats = instances.map((instance) => instance.client.tokens.stats);
      const logins = stats.reduce((sum, s) => sum + s.secretGrants + s.refreshGrants, 0);
      const revoked = revocations.mock.calls.length;

      expect(requests).toBe(600);
      expect(failures).toEqual([]);
      expect(revoked).toBe(0);
      // Renewals beyond each instance's first login.
      expect(logins - INSTANCES).toBeGreaterThanOrEqual(10);
      expect(stats.reduce((sum, s) => sum + s.refreshRejected, 0)).toBe(0);
    },
  );
});
