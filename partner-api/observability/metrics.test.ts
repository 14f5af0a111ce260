import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';
import { createServiceLogger } from '@/partner-api/http/logger';
import { makeEventInput } from '@/partner-api/testing/fixtures';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/** The samples of one metric in the text format, keyed by their label set (`{route="/login",…}`). */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const at = line.lastIndexOf(' ');
    found.set(line.slice(name.length, at), Number(line.slice(at + 1)));
  }
  return found;
}

async function scrape(service: TestApp): Promise<string> {
  const response = await fetch(`${service.app.metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

describe('Partner API metrics (PARTNER_API_METRICS_PORT)', () => {
  let service: TestApp;
  beforeAll(async () => {
    service = await createTestApp({ config: { metricsPort: 0 } });
    await service.store.catalogue.createEvent(makeEventInput());
  });
  afterAll(() => service.close());

  it('serves Prometheus text on its own port, not on the API', async () => {
    expect(service.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const api = await service.app.inject({ method: 'GET', url: '/metrics' });
    expect(api.statusCode).toBe(404);
    // The index takes the write in at its next poll of the change feed (PARTNER_API_CHANGE_POLL_MS, 250 ms).
    let text = await scrape(service);
    for (let tries = 0; tries < 40 && samples(text, 'partner_api_event_index_events').get('') !== 1; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape(service);
    }
    // Default process metrics and the store/index gauges are there from the start.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(samples(text, 'partner_api_event_index_events').get('')).toBe(1);
    expect(samples(text, 'partner_api_change_feed_lag_seconds').get('')).toBe(0);
    expect(samples(text, 'partner_api_event_index_last_update_timestamp_seconds').get('')).toBeGreaterThan(0);
    // PostgreSQL's pool: connections in use and idle, and queries waiting for one; SQLite has no pool.
    const pool = samples(text, 'partner_api_store_pool_connections');
    if (service.store.kind === 'postgres') {
      expect(pool.get('{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(pool.get('{state="in_use"}')).toBeGreaterThanOrEqual(0);
      // The scrape's own store reads (families, feed head) may be queued for a connection at that instant.
      expect(samples(text, 'partner_api_store_pool_waiting').get('')).toBeGreaterThanOrEqual(0);
    } else {
      expect(pool.size).toBe(0);
    }
    const other = await fetch(`${service.app.metricsUrl}/anything`);
    expect(other.status).toBe(404);
  });

  it('counts requests by route template, method and status class; ids in URLs add no series', async () => {
    const unmatchedBefore =
      samples(await scrape(service), 'partner_api_http_requests_total').get(
        '{route="unmatched",method="GET",status_class="4xx"}',
      ) ?? 0;
    for (let id = 1; id <= 25; id++) await service.request({ method: 'GET', url: `/v2/event/${id * 7919}` });
    await service.app.inject({ method: 'GET', url: '/no/such/path/12345' });
    await service.app.inject({ method: 'GET', url: '/no/such/path/67890' });
    const text = await scrape(service);
    const counts = samples(text, 'partner_api_http_requests_total');
    const eventSeries = [...counts.keys()].filter((labels) => labels.includes('/v2/event/'));
    expect(eventSeries).toEqual(['{route="/v2/event/:eventId",method="GET",status_class="4xx"}']);
    expect(counts.get('{route="/v2/event/:eventId",method="GET",status_class="4xx"}')).toBe(25);
    expect(counts.get('{route="unmatched",method="GET",status_class="4xx"}')).toBe(unmatchedBefore + 2);
    for (const labels of counts.keys()) expect(labels).not.toMatch(/\d{4,}/);
    const buckets = samples(text, 'partner_api_http_request_duration_seconds_count');
    expect(buckets.get('{route="/v2/event/:eventId",method="GET",status_class="4xx"}')).toBe(25);
  });

  it('counts logins by grant and outcome, and events query matches', async () => {
    const wrong = await service.app.inject({
      method: 'POST',
      url: '/login',
      payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'not-it' },
    });
    expect(wrong.statusCode).toBe(401);
    const events = await service.request({ method: 'POST', url: '/v2/get/events', payload: {} });
    expect(events.statusCode).toBe(201);
    const text = await scrape(service);
    const logins = samples(text, 'partner_api_logins_total');
    expect(logins.get('{grant="clientSecret",outcome="success"}')).toBeGreaterThanOrEqual(1);
    expect(logins.get('{grant="clientSecret",outcome="failure"}')).toBe(1);
    expect(samples(text, 'partner_api_events_query_matches_count').get('')).toBe(1);
    expect(samples(text, 'partner_api_events_query_matches_sum').get('')).toBe(1);
    // The demo login above holds one live refresh family.
    expect(samples(text, 'partner_api_refresh_families_active').get('')).toBeGreaterThanOrEqual(1);
  });
});

describe('events query candidates, over HTTP', () => {
  let service: TestApp;
  let url: string;
  beforeAll(async () => {
    service = await createTestApp({ config: { metricsPort: 0 } });
    for (let i = 0; i < 5; i++) await service.store.catalogue.createEvent(makeEventInput());
    for (let i = 0; i < 3; i++) {
      await service.store.catalogue.createEvent(makeEventInput({ lng: 4.835 + i * 0.001, lat: 45.764, city: 'Lyon' }));
    }
    url = await service.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => service.close());

  it('counts the events the index examined per query, never fewer than it matched', async () => {
    let text = await scrape(service);
    for (let tries = 0; tries < 40 && samples(text, 'partner_api_event_index_events').get('') !== 8; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape(service);
    }
    const login = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const query = async (rectangle: object) => {
      const response = await fetch(`${url}/v2/get/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ locationFilter: { rectangle } }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { pagination: { totalItems: number } }).pagination.totalItems;
    };
    // Paris: its 5 events match, out of at most the 8 of the catalogue; mid-Atlantic: nothing to examine.
    expect(await query({ minLng: 2.2, maxLng: 2.5, minLat: 48.8, maxLat: 48.9 })).toBe(5);
    expect(await query({ minLng: -30, maxLng: -29, minLat: 40, maxLat: 41 })).toBe(0);
    text = await scrape(service);
    expect(samples(text, 'partner_api_events_query_candidates_count').get('')).toBe(2);
    const sum = samples(text, 'partner_api_events_query_candidates_sum').get('') ?? Number.NaN;
    expect(sum).toBeGreaterThanOrEqual(5);
    expect(sum).toBeLessThanOrEqual(8);
    const buckets = samples(text, 'partner_api_events_query_candidates_bucket');
    expect(buckets.get('{le="0"}')).toBe(1);
    expect(buckets.get('{le="10"}')).toBe(2);
    expect(buckets.get('{le="+Inf"}')).toBe(2);
    expect(samples(text, 'partner_api_events_query_matches_sum').get('')).toBe(5);
  });
});

