import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as getEventRoute } from '@/app/api/events/[id]/route';
import { GET as liveRoute } from '@/app/api/events/live/route';
import { GET as eventsRoute } from '@/app/api/events/route';
import { GET as performerRoute } from '@/app/api/performers/[id]/route';
import { GET as placeRoute } from '@/app/api/places/[mapPlaceId]/route';
import { GET as searchPerformerRoute } from '@/app/api/search/performer/route';
import { GET as searchPlaceRoute } from '@/app/api/search/place/route';
import { GET as searchRoute } from '@/app/api/search/route';
import { createPartner, getPartner, setPartnerForTesting, TOKEN_COOKIE_NAME } from '@/lib/partner';
import { FakeUpstream } from '@/test/web/fake-upstream';
import { getEventForPage, getPerformerForPage, getPlaceForPage } from './pages';
import { GET as readyRoute } from '@/app/api/ready/route';

const SESSION_SECRET = 'route-test-session-secret-0123456789abcdef';
const fake = new FakeUpstream({ clientId: 'route-client', clientSecret: 'route-client-secret-value' });

beforeAll(async () => {
  await fake.start();
  // lib/env.ts reads process.env once, at first use: configure before any route runs.
  process.env.PARTNER_API_URL = fake.baseUrl;
  process.env.PARTNER_CLIENT_ID = fake.clientId;
  process.env.PARTNER_CLIENT_SECRET = fake.clientSecret;
  process.env.SESSION_SECRET = SESSION_SECRET;
  // Long enough for a first call (login, then the query) on a machine whose load is above 10, short enough for the
  // two journeys that wait for it on a hanging upstream: at 400 ms a slow first login timed out, and the token cache's
  // backoff after it failed the next seven tests.
  process.env.PARTNER_TIMEOUT_MS = '3000';
  // Thousands of requests from one test "visitor": the fair share is tested in visitor-limit.test.ts.
  process.env.VISITOR_API_RATE_PER_SECOND = '100000';
  process.env.VISITOR_API_BURST = '100000';
});
afterAll(() => fake.stop());
afterEach(() => fake.heal());

const req = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
const params = <T>(value: T) => ({ params: Promise.resolve(value) });
/** Every response of this file, for the leak check at the end. */
const seen: Response[] = [];
async function call(response: Promise<Response> | Response): Promise<{ res: Response; body: unknown; text: string }> {
  const res = await response;
  seen.push(res.clone());
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { res, body, text };
}
const lastEventsBody = () => fake.requests.filter((r) => r.path === '/v2/get/events').at(-1)?.body;

