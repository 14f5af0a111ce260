import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceLogger } from '../http/logger';
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

describe('limits when Redis goes away or slows down', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  const apps: TestApp[] = [];
  const rateLimit = { apiPerMinute: 6, loginPerClientPerMinute: 100, loginPerIpPerMinute: 30 };

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await redis?.stop();
    redis = undefined;
  });

  /** A replica on `redis`, with its log lines kept. */
  async function replica(url: string): Promise<{ app: TestApp; logged: () => { level: number; msg: string }[] }> {
    const lines: string[] = [];
    const logger = createServiceLogger('info', { write: (line: string) => void lines.push(line) });
    const app = await createTestApp({ config: { redisUrl: url, rateLimit, metricsPort: 0 }, logger });
    apps.push(app);
    return { app, logged: () => lines.map((line) => JSON.parse(line) as { level: number; msg: string }) };
  }

  /** The replica's limits metrics, scraped from its metrics port like Prometheus would. */
  async function limitsMetrics(app: TestApp): Promise<{ fallback: number; fallbacks: number }> {
    const text = await (await fetch(`${app.app.metricsUrl}/metrics`)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    return {
      fallback: value('partner_api_limits_redis_fallback'),
      fallbacks: value('partner_api_limits_redis_fallbacks_total'),
    };
  }

  const clicks = (app: TestApp, client: 'demo' | 'demo-b' = 'demo') =>
    app.request({ method: 'GET', url: '/v2/clicks' }, client).then((response) => response.statusCode);

  it('answers 50 concurrent correct logins from one address on two replicas with 50 × 201', async () => {
    if (!installed) return;
    redis = await startRedisServer();
    const [a, b] = [await replica(redis.url), await replica(redis.url)];
    const logins = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).app.app.inject({
          method: 'POST',
          url: '/login',
          remoteAddress: '203.0.113.50',
          payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
        }),
      ),
    );
    expect(logins.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
  });

  it('keeps serving with per-process limits while Redis is away, and shares them again once it is back', async () => {
    if (!installed) return;
    redis = await startRedisServer();
    const port = redis.port;
    const [a, b] = [await replica(redis.url), await replica(redis.url)];
    expect(await clicks(a.app)).toBe(200);
    expect(await limitsMetrics(a.app)).toEqual({ fallback: 0, fallbacks: 0 });

    await redis.stop();
    redis = undefined;
    // Each replica now counts alone: the whole allowance on each, then 429 — never a 5xx, never unlimited.
    for (const { app } of [a, b]) {
      const statuses = [];
      for (let i = 0; i < 7; i++) statuses.push(await clicks(app));
      expect(statuses.slice(0, 6)).toEqual(Array(6).fill(200));
      expect(statuses[6]).toBe(429);
    }
    const login = await a.app.login();
    expect(login.accessToken).toBeTruthy();
    for (const { logged } of [a, b]) {
      const warning = logged().find((line) => /limits store \(Redis\) unavailable/.test(line.msg));
      expect(warning?.level).toBe(40);
      // Logged once however many requests met the outage.
      expect(logged().filter((line) => /limits store \(Redis\) unavailable/.test(line.msg))).toHaveLength(1);
    }
    for (const { app } of [a, b]) expect(await limitsMetrics(app)).toEqual({ fallback: 1, fallbacks: 1 });

    redis = await startRedisServer({ port });
    // Back to shared counting by itself (ioredis reconnects within 2 s): `demo-b` probes until both replicas say so.
    const deadline = Date.now() + 10_000;
    for (const { app, logged } of [a, b]) {
      while (!logged().some((line) => /answering again/.test(line.msg))) {
        expect(Date.now()).toBeLessThan(deadline);
        await clicks(app, 'demo-b');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    for (const { app } of [a, b]) expect(await limitsMetrics(app)).toEqual({ fallback: 0, fallbacks: 1 });
    // `demo` used up its per-process allowance on both; the shared (fresh) count lets it in again, across both.
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await clicks(a.app), await clicks(b.app));
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(200));
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('answers within a bounded time while Redis does not answer', async () => {
    if (!installed) return;
    redis = await startRedisServer();
    const { app } = await replica(redis.url);
    expect(await clicks(app)).toBe(200);
    const admin = new Redis(redis.url);
    try {
      // Every other client's commands wait 5 s, as behind a Redis stuck in a long command.
      await admin.call('CLIENT', 'PAUSE', '5000', 'ALL');
      const started = performance.now();
      expect(await clicks(app)).toBe(200);
      const login = await app.app.inject({
        method: 'POST',
        url: '/login',
        payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
      });
      expect(login.statusCode).toBe(201);
      // A few commands of 250 ms at most each, far from the 5 s pause (the scrypt check of the login included).
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      admin.disconnect();
    }
  });
});