describe('a metrics port already taken', () => {
  it('stops the start with the socket error', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(createTestApp({ config: { metricsPort: port } })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});

describe('active refresh families', () => {
  let service: TestApp;
  beforeAll(async () => {
    service = await createTestApp({ config: { metricsPort: 0 } });
  });
  afterAll(() => service.close());

  const active = async () =>
    samples(await scrape(service), 'partner_api_refresh_families_active').get('') ?? Number.NaN;
  const login = (payload: object) => service.app.inject({ method: 'POST', url: '/login', payload });

  it('counts families holding a usable refresh token, not those revoked by reuse', async () => {
    expect(await active()).toBe(0);
    const first = (await login({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' })).json<{
      refreshToken: string;
    }>();
    await login({ grantAccess: 'clientSecret', clientId: 'demo-b', clientSecret: 'demo-b-secret' });
    expect(await active()).toBe(2);
    // A renewal keeps the family alive (the new refresh token is unused).
    const renewed = await login({ grantAccess: 'refreshToken', refreshToken: first.refreshToken });
    expect(renewed.statusCode).toBe(201);
    expect(await active()).toBe(2);
    // Presenting the used token again revokes that family.
    const reused = await login({ grantAccess: 'refreshToken', refreshToken: first.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(await active()).toBe(1);
    const logins = samples(await scrape(service), 'partner_api_logins_total');
    expect(logins.get('{grant="refreshToken",outcome="success"}')).toBe(1);
    expect(logins.get('{grant="refreshToken",outcome="failure"}')).toBe(1);
  });
});

describe('request ids', () => {
  const lines: Array<Record<string, unknown>> = [];
  let service: TestApp;
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    service = await createTestApp({ logger: createServiceLogger('debug', sink) });
  });
  afterAll(() => service.close());

  it('keeps a well-formed X-Request-Id, echoes it, and puts it in the problem body and every log line', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await service.app.inject({
      method: 'GET',
      url: '/v2/event/1',
      headers: { 'x-request-id': 'partner-abc.123', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toBe('partner-abc.123');
    const problem = ZProblemSchema.parse(response.json());
    expect(problem).toMatchObject({ requestId: 'partner-abc.123', traceId });
    const mine = lines.filter((line) => line.requestId === 'partner-abc.123');
    expect(mine.length).toBeGreaterThan(0);
    for (const line of mine) expect(line.traceId).toBe(traceId);
  });

  it('replaces a malformed X-Request-Id and ignores a malformed traceparent', async () => {
    for (const sent of ['has space', 'x'.repeat(129), '"quoted"', '']) {
      const response = await service.app.inject({
        method: 'GET',
        url: '/no/such/path',
        headers: { 'x-request-id': sent, traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' },
      });
      expect(response.statusCode).toBe(404);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const problem = ZProblemSchema.parse(response.json());
      expect(problem.requestId).toBe(id);
      expect(problem.traceId).toBeUndefined();
    }
  });
});