describe('GET /api/events', () => {
  it('proxies a viewport query as a rectangle filter and passes {data, pagination} through', async () => {
    const { res, body } = await call(
      eventsRoute(
        req(
          '/api/events?minLng=2.2&maxLng=2.5&minLat=48.8&maxLat=48.9&categories=musique,expo&sort=soonest&limit=50&page=2',
        ),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ data: [{ id: 1 }, { id: 2 }], pagination: { totalItems: 2 } });
    expect(lastEventsBody()).toEqual({
      locationFilter: { rectangle: { minLng: 2.2, maxLng: 2.5, minLat: 48.8, maxLat: 48.9 } },
      categories: ['musique', 'expo'],
      orderBy: 'startDate',
      limit: 50,
      pageNumber: 2,
    });
  });

  it('sets a short shared cache once the token cookie is current, never with Set-Cookie', async () => {
    const first = await call(eventsRoute(req('/api/events')));
    const setCookie = first.res.headers.get('set-cookie');
    expect(setCookie).toMatch(new RegExp(`^${TOKEN_COOKIE_NAME}=Fe26\\.2\\*`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // not production
    expect(first.res.headers.get('cache-control')).toBe('private, no-store');
    const cookie = setCookie!.split(';')[0]!;
    const second = await call(eventsRoute(req('/api/events', { cookie })));
    expect(second.res.headers.get('set-cookie')).toBeNull();
    expect(second.res.headers.get('cache-control')).toBe('public, s-maxage=30, stale-while-revalidate=120');
    // Without any cookie (third-party iframe): still served from the in-memory token.
    const third = await call(eventsRoute(req('/api/events')));
    expect(third.res.status).toBe(200);
  });

  it('translates filters: antimeridian, wrapped bounds, live, dates, prices, nearest', async () => {
    await call(eventsRoute(req('/api/events?minLng=170&maxLng=-170&minLat=-20&maxLat=0')));
    expect(lastEventsBody()).toMatchObject({ locationFilter: { rectangle: { minLng: 170, maxLng: -170 } } });
    await call(eventsRoute(req('/api/events?minLng=160&maxLng=200&minLat=-20&maxLat=0')));
    expect(lastEventsBody()).toMatchObject({ locationFilter: { rectangle: { minLng: 160, maxLng: -160 } } });
    await call(eventsRoute(req('/api/events?minLng=-300&maxLng=300&minLat=-80&maxLat=80')));
    expect(lastEventsBody()).toMatchObject({ locationFilter: { rectangle: { minLng: -180, maxLng: 180 } } });
    await call(eventsRoute(req('/api/events?live=1')));
    expect(lastEventsBody()).toEqual({ datesFilter: { isLive: true } });
    await call(
      eventsRoute(req('/api/events?from=2026-11-22&to=2026-11-23T12:00:00Z&minPrice=5&maxPrice=20&knownPrice=1')),
    );
    expect(lastEventsBody()).toEqual({
      datesFilter: { minDate: '2026-11-22', maxDate: '2026-11-23T12:00:00Z' },
      pricesFilter: { lowestPrice: 5, highestPrice: 20, hasKnownPrice: true },
    });
    await call(eventsRoute(req('/api/events?free=1&sort=nearest&lng=2.35&lat=48.85')));
    expect(lastEventsBody()).toEqual({
      pricesFilter: { lowestPrice: 0, highestPrice: 0, hasKnownPrice: true },
      orderBy: 'distance',
      orderByDistance: { lng: 2.35, lat: 48.85 },
    });
    await call(liveRoute(req('/api/events/live?categories=sport&sort=cheapest')));
    expect(lastEventsBody()).toEqual({ categories: ['sport'], datesFilter: { isLive: true }, orderBy: 'lowestPrice' });
  });

  it.each([
    ['/api/events?minLng=abc&maxLng=1&minLat=1&maxLat=2', '#/minLng'],
    ['/api/events?minLng=1&maxLng=2&minLat=3', '#/maxLat'],
    ['/api/events?minLng=1&maxLng=2&minLat=5&maxLat=3', '#/minLat'],
    ['/api/events?categories=musique,nope', '#/categories/1'],
    ['/api/events?limit=501', '#/limit'],
    ['/api/events?page=0', '#/page'],
    ['/api/events?sort=nearest', '#/lng'],
    ['/api/events?minPrice=30&maxPrice=10', '#/minPrice'],
    ['/api/events?minPrice=-1', '#/minPrice'],
    ['/api/events?from=2026-12-01&to=2026-11-01', '#/from'],
    ['/api/events?from=yesterday', '#/from'],
    ['/api/events?live=1&from=2026-11-01', '#/from'],
    ['/api/events?free=1&maxPrice=3', '#/maxPrice'],
    ['/api/events?colour=red', '#/colour'],
    ['/api/events?limit=1&limit=2', '#/limit'],
    ['/api/events/live?from=2026-11-01', '#/from'],
  ])('answers 400 problem+json for %s, pointing at %s', async (path, pointer) => {
    const before = fake.requests.length;
    const route = path.startsWith('/api/events/live') ? liveRoute : eventsRoute;
    const { res, body } = await call(route(req(path)));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect((body as { errors: { pointer: string }[] }).errors.map((e) => e.pointer)).toContain(pointer);
    expect(fake.requests.length).toBe(before); // rejected before any upstream call
  });
});

describe('upstream failures', () => {
  it('maps a 500 to a 502 problem', async () => {
    fake.fail(/^\/v2\//, { kind: 'status', status: 500, body: { type: 'about:blank', title: 'boom at /secret/path' } });
    const { res, body, text } = await call(eventsRoute(req('/api/events')));
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(body).toMatchObject({ status: 502, title: 'Bad Gateway' });
    expect(text).not.toContain('/secret/path');
  });

  it('passes a 429 through with its Retry-After', async () => {
    fake.fail(/^\/v2\//, { kind: 'status', status: 429, headers: { 'Retry-After': '12' } });
    const { res, body } = await call(eventsRoute(req('/api/events')));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('12');
    expect(body).toMatchObject({ status: 429 });
  });

  it('maps an upstream slower than the timeout to 504', async () => {
    fake.fail(/^\/v2\//, { kind: 'hang' });
    const { res, body } = await call(getEventRoute(req('/api/events/1'), params({ id: '1' })));
    expect(res.status).toBe(504);
    expect(body).toMatchObject({ status: 504, title: 'Gateway Timeout' });
  });

  it('stops waiting for the upstream when the browser goes away', async () => {
    fake.fail(/^\/v2\//, { kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const res = await eventsRoute(new Request('http://localhost/api/events', { signal: controller.signal }));
    expect(res.status).toBe(499);
    // Well before the 3 s upstream timeout: the abort, not the deadline, ended the wait.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('maps a dropped connection to 502', async () => {
    fake.fail(/^\/v2\//, { kind: 'close' });
    const { res } = await call(getEventRoute(req('/api/events/1'), params({ id: '1' })));
    expect(res.status).toBe(502);
  });

  it('maps an upstream that is down to 502, and search to a 503 that says it cannot search (not "no results")', async () => {
    const real = getPartner();
    setPartnerForTesting(
      createPartner({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', sessionSecret: SESSION_SECRET }),
    );
    try {
      const { res, body } = await call(getEventRoute(req('/api/events/1'), params({ id: '1' })));
      expect(res.status).toBe(502);
      expect(body).toMatchObject({ status: 502 });
      expect((body as { detail?: string }).detail).toMatch(/unreachable/);
      const searched = await call(searchRoute(req('/api/search?q=jazz')));
      expect(searched.res.status).toBe(503);
      expect((searched.body as { detail?: string }).detail).toMatch(/cannot be searched right now/);
    } finally {
      setPartnerForTesting(real);
    }
  });

  it('answers 503 with Retry-After while logins are refused, sending at most one login per Retry-After period', async () => {
    const real = getPartner();
    setPartnerForTesting(
      createPartner({
        baseUrl: fake.baseUrl,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        sessionSecret: SESSION_SECRET,
      }),
    );
    try {
      fake.fail(/^\/login$/, { kind: 'status', status: 429, headers: { 'Retry-After': '1' } });
      const loginsBefore = fake.requests.filter((r) => r.path === '/login').length;
      const statuses = new Map<number, number>();
      const started = Date.now();
      // Visitors keep coming for 2.5 s, 40 a second.
      while (Date.now() - started < 2_500) {
        const { res } = await call(eventsRoute(req('/api/events')));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const logins = fake.requests.filter((r) => r.path === '/login').length - loginsBefore;
      expect(logins).toBeGreaterThanOrEqual(2);
      expect(logins).toBeLessThanOrEqual(3); // one at 0 s, then one per elapsed second
      expect(statuses.get(503)).toBeGreaterThan(40);
      fake.heal();
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await call(eventsRoute(req('/api/events')))).res.status).toBe(200);
    } finally {
      setPartnerForTesting(real);
    }
  });

  it('keeps other upstream 4xx statuses, with the upstream detail', async () => {
    fake.fail(/^\/v2\//, {
      kind: 'status',
      status: 400,
      body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'maxDate too far in the future' },
    });
    const { res, body } = await call(eventsRoute(req('/api/events?to=2099-01-01')));
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ status: 400, detail: 'maxDate too far in the future' });
  });

  it('passes the upstream body through untouched when validation is off (production)', async () => {
    const real = getPartner();
    setPartnerForTesting(
      createPartner({
        baseUrl: fake.baseUrl,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        sessionSecret: SESSION_SECRET,
        validate: 'off',
      }),
    );
    try {
      const { res, body } = await call(eventsRoute(req('/api/events')));
      expect(res.status).toBe(200);
      expect(body).toMatchObject({ data: [{ id: 1 }, { id: 2 }], extraField: 'tolerated' });
    } finally {
      setPartnerForTesting(real);
    }
  });

  it('maps a contract violation to 502', async () => {
    fake.fail(/^\/v2\/event\//, { kind: 'status', status: 200, body: { id: 'x' } });
    const { res } = await call(getEventRoute(req('/api/events/1'), params({ id: '1' })));
    expect(res.status).toBe(502);
  });
});

describe('records and searches', () => {
  it('serves an event, place and performer with the record cache policy', async () => {
    const cookie = (await eventsRoute(req('/api/events'))).headers.get('set-cookie')?.split(';')[0] ?? '';
    for (const response of [
      getEventRoute(req('/api/events/5', { cookie }), params({ id: '5' })),
      placeRoute(req('/api/places/abc%2Fdef', { cookie }), params({ mapPlaceId: 'abc/def' })),
      performerRoute(req('/api/performers/3', { cookie }), params({ id: '3' })),
    ]) {
      const { res, body } = await call(response);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, s-maxage=300, stale-while-revalidate=3600');
      expect(body).toHaveProperty('id');
    }
    expect(fake.requests.at(-2)?.path).toBe('/v2/g-place/abc%2Fdef');
  });

  it('refuses "." and ".." as a map place id, pointing at it, and asks nothing upstream', async () => {
    for (const id of ['.', '..']) {
      const before = fake.requests.length;
      const { res, body } = await call(
        placeRoute(req(`/api/places/${encodeURIComponent(id)}`), params({ mapPlaceId: id })),
      );
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ status: 400, errors: [{ pointer: '#/mapPlaceId' }] });
      expect(fake.requests.length).toBe(before);
    }
  });

  it('keeps an upstream 404 a 404', async () => {
    for (const response of [
      getEventRoute(req('/api/events/999'), params({ id: '999' })),
      placeRoute(req('/api/places/missing-1'), params({ mapPlaceId: 'missing-1' })),
      performerRoute(req('/api/performers/999'), params({ id: '999' })),
    ]) {
      const { res, body } = await call(response);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(body).toMatchObject({ status: 404, title: 'Not Found' });
    }
  });

  it('answers 400 for malformed ids', async () => {
    for (const [route, id] of [
      [getEventRoute, 'abc'],
      [getEventRoute, '0'],
      [performerRoute, '1.5'],
    ] as const) {
      const { res, body } = await call(route(req(`/api/x/${id}`), params({ id })));
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ errors: [{ pointer: '#/id' }] });
    }
  });

  it('searches with q, lng, lat, type and limit', async () => {
    const cookie = (await eventsRoute(req('/api/events'))).headers.get('set-cookie')?.split(';')[0] ?? '';
    const { res, body } = await call(
      searchRoute(req('/api/search?q=jazz&lng=2.3&lat=48.8&type=places,performers&limit=5', { cookie })),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/s-maxage=60/);
    expect(Array.isArray(body)).toBe(true);
    const upstream = fake.requests.at(-1)!;
    expect(upstream.path).toBe('/v2/search');
    expect(Object.fromEntries(upstream.query)).toEqual({
      search: 'jazz',
      lng: '2.3',
      lat: '48.8',
      type: 'places,performers',
      limit: '5',
    });
  });

  it.each([
    ['/api/search', '#/q'],
    ['/api/search?q=a&lng=2', '#/lat'],
    ['/api/search?q=a&type=concerts', '#/type/0'],
    ['/api/search?q=a&limit=201', '#/limit'],
  ])('rejects %s with 400 at %s', async (path, pointer) => {
    const { res, body } = await call(searchRoute(req(path)));
    expect(res.status).toBe(400);
    expect((body as { errors: { pointer: string }[] }).errors.map((e) => e.pointer)).toContain(pointer);
  });

  it('searches a place and a performer by name, null when none', async () => {
    expect((await call(searchPlaceRoute(req('/api/search/place?name=Olympia&lng=2.3&lat=48.8')))).body).toHaveProperty(
      'id',
    );
    const none = await call(searchPlaceRoute(req('/api/search/place?name=nowhere&lng=2.3&lat=48.8')));
    expect([none.res.status, none.body]).toEqual([200, null]);
    expect((await call(searchPerformerRoute(req('/api/search/performer?name=Zaz')))).body).toHaveProperty('id', 3);
    expect((await call(searchPerformerRoute(req('/api/search/performer?name=nobody')))).body).toBeNull();
    const bad = await call(searchPlaceRoute(req('/api/search/place?name=Olympia&lng=200&lat=48.8')));
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ pointer: '#/lng' }] });
    const missing = await call(searchPerformerRoute(req('/api/search/performer')));
    expect(missing.body).toMatchObject({ errors: [{ pointer: '#/name' }] });
  });
});

