import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_LIST, routePath, type ContractOperation } from '@/lib/contract';
import { asQueryText, mutated, pathSegment, queryValue } from '@/test/fuzz/hostile';
import {
  OpenApiOracle,
  pointersOf,
  related,
  type OpenApiDocument,
  type ParameterObject,
} from '@/test/fuzz/openapi-document';
import { catalogueSample } from '@/partner-api/testing/fixtures';
import { createTestApp, TEST_START_MS, type TestApp } from '@/partner-api/testing/test-app';
import { registeredRoutes } from './http/problem-handler';
import { seedCatalogue } from './seed/seed-catalogue';

/*
 * The contract suite: every operation of the contract's table gets generated requests, valid and invalid by the
 * service's own OpenAPI document (read from GET /openapi.json and compiled with ajv, not taken from the zod schemas
 * it was generated from). Invalid → 400 naming a member the document also finds wrong; valid → a documented status
 * whose media type, body and headers the document accepts.
 */

const RUNS = Number(process.env.CONTRACT_RUNS ?? 250);
/** Secret grants cost a deliberate scrypt each: fewer of them. */
const LOGIN_RUNS = Math.max(20, Math.round(RUNS / 5));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const TIMEOUT_MS = Math.max(120_000, RUNS * 400);

let service: TestApp;
let token = '';
let oracle: OpenApiOracle;
/** Real values of each path parameter, so valid requests reach records and not only 404s. */
const known: Record<string, string[]> = {};

beforeAll(async () => {
  service = await createTestApp({ config: { bodyLimit: 64 * 1024 } });
  await seedCatalogue(service.store.seeding, { events: 150, now: TEST_START_MS });
  token = (await service.login()).accessToken;
  const document = (await service.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
  oracle = new OpenApiOracle(document);
  const sample = await catalogueSample(service.store, 20);
  known.eventId = sample.eventIds.map(String);
  known.serviceId = sample.serviceIds.map(String);
  known.performerId = sample.performerIds.map(String);
  known.mapPlaceId = sample.mapPlaceIds;
  known.file = known.eventId.map((id) => `${id}-square.svg`);
  const page = await service.request({ method: 'POST', url: '/v2/get/events', payload: { limit: 20 } });
  known.token = [...page.body.matchAll(/\/r\/([A-Za-z0-9_.~-]+)/g)].map((match) => match[1]!);
});
afterAll(() => service.close());

const params = (runs: number) => ({ numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }) });

interface Sample {
  path: Record<string, string>;
  query: [string, string][];
  body?: string;
}

/** Splits a sent query the way the service reads it: one text per name, several for a repeated name. */
function sentQuery(pairs: readonly [string, string][]): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` must be an entry like any other.
  const sent = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of pairs) {
    const previous = sent[name];
    sent[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return sent;
}

function parametersOf(operation: ContractOperation, where: 'path' | 'query'): ParameterObject[] {
  return (oracle.operation(operation.method, operation.path).parameters ?? []).filter((p) => p.in === where);
}

/** Typed parameter values (valid, or broken in one place) as the texts a URL carries. */
function asTexts(operation: ContractOperation, where: 'path' | 'query', value: unknown): [string, string][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [['q', asQueryText(value)]];
  const byName = new Map(parametersOf(operation, where).map((p) => [p.name, p]));
  const pairs: [string, string][] = [];
  for (const [name, item] of Object.entries(value)) {
    const parameter = byName.get(name);
    if (Array.isArray(item) && parameter?.explode !== false) {
      for (const entry of item) pairs.push([name, OpenApiOracle.serialize(parameter, entry)]);
    } else {
      pairs.push([name, OpenApiOracle.serialize(parameter, item)]);
    }
  }
  return pairs;
}

/** Requests for an operation: documented-valid ones, the same broken in one place, and hostile texts. */
function samples(operation: ContractOperation): fc.Arbitrary<Sample> {
  const pathParameters = parametersOf(operation, 'path');
  const path: fc.Arbitrary<Record<string, string>> =
    pathParameters.length === 0
      ? fc.constant({})
      : fc.record(
          Object.fromEntries(
            pathParameters.map((parameter) => {
              const documented = oracle
                .validParameters(operation.method, operation.path, 'path')
                .map((values) => OpenApiOracle.serialize(parameter, values[parameter.name]));
              const real = known[parameter.name] ?? [];
              const arbitraries: fc.Arbitrary<string>[] = [documented, queryValue];
              if (real.length > 0) arbitraries.push(fc.constantFrom(...real));
              // `.` and `..` are resolved away by URL parsing: the request would be for another path.
              return [parameter.name, fc.oneof(...arbitraries).filter((text) => text !== '.' && text !== '..')];
            }),
          ),
        );
  const queryParameters = parametersOf(operation, 'query');
  const validQuery = oracle.validParameters(operation.method, operation.path, 'query');
  const query: fc.Arbitrary<[string, string][]> =
    queryParameters.length === 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant<[string, string][]>([]) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom('foo', 'q', 'limit'), queryValue)
              .map(([name, text]): [string, string][] => [[name, text]]),
          },
        )
      : fc.oneof(
          { weight: 2, arbitrary: validQuery.map((value) => asTexts(operation, 'query', value)) },
          { weight: 3, arbitrary: mutated(validQuery).map((value) => asTexts(operation, 'query', value)) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(validQuery, fc.constantFrom(...queryParameters.map((p) => p.name), 'pagenumber'), queryValue)
              .map(([value, name, text]): [string, string][] => [
                ...asTexts(operation, 'query', value).filter(([n]) => n !== name),
                [name, text],
              ]),
          },
        );
  if (!operation.body) return fc.record({ path, query });
  const validBody = oracle.validBody(operation.method, operation.path);
  const body = fc.oneof(
    { weight: 2, arbitrary: validBody },
    { weight: 3, arbitrary: mutated(validBody) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  return fc.record({ path, query, body: body.map((value) => JSON.stringify(value) ?? 'null') });
}

/** What the document says about a sample: the pointers it finds wrong (none: valid). */
function documentedErrors(operation: ContractOperation, sample: Sample): string[] {
  // A path parameter as the service receives it: the test encodes a lone surrogate as bytes that may not decode.
  const badEncoding: string[] = [];
  const path: Record<string, string> = {};
  for (const [name, value] of Object.entries(sample.path)) {
    try {
      path[name] = decodeURIComponent(pathSegment(value));
    } catch {
      badEncoding.push(`#/${name}`);
    }
  }
  const pointers = [
    ...badEncoding,
    ...oracle.parameterErrors(operation.method, operation.path, 'path', path),
    // What goes over the wire: URLSearchParams turns a lone surrogate into U+FFFD.
    ...oracle.parameterErrors(
      operation.method,
      operation.path,
      'query',
      sentQuery([...new URLSearchParams(new URLSearchParams(sample.query).toString())]),
    ),
  ];
  if (sample.body !== undefined) {
    pointers.push(...pointersOf(oracle.checkBody(operation.method, operation.path, JSON.parse(sample.body))));
  }
  return pointers;
}

