import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as eventsRoute } from '@/app/api/events/route';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { FakeUpstream } from '@/test/web/fake-upstream';
import { TokenBucketLimiter } from './visitor-limit';

const fake = new FakeUpstream({ clientId: 'limit-client', clientSecret: 'limit-client-secret-value' });

beforeAll(async () => {
  await fake.start();
  // lib/env.ts reads process.env once: the default fair share (10 a second, bursts of 40) is what is tested here.
  process.env.PARTNER_API_URL = fake.baseUrl;
  process.env.PARTNER_CLIENT_ID = fake.clientId;
  process.env.PARTNER_CLIENT_SECRET = fake.clientSecret;
  process.env.SESSION_SECRET = 'visitor-limit-test-session-secret-0123456789';
});
afterAll(() => fake.stop());

describe('TokenBucketLimiter', () => {
  it('allows a burst, then the sustained rate, per key', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter({ ratePerSecond: 2, burst: 3, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0); // another key keeps its own share
    now += 500;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    now += 10_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([0, 0, 0, 1]); // refilled up to the burst only
  });

  it('says how long to wait when the rate is slow', () => {
    let now = 0;
    const limiter = new TokenBucketLimiter({ ratePerSecond: 0.2, burst: 1, now: () => now });
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(5);
    now += 4_000;
    expect(limiter.take('a')).toBe(1);
  });
});

describe('the fair share of /api/*', () => {
  const from = (address: string) =>
    eventsRoute(new Request('http://localhost/api/events', { headers: { [CLIENT_ADDRESS_HEADER]: address } }));

  it('answers a flooder 429 once its share is spent, while a visitor among the flood sees only 200s', async () => {
    const flood: Promise<Response>[] = [];
    const visitor: number[] = [];
    const started = performance.now();
    // Three rounds of 200 requests sent at once — a flood however slowly the machine then answers them (a loop paced by
    // timers measured the machine instead: at a load of 12 it sent too few to flood) — each with one visitor request.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 200; i++) flood.push(from('198.51.100.66'));
      const response = await from('203.0.113.10');
      visitor.push(response.status);
      await response.arrayBuffer();
    }
    const responses = await Promise.all(flood);
    const elapsedSeconds = (performance.now() - started) / 1000;
    const statuses = responses.map((response) => response.status);
    const ok = statuses.filter((status) => status === 200).length;
    const limited = statuses.filter((status) => status === 429).length;

    expect(visitor).toEqual([200, 200, 200]);
    expect(ok + limited).toBe(statuses.length);
    // The flooder gets its burst of 40 and then 10 a second, nothing more.
    expect(ok).toBeGreaterThanOrEqual(40);
    expect(ok).toBeLessThanOrEqual(40 + Math.ceil(10 * elapsedSeconds) + 1);
    expect(limited).toBeGreaterThan(statuses.length / 2);
    // A refusal is a problem (a later request would not do: the share refills by one every 100 ms).
    const refused: unknown = await responses.find((response) => response.status === 429)?.json();
    expect(refused).toMatchObject({ status: 429 });
  });

  it('sends Retry-After with each 429, and cannot be dodged by a client-chosen X-Forwarded-For', async () => {
    const address = '192.0.2.44';
    // Sent at once, each with another forwarded address: the share (a burst of 40) is spent however slowly the
    // machine answers, and the forwarded addresses must not open new ones.
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        eventsRoute(
          new Request('http://localhost/api/events', {
            headers: { [CLIENT_ADDRESS_HEADER]: address, 'x-forwarded-for': `10.9.${i}.1` },
          }),
        ),
      ),
    );
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused?.headers.get('content-type')).toBe('application/problem+json');
  });
});