describe('token cookie across instances', () => {
  it('lets a fresh instance reuse the sealed token instead of logging in', async () => {
    const res = await eventsRoute(req('/api/events'));
    let cookie = res.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) {
      // This process's cookie was already issued in an earlier test: take one from a fresh partner's response.
      const fresh = createPartner({
        baseUrl: fake.baseUrl,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        sessionSecret: SESSION_SECRET,
      });
      setPartnerForTesting(fresh);
      cookie = (await eventsRoute(req('/api/events'))).headers.get('set-cookie')!.split(';')[0]!;
    }
    const instance = createPartner({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      sessionSecret: SESSION_SECRET,
    });
    setPartnerForTesting(instance);
    const logins = fake.logins.secret + fake.logins.refresh;
    const { res: reused } = await call(getEventRoute(req('/api/events/1', { cookie }), params({ id: '1' })));
    expect(reused.status).toBe(200);
    expect(fake.logins.secret + fake.logins.refresh).toBe(logins);
    expect(instance.client.tokens.stats.adopted).toBe(1);
    expect(reused.headers.get('set-cookie')).toBeNull();
  });

  it('ignores a cookie sealed with another secret, or tampered', async () => {
    const other = createPartner({
      baseUrl: fake.baseUrl,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      sessionSecret: 'another-secret-another-secret-another-secret',
    });
    await other.client.getEvent(1);
    const foreign = await other.cookie.seal(other.client.tokens.peek()!);
    for (const value of [foreign, `${foreign.slice(0, -5)}AAAAA`, 'garbage']) {
      const instance = createPartner({
        baseUrl: fake.baseUrl,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        sessionSecret: SESSION_SECRET,
      });
      setPartnerForTesting(instance);
      const { res } = await call(eventsRoute(req('/api/events', { cookie: `${TOKEN_COOKIE_NAME}=${value}` })));
      expect(res.status).toBe(200);
      expect(instance.client.tokens.stats).toMatchObject({ adopted: 0, secretGrants: 1 });
    }
  });
});

