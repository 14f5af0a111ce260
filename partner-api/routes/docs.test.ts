import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_LIST } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Any absolute URL other than the service's own and the spec/namespace identifiers that are never fetched. */
function externalUrls(text: string): string[] {
  return [...text.matchAll(/(?:src|href)\s*=\s*["']?(https?:)?\/\/[^"'\s>]+/gi)].map((match) => match[0]);
}

describe('OpenAPI document and reference page', () => {
  it('serves an OpenAPI 3.1 document listing every operation, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const operation of OPERATION_LIST) {
      const method = operation.method.toLowerCase();
      expect(document.paths[operation.path]?.[method], `${method} ${operation.path}`).toBeDefined();
    }
  });

  it('says what the service enforces', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>> } & object> };
      paths: Record<string, Record<string, { description?: string; parameters?: Record<string, unknown>[] } & object>>;
    }>();
    const schemas = document.components.schemas;
    // The cross-member rules are schema, not prose only (docs/contract.md).
    expect(schemas.LocationFilter).toMatchObject({
      oneOf: [
        { required: ['circle'], properties: { rectangle: false } },
        { required: ['rectangle'], properties: { circle: false } },
        { properties: { circle: false, rectangle: false } },
      ],
    });
    expect(schemas.GetEventsRequest).toMatchObject({
      if: { required: ['orderBy'], properties: { orderBy: { const: 'distance' } } },
      then: { required: ['orderByDistance'] },
    });
    const dates = schemas.DatesFilter as unknown as { anyOf: { properties: Record<string, unknown> }[] };
    expect(dates.anyOf.map((alternative) => alternative.properties)).toMatchObject([
      { minDate: false, maxDate: false },
      { isLive: false },
    ]);
    expect(schemas.SearchQuery).toBeUndefined();
    expect(schemas.LoginResponse?.properties.tokenType).toMatchObject({ const: 'Bearer' });
    expect(schemas.Event?.properties.id).toMatchObject({ type: 'integer', format: 'int64' });
    expect(schemas.Event?.properties.updatedAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(schemas.Problem?.properties.status).toMatchObject({ minimum: 400, maximum: 599 });
    const search = document.paths['/v2/search']?.get;
    expect(search?.parameters?.find((p) => p.name === 'type')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: ['events', 'places', 'performers'] } },
    });
    expect(search?.parameters?.find((p) => p.name === 'lng')).toMatchObject({ schema: { type: 'number' } });
    const login = document.paths['/login']?.post as { responses: Record<string, { headers?: object }> };
    expect(login.responses['201']?.headers).toHaveProperty('Cache-Control');
    expect(login.responses['401']?.headers).toHaveProperty('WWW-Authenticate');
    expect(login.responses['429']?.headers).toHaveProperty('Retry-After');
    for (const path of ['/r/{token}', '/e/{serviceId}']) {
      const redirect = document.paths[path]?.get as { responses: Record<string, { headers?: object }> };
      expect(redirect.responses['302']?.headers, path).toMatchObject({ Location: { required: true } });
    }
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.description, `${method} ${path}`).toEqual(expect.any(String));
      }
    }
  });

  it('serves /docs as HTML whose assets are all local', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs' });
    const page =
      response.statusCode === 302 ? await t.app.inject({ method: 'GET', url: response.headers.location! }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(externalUrls(page.body)).toEqual([]);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https?:/);

    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const url = asset.startsWith('/') ? asset : `/docs/${asset.replace(/^\.\//, '')}`;
      const fetched = await t.app.inject({ method: 'GET', url });
      expect(fetched.statusCode, url).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    expect(initializer.body).not.toMatch(/url: "https?:\/\//);
  });
});
