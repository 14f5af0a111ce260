import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer } from '../testing/redis-server';
import { createTestApp, type TestApp } from '../testing/test-app';

/*
 * Two replicas sharing one Redis (PARTNER_API_REDIS_URL) share their limits: the per-client API limit and the
 * per-IP login throttle count across both, so a client cannot multiply its allowance by the number of replicas.
 * The test starts its own redis-server (Debian's package; .ci/run installs it): without it, it fails and says so.
 */

const installed = hasRedisServer();

describe('limits shared through Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  let a: TestApp;
  let b: TestApp;
  const rateLimit = { apiPerMinute: 6, loginPerClientPerMinute: 100, loginPerIpPerMinute: 4 };

  beforeAll(async () => {
    if (!installed) return;
    redis = await startRedisServer();
    a = await createTestApp({ config: { redisUrl: redis.url, rateLimit } });
    b = await createTestApp({ config: { redisUrl: redis.url, rateLimit } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('has redis-server to run against (apt-get install redis-server)', () => {
    expect(installed, 'redis-server is not on PATH: these tests of shared limits cannot run').toBe(true);
  });

  it('counts a client’s API requests across replicas', async () => {
    if (!installed) return;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Logins are not API requests: each app logs in once, then three requests each.
      statuses.push((await a.request({ method: 'GET', url: '/v2/clicks' })).statusCode);
      statuses.push((await b.request({ method: 'GET', url: '/v2/clicks' })).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    // The other client has its own allowance, shared as well.
    expect((await b.request({ method: 'GET', url: '/v2/clicks' }, 'demo-b')).statusCode).toBe(200);
  });

  it('counts failed logins from one address across replicas', async () => {
    if (!installed) return;
    const attempt = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '203.0.113.9',
        payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'wrong' },
      });
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await attempt(app)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await attempt(b)).headers['retry-after']).toMatch(/^\d+$/);
  });
});