describe('server-component loaders', () => {
  it('return typed data, not-found, or unavailable without throwing', async () => {
    setPartnerForTesting(undefined);
    expect(await getEventForPage('1')).toMatchObject({ status: 'ok', data: { id: 1 } });
    expect(await getEventForPage('999')).toEqual({ status: 'not-found' });
    expect(await getEventForPage('abc')).toEqual({ status: 'not-found' });
    expect(await getPlaceForPage('p-9')).toMatchObject({ status: 'ok', data: { id: 'p-9', events: [{ id: 1 }] } });
    expect(await getPlaceForPage('missing-x')).toEqual({ status: 'not-found' });
    expect(await getPerformerForPage('3')).toMatchObject({ status: 'ok', data: { id: 3 } });
    fake.fail(/^\/v2\//, { kind: 'status', status: 429, headers: { 'Retry-After': '3' } }, 1);
    expect(await getPerformerForPage('4')).toEqual({ status: 'unavailable', reason: 'rate-limited', retryAfter: '3' });
    fake.fail(/^\/v2\//, { kind: 'hang' }, 1);
    expect(await getEventForPage('2')).toEqual({ status: 'unavailable', reason: 'timeout' });
  });
});

describe('secrets', () => {
  it('never appear in a response body or header, except sealed in the cookie', async () => {
    expect(seen.length).toBeGreaterThan(40);
    const secrets = [fake.clientSecret, SESSION_SECRET, ...fake.issued];
    expect(fake.issued.length).toBeGreaterThan(2);
    for (const res of seen) {
      const text = await res.text();
      const headers = [...res.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
      for (const secret of secrets) {
        expect(text).not.toContain(secret);
        expect(headers).not.toContain(secret);
      }
      expect(text).not.toContain(fake.baseUrl);
      expect(headers).not.toContain(fake.baseUrl);
      expect(text).not.toMatch(/\bat \w+ \(|node:internal|Error:/); // no stack traces
    }
  });
});

describe('GET /api/ready', () => {
  it('is ready when the Partner API answers an authenticated query, unavailable with a reason when not', async () => {
    const real = getPartner();
    setPartnerForTesting(
      createPartner({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', sessionSecret: SESSION_SECRET }),
    );
    try {
      const down = await call(readyRoute());
      expect(down.res.status).toBe(503);
      expect(down.res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(down.res.headers.get('cache-control')).toBe('private, no-store');
      expect(down.body).toEqual({ status: 'unavailable', reason: 'the Partner API is unreachable' });
    } finally {
      setPartnerForTesting(real);
    }
    // Answers are shared for 2 s.
    expect((await call(readyRoute())).res.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const up = await call(readyRoute());
    expect(up.res.status).toBe(200);
    expect(up.body).toEqual({ status: 'ready' });
  });
});