async function send(operation: ContractOperation, sample: Sample) {
  let url = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => pathSegment(sample.path[name] ?? ''));
  if (sample.query.length > 0) url += `?${new URLSearchParams(sample.query).toString()}`;
  const headers: Record<string, string> = {};
  if (operation.auth) headers.authorization = `Bearer ${token}`;
  if (sample.body !== undefined) headers['content-type'] = 'application/json';
  const response = await service.app.inject({
    method: operation.method,
    url,
    headers,
    ...(sample.body === undefined ? {} : { payload: sample.body }),
  });
  return {
    status: response.statusCode,
    contentType: String(response.headers['content-type'] ?? ''),
    headers: response.headers as Record<string, unknown>,
    body: response.body,
  };
}

/**
 * Statuses a request can get whatever the validity of its members: no such record, a resync, and the size limits
 * (a body over the limit, a path segment longer than the router takes) that apply before any member is read.
 */
const NEUTRAL = new Set([404, 410, 413, 414]);

describe(`contract: every operation against its OpenAPI document (${RUNS} requests each)`, () => {
  for (const operation of OPERATION_LIST) {
    const runs = operation.operationId === 'postLogin' ? LOGIN_RUNS : RUNS;
    it(`${operation.method} ${operation.path}`, { timeout: TIMEOUT_MS }, async () => {
      let valid = 0;
      let invalid = 0;
      let succeeded = 0;
      await fc.assert(
        fc.asyncProperty(samples(operation), async (sample) => {
          const wrong = documentedErrors(operation, sample);
          const response = await send(operation, sample);
          const context = `${JSON.stringify(sample).slice(0, 300)} → ${response.status} ${response.body.slice(0, 600)}`;
          expect(oracle.checkResponse(operation.method, operation.path, response), context).toEqual([]);
          if (wrong.length > 0) {
            invalid += 1;
            // Size limits apply before anything reads the members.
            if (response.status === 413 || response.status === 414) return;
            expect(response.status, `${context} (document: ${wrong.join(', ')})`).toBe(400);
            const named = (JSON.parse(response.body) as { errors?: { pointer: string }[] }).errors ?? [];
            const agrees = named.some((error) => wrong.some((pointer) => related(error.pointer, pointer)));
            expect(agrees, `${context} (document: ${wrong.join(', ')})`).toBe(true);
          } else if (response.status === 400) {
            // Valid by the document yet refused: only a cross-member rule the document describes in prose may do it.
            const named = (JSON.parse(response.body) as { errors?: { detail: string }[] }).errors ?? [];
            expect(named.length, context).toBeGreaterThan(0);
            for (const error of named) {
              expect(error.detail, context).toMatch(
                /must not exceed|must not be after|needs orderByDistance|go together|not both|blank/,
              );
            }
          } else {
            valid += 1;
            if (response.status === operation.success.status) succeeded += 1;
            // Wrong credentials are a valid request's normal answer on the login; a token expires on its own clock.
            const neutral = NEUTRAL.has(response.status) || (response.status === 401 && !operation.auth);
            expect(response.status === operation.success.status || neutral, context).toBe(true);
          }
        }),
        params(runs),
      );
      // Both sides were exercised (the generators are not stuck on one).
      expect(valid, 'valid requests answered').toBeGreaterThan(runs / 20);
      // A link token is any text (an unknown one is a 404): only undecodable bytes make that request invalid.
      if (operation.operationId !== 'getRToken')
        expect(invalid, 'invalid requests answered').toBeGreaterThan(runs / 20);
      // Random credentials never log in; every other operation succeeds on some generated request.
      if (operation.operationId !== 'postLogin') expect(succeeded, 'successful requests').toBeGreaterThan(0);
    });
  }
});

describe('the operations table and the routes', () => {
  it('registers every documented operation and documents every registered route', () => {
    const documented = OPERATION_LIST.map((operation) => `${operation.method} ${routePath(operation.path)}`).sort();
    const routes = registeredRoutes(service.app)
      // Fastify adds HEAD to every GET; the reference page's own files are not part of the API.
      .filter((route) => route.method !== 'HEAD' && route.url !== '/docs' && !route.url.startsWith('/docs/'))
      // The ingest API has its own part of the document (lib/contract/ingest-openapi.ts, partner-api/ingest tests).
      .filter((route) => !route.url.startsWith('/ingest/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(routes).toEqual(documented);
  });
});
