import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getEventRoute } from '@/app/api/events/[id]/route';
import { GET as liveRoute } from '@/app/api/events/live/route';
import { GET as eventsRoute } from '@/app/api/events/route';
import { GET as performerRoute } from '@/app/api/performers/[id]/route';
import { GET as placeRoute } from '@/app/api/places/[mapPlaceId]/route';
import { GET as searchPerformerRoute } from '@/app/api/search/performer/route';
import { GET as searchPlaceRoute } from '@/app/api/search/place/route';
import { GET as searchRoute } from '@/app/api/search/route';
import {
  CATEGORY_FILTER_VALUES,
  ZEventIdParamsSchema,
  ZMapPlaceIdParamsSchema,
  ZPerformerIdParamsSchema,
  ZPerformerSearchQuerySchema,
  ZPlaceSearchQuerySchema,
  ZSearchQuerySchema,
} from '@/lib/contract';
import { catalogueSample } from '@/partner-api/testing/fixtures';
import { createTestApp, TEST_START_MS, type TestApp } from '@/partner-api/testing/test-app';
import { seedCatalogue } from '@/partner-api/seed/seed-catalogue';
import { checkResponse, mutated, NASTY_STRINGS, pathSegment, queryValue, toQueryString } from '@/test/fuzz/hostile';
import { contractArbitrary } from '@/test/fuzz/json-schema-arbitrary';

/*
 * Every /api route handler of the web app gets FUZZ_RUNS generated requests (default 2 000; FUZZ_RUNS=10000 for the full run), called as the functions
 * Next calls, in front of the real embedded service over loopback HTTP — so what the web layer lets through is also
 * checked against what the service accepts. No 5xx, every rejection a problem naming the parameter, no internals.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
// Generous: a loaded CI machine can be ten times slower than an idle one (no timing is asserted).
const TIMEOUT_MS = Math.max(300_000, RUNS * 400);
const params = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

let service: TestApp;
let eventIds: number[] = [];
let performerIds: number[] = [];
let mapPlaceIds: string[] = [];

beforeAll(async () => {
  service = await createTestApp();
  await seedCatalogue(service.store.seeding, { events: 200, now: TEST_START_MS });
  ({ eventIds, performerIds, mapPlaceIds } = await catalogueSample(service.store, 30));
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  // lib/env.ts reads process.env once, at first use: configure before any route runs.
  process.env.PARTNER_API_URL = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}`;
  process.env.PARTNER_CLIENT_ID = 'demo';
  process.env.PARTNER_CLIENT_SECRET = 'demo-secret';
  process.env.SESSION_SECRET = 'fuzz-test-session-secret-0123456789abcdef';
  // Generous, so a loaded machine cannot turn a slow answer into a 504 (this run is about inputs, not speed).
  process.env.PARTNER_TIMEOUT_MS = '30000';
  // Thousands of requests from one test "visitor": the fair share is tested in visitor-limit.test.ts.
  process.env.VISITOR_API_RATE_PER_SECOND = '100000';
  process.env.VISITOR_API_BURST = '100000';
});
afterAll(() => service.close());

async function check(response: Promise<Response> | Response, input: unknown): Promise<void> {
  const res = await response;
  const body = await res.text();
  checkResponse(
    { status: res.status, contentType: res.headers.get('content-type'), body },
    { expectPointer: true, input },
  );
}

const req = (path: string) => new Request(`http://localhost${path}`);
const routeParams = <T>(value: T) => ({ params: Promise.resolve(value) });

/** Values of one /api/events parameter: a plausible one, or anything hostile. */
function eventsParamValue(name: string): fc.Arbitrary<string> {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    minLng: fc.double({ min: -400, max: 400, noNaN: true }).map(String),
    maxLng: fc.double({ min: -400, max: 400, noNaN: true }).map(String),
    minLat: fc.double({ min: -95, max: 95, noNaN: true }).map(String),
    maxLat: fc.double({ min: -95, max: 95, noNaN: true }).map(String),
    lng: fc.double({ min: -185, max: 185, noNaN: true }).map(String),
    lat: fc.double({ min: -95, max: 95, noNaN: true }).map(String),
    categories: fc
      .array(fc.constantFrom(...CATEGORY_FILTER_VALUES), { minLength: 1, maxLength: 4 })
      .map((a) => a.join(',')),
    sources: fc
      .array(fc.constantFrom('Billetterie Horizon', 'x', ''), { minLength: 1, maxLength: 3 })
      .map((a) => a.join(',')),
    live: fc.constantFrom('1', '0', 'true', 'false'),
    free: fc.constantFrom('1', '0', 'true', 'false'),
    knownPrice: fc.constantFrom('1', '0', 'true', 'false'),
    from: fc
      .date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString()),
    to: fc
      .date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    minPrice: fc.double({ min: -5, max: 200, noNaN: true }).map(String),
    maxPrice: fc.double({ min: -5, max: 200, noNaN: true }).map(String),
    sort: fc.constantFrom('ending', 'soonest', 'nearest', 'cheapest', 'distance'),
    limit: fc.integer({ min: -1, max: 600 }).map(String),
    page: fc.integer({ min: -1, max: 1_000_001 }).map(String),
  };
  return fc.oneof({ weight: 4, arbitrary: plausible[name] ?? queryValue }, { weight: 1, arbitrary: queryValue });
}

