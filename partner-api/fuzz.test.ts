import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZClicksQuerySchema,
  ZEventIdParamsSchema,
  ZGetCatalogueRequestSchema,
  ZGetEventsRequestSchema,
  ZLoginRequestSchema,
  ZMapPlaceIdParamsSchema,
  ZPerformerIdParamsSchema,
  ZPerformerSearchQuerySchema,
  ZPlaceSearchQuerySchema,
  ZSearchQuerySchema,
} from '@/lib/contract';
import {
  checkResponse,
  mutated,
  NASTY_STRINGS,
  pathSegment,
  queryValue,
  rawBody,
  toQueryString,
} from '@/test/fuzz/hostile';
import { contractArbitrary } from '@/test/fuzz/json-schema-arbitrary';
import { catalogueSample } from '@/partner-api/testing/fixtures';
import { createTestApp, TEST_START_MS, type TestApp } from '@/partner-api/testing/test-app';
import { seedCatalogue } from './seed/seed-catalogue';

/*
 * Every endpoint of the service gets FUZZ_RUNS generated requests (default 2 000; FUZZ_RUNS=10000 for the full run): inputs derived from the contract
 * schemas, the same broken in one place (wrong type, huge, unknown member), raw non-JSON bodies, odd Unicode and
 * percent-encoding. Whatever arrives: no 5xx, rejections are problem+json pointing at the field, no internals leak.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);
/** fast-check's seed, printed on failure; set FUZZ_SEED to replay one. */
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
// Generous: a loaded CI machine can be ten times slower than an idle one (no timing is asserted).
const TIMEOUT_MS = Math.max(300_000, RUNS * 400);

let service: TestApp;
let token = '';
let mapPlaceIds: string[] = [];
let performerIds: number[] = [];
let eventIds: number[] = [];
let linkTokens: string[] = [];

beforeAll(async () => {
  service = await createTestApp({ config: { bodyLimit: 64 * 1024 } });
  await seedCatalogue(service.store.seeding, { events: 200, now: TEST_START_MS });
  token = (await service.login()).accessToken;
  ({ eventIds, performerIds, mapPlaceIds } = await catalogueSample(service.store, 30));
  // Real tracked links, so the forged ones below differ from a valid one by a character or two.
  const page = await service.request({ method: 'POST', url: '/v2/get/events', payload: { limit: 20 } });
  linkTokens = [...page.body.matchAll(/\/r\/([A-Za-z0-9_.~-]+)/g)].map((match) => match[1]!).slice(0, 20);
});
afterAll(() => service.close());