const EVENTS_PARAMS = [
  'minLng',
  'maxLng',
  'minLat',
  'maxLat',
  'categories',
  'sources',
  'live',
  'from',
  'to',
  'minPrice',
  'maxPrice',
  'free',
  'knownPrice',
  'sort',
  'lng',
  'lat',
  'limit',
  'page',
];

/** A /api/events query: a few known parameters, sometimes an unknown or repeated one. */
const eventsQuery = fc
  .tuple(
    fc
      .subarray(EVENTS_PARAMS, { maxLength: 6 })
      .chain((names) =>
        fc.tuple(...names.map((name) => eventsParamValue(name).map((value) => [name, value] as const))),
      ),
    fc.option(fc.tuple(fc.oneof(fc.constantFrom(...EVENTS_PARAMS), fc.string({ maxLength: 10 })), queryValue), {
      freq: 4,
    }),
    fc.boolean(),
  )
  .map(([pairs, extra, viewport]) => {
    const all: (readonly [string, string])[] = [...pairs];
    // Half the time a whole viewport, as the map sends it.
    if (viewport) all.push(['minLng', '2.2'], ['maxLng', '2.5'], ['minLat', '48.8'], ['maxLat', '48.9']);
    if (extra) all.push(extra);
    return all.map(([k, v]) => `${pathSegment(k)}=${pathSegment(v)}`).join('&');
  });

/** A route handler of one path parameter: contract-derived values, known ids and hostile strings (decoded, as Next passes them). */
function pathValue(valid: fc.Arbitrary<unknown>, known: () => readonly (string | number)[]): fc.Arbitrary<string> {
  return fc.oneof(
    valid.map((value) => String(Object.values(value as object)[0])),
    fc.constant(null).chain(() => fc.constantFrom(...known().map(String))),
    queryValue,
    fc.constantFrom(...NASTY_STRINGS),
  );
}

describe(`web route handler fuzzing (${RUNS} inputs per route)`, () => {
  it('GET /api/events', { timeout: TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(eventsQuery, (q) => check(eventsRoute(req(`/api/events?${q}`)), q)),
      params,
    );
  });

  it('GET /api/events/live', { timeout: TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(eventsQuery, (q) => check(liveRoute(req(`/api/events/live?${q}`)), q)),
      params,
    );
  });

  it('GET /api/search', { timeout: TIMEOUT_MS }, async () => {
    const query = mutated(contractArbitrary(ZSearchQuerySchema)).map((value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value) || !('search' in value)) return value;
      const { search, ...rest } = value as Record<string, unknown>;
      return { q: search, ...rest };
    });
    await fc.assert(
      fc.asyncProperty(query.map(toQueryString), (q) => check(searchRoute(req(`/api/search?${q}`)), q)),
      params,
    );
  });

  it('GET /api/search/place', { timeout: TIMEOUT_MS }, async () => {
    const query = mutated(contractArbitrary(ZPlaceSearchQuerySchema)).map(toQueryString);
    await fc.assert(
      fc.asyncProperty(query, (q) => check(searchPlaceRoute(req(`/api/search/place?${q}`)), q)),
      params,
    );
  });

  it('GET /api/search/performer', { timeout: TIMEOUT_MS }, async () => {
    const query = mutated(contractArbitrary(ZPerformerSearchQuerySchema)).map(toQueryString);
    await fc.assert(
      fc.asyncProperty(query, (q) => check(searchPerformerRoute(req(`/api/search/performer?${q}`)), q)),
      params,
    );
  });

  it('GET /api/events/{id}', { timeout: TIMEOUT_MS }, async () => {
    const id = pathValue(contractArbitrary(ZEventIdParamsSchema), () => eventIds);
    await fc.assert(
      fc.asyncProperty(id, (value) =>
        check(getEventRoute(req(`/api/events/${pathSegment(value)}`), routeParams({ id: value })), value),
      ),
      params,
    );
  });

  it('GET /api/performers/{id}', { timeout: TIMEOUT_MS }, async () => {
    const id = pathValue(contractArbitrary(ZPerformerIdParamsSchema), () => performerIds);
    await fc.assert(
      fc.asyncProperty(id, (value) =>
        check(performerRoute(req(`/api/performers/${pathSegment(value)}`), routeParams({ id: value })), value),
      ),
      params,
    );
  });

  it('GET /api/places/{mapPlaceId}', { timeout: TIMEOUT_MS }, async () => {
    const id = pathValue(contractArbitrary(ZMapPlaceIdParamsSchema), () => mapPlaceIds);
    await fc.assert(
      fc.asyncProperty(id, (value) =>
        check(placeRoute(req(`/api/places/${pathSegment(value)}`), routeParams({ mapPlaceId: value })), value),
      ),
      params,
    );
  });
});

describe('inputs the fuzzer found', () => {
  it('answers 400 naming mapPlaceId for a lone surrogate (it cannot be encoded into the upstream URL)', async () => {
    const res = await placeRoute(req('/api/places/x'), routeParams({ mapPlaceId: 'a\uD800b' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ pointer: '#/mapPlaceId' }] });
  });
});