async function send(options: {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
  authorization?: string | null;
}) {
  const headers: Record<string, string> = {};
  if (options.authorization !== null) headers.authorization = options.authorization ?? `Bearer ${token}`;
  if (options.contentType) headers['content-type'] = options.contentType;
  const response = await service.app.inject({
    method: options.method as 'GET',
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
  return {
    status: response.statusCode,
    contentType: (response.headers['content-type'] as string | undefined) ?? null,
    body: response.body,
  };
}

const params = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

/** A JSON body endpoint: contract-derived bodies, mutated ones, raw non-JSON text and wrong media types. */
function fuzzJsonBody(url: string, valid: fc.Arbitrary<unknown>, authorization?: null) {
  const input = fc.oneof(
    { weight: 8, arbitrary: mutated(valid).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: rawBody.map((text) => ({ kind: 'raw' as const, text })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-16',
            'application/xml',
            'application/json-patch+json',
          ),
          fc.string({ maxLength: 50 }),
        )
        .map(([contentType, text]) => ({ kind: 'type' as const, contentType, text })),
    },
  );
  return fc.assert(
    fc.asyncProperty(input, async (sample) => {
      let body: string;
      let contentType = 'application/json';
      if (sample.kind === 'json') body = JSON.stringify(sample.value) ?? 'null';
      else if (sample.kind === 'raw') body = sample.text;
      else ({ contentType, text: body } = sample);
      const response = await send({ method: 'POST', url, body, contentType, authorization });
      // A pointer is owed only for well-formed JSON (of a small enough size).
      checkResponse(response, { expectPointer: sample.kind === 'json', input: sample });
    }),
    params,
  );
}

/** A query-string endpoint: contract-derived queries, mutated ones and raw garbage query strings. */
function fuzzQuery(path: string, valid: fc.Arbitrary<unknown>) {
  const rawQuery = fc.oneof(
    fc
      .array(
        fc.tuple(fc.constantFrom('search', 'name', 'lng', 'lat', 'type', 'limit', 'minDate', 'pageNumber'), queryValue),
        {
          maxLength: 6,
        },
      )
      .map((pairs) => pairs.map(([key, value]) => `${key}=${pathSegment(value)}`).join('&')),
    fc.constantFrom('%', '%%', 'a=%ZZ', '=', '&&&', 'search', 'search=%00', 'search[]=a', 'search[a]=b', 'lng=1&lng=2'),
  );
  const input = fc.oneof(
    { weight: 4, arbitrary: mutated(valid).map(toQueryString) },
    { weight: 1, arbitrary: rawQuery },
  );
  return fc.assert(
    fc.asyncProperty(input, async (query) => {
      const response = await send({ method: 'GET', url: `${path}?${query}` });
      checkResponse(response, { expectPointer: true, input: query });
    }),
    params,
  );
}

/** A path-parameter endpoint: contract-derived ids, known ids and hostile segments. */
function fuzzPath(prefix: string, valid: fc.Arbitrary<unknown>, known: () => readonly (string | number)[]) {
  const segment = fc.oneof(
    valid.map((value) => String(Object.values(value as object)[0])),
    fc.constant(null).chain(() => fc.constantFrom(...known().map(String), '0')),
    queryValue,
    fc.constantFrom(...NASTY_STRINGS.filter(Boolean)),
  );
  return fc.assert(
    fc.asyncProperty(segment, fc.boolean(), async (value, raw) => {
      // Some segments go unencoded: '%', '..', '?' and '#' then reach the router as they are.
      const encoded = raw && !/[\s/?#]/.test(value) && value !== '' ? value : pathSegment(value);
      const response = await send({ method: 'GET', url: `${prefix}${encoded}` });
      checkResponse(response, { expectPointer: value !== '.' && value !== '..', input: value });
    }),
    params,
  );
}

describe(`service fuzzing (${RUNS} inputs per endpoint)`, () => {
  it('POST /login', { timeout: TIMEOUT_MS }, async () => {
    // Well-formed secret grants cost a deliberate scrypt each: keep them a small share so the suite stays quick.
    const valid = contractArbitrary(ZLoginRequestSchema);
    await fuzzJsonBody(
      '/login',
      fc.oneof(
        { weight: 1, arbitrary: valid },
        {
          weight: 12,
          arbitrary: fc.record({ grantAccess: fc.constant('refreshToken'), refreshToken: fc.string({ minLength: 1 }) }),
        },
      ),
      null,
    );
  });

  it('POST /v2/get/events', { timeout: TIMEOUT_MS }, async () => {
    await fuzzJsonBody('/v2/get/events', contractArbitrary(ZGetEventsRequestSchema));
  });

  it('POST /v2/get/catalogue', { timeout: TIMEOUT_MS }, async () => {
    await fuzzJsonBody('/v2/get/catalogue', contractArbitrary(ZGetCatalogueRequestSchema));
  });

  it('GET /v2/event/{eventId}', { timeout: TIMEOUT_MS }, async () => {
    await fuzzPath('/v2/event/', contractArbitrary(ZEventIdParamsSchema), () => eventIds);
  });

  it('GET /v2/g-place/{mapPlaceId}', { timeout: TIMEOUT_MS }, async () => {
    await fuzzPath('/v2/g-place/', contractArbitrary(ZMapPlaceIdParamsSchema), () => mapPlaceIds);
  });

  it('GET /v2/performer/{performerId}', { timeout: TIMEOUT_MS }, async () => {
    await fuzzPath('/v2/performer/', contractArbitrary(ZPerformerIdParamsSchema), () => performerIds);
  });

  it('GET /v2/search', { timeout: TIMEOUT_MS }, async () => {
    await fuzzQuery('/v2/search', contractArbitrary(ZSearchQuerySchema));
  });

  it('GET /v2/search/place', { timeout: TIMEOUT_MS }, async () => {
    await fuzzQuery('/v2/search/place', contractArbitrary(ZPlaceSearchQuerySchema));
  });

  it('GET /v2/search/performer', { timeout: TIMEOUT_MS }, async () => {
    await fuzzQuery('/v2/search/performer', contractArbitrary(ZPerformerSearchQuerySchema));
  });

  it('GET /v2/clicks', { timeout: TIMEOUT_MS }, async () => {
    await fuzzQuery('/v2/clicks', contractArbitrary(ZClicksQuerySchema));
  });

  it('GET /r/{token} (tracked links)', { timeout: TIMEOUT_MS }, async () => {
    const forged = fc
      .tuple(fc.nat(), fc.nat(), fc.constantFrom(...'ABCDEFabcdef0123456789-_.~'))
      .map(([pick, at, char]) => {
        const real = linkTokens[pick % linkTokens.length]!;
        const i = at % real.length;
        return real.slice(0, i) + char + real.slice(i + 1);
      });
    const truncated = fc.tuple(fc.nat(), fc.nat()).map(([pick, cut]) => {
      const real = linkTokens[pick % linkTokens.length]!;
      return real.slice(0, cut % real.length);
    });
    const value = fc.oneof(forged, truncated, queryValue, fc.constantFrom(...NASTY_STRINGS.filter(Boolean)));
    await fc.assert(
      fc.asyncProperty(value, async (tokenValue) => {
        const response = await send({ method: 'GET', url: `/r/${pathSegment(tokenValue)}`, authorization: null });
        checkResponse(response, { expectPointer: true, input: tokenValue });
      }),
      params,
    );
  });

  it('GET /images/{kind}/{file}', { timeout: TIMEOUT_MS }, async () => {
    const kind = fc.oneof(fc.constantFrom('events', 'places', 'performers', 'partners', 'event', '..'), queryValue);
    const file = fc.oneof(
      fc
        .tuple(fc.nat({ max: 400 }), fc.constantFrom('.svg', '.png', '', '.svg.svg', '%00.svg'))
        .map(([n, ext]) => `${n}${ext}`),
      queryValue,
    );
    await fc.assert(
      fc.asyncProperty(kind, file, async (k, f) => {
        const response = await send({
          method: 'GET',
          url: `/images/${pathSegment(k)}/${pathSegment(f)}`,
          authorization: null,
        });
        // A `.` or `..` segment is resolved away by URL parsing: what remains matches no route, so names no parameter.
        const dotSegment = ['.', '..'].includes(k) || ['.', '..'].includes(f);
        checkResponse(response, { expectPointer: !dotSegment, input: [k, f] });
      }),
      params,
    );
  });

  it('bearer tokens, methods and unknown routes', { timeout: TIMEOUT_MS }, async () => {
    const authorization = fc.oneof(
      fc.constantFrom(
        '',
        'Bearer',
        'Bearer ',
        'bearer x',
        'Basic ZGVtbzpkZW1vLXNlY3JldA==',
        'Bearer a.b.c',
        'Bearer ..',
      ),
      fc.string({ maxLength: 300 }).map((s) => `Bearer ${s}`),
      fc.nat().map((at) => {
        // The real token with one character changed: a tampered signature or payload.
        const i = at % token.length;
        return `Bearer ${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
      }),
    );
    const route = fc.oneof(
      fc.constantFrom('/v2/get/events', '/v2/clicks', '/v2/search?search=a', '/v2/event/1', '/v2/nope', '/health'),
      fc.array(queryValue, { maxLength: 4 }).map((parts) => `/${parts.map(pathSegment).join('/')}`),
      fc.array(queryValue, { maxLength: 3 }).map((parts) => `/v2/${parts.map(pathSegment).join('/')}`),
    );
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');
    await fc.assert(
      fc.asyncProperty(authorization, route, method, async (auth, url, verb) => {
        const response = await send({
          method: verb,
          url,
          authorization: auth,
          ...(verb === 'POST' || verb === 'PUT' || verb === 'PATCH'
            ? { body: '{}', contentType: 'application/json' }
            : {}),
        });
        if (verb === 'HEAD')
          checkResponse({ ...response, body: '' }, { expectPointer: false, input: [verb, url, auth], bodyless: true });
        else checkResponse(response, { expectPointer: false, input: [verb, url, auth] });
      }),
      params,
    );
  });
});

describe('inputs the fuzzer found', () => {
  it('answers an over-long path parameter with a 414 problem naming it, not the router JSON echoing the path', async () => {
    const response = await send({ method: 'GET', url: `/v2/event/${'9'.repeat(2_000)}` });
    expect(response.status).toBe(414);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status: 414, errors: [{ pointer: '#/eventId' }] });
    expect(response.body).not.toContain('999999');
  });

  it('answers an undecodable path parameter with a 400 problem naming it', async () => {
    const response = await send({ method: 'GET', url: '/v2/g-place/%E0%A4%A' });
    expect(response.status).toBe(400);
    expect(response.contentType).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(response.body)).toMatchObject({ status: 400, errors: [{ pointer: '#/mapPlaceId' }] });
  });

  it('names at most 20 fields, however many array items are wrong', async () => {
    const response = await send({
      method: 'POST',
      url: '/v2/get/events',
      body: JSON.stringify({ sources: Array.from({ length: 5_000 }, () => 0) }),
      contentType: 'application/json',
    });
    expect(response.status).toBe(400);
    expect((JSON.parse(response.body) as { errors: unknown[] }).errors.length).toBeLessThanOrEqual(20);
  });
});
