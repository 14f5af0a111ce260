import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

const MISSING = 'Bearer realm="partner-api"';
const INVALID = 'Bearer realm="partner-api", error="invalid_token"';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function callApi(authorization?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/v2/event/999999',
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function expect401(response: Awaited<ReturnType<typeof callApi>>, challenge: string) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe(challenge);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(ZProblemSchema.parse(response.json())).toMatchObject({ status: 401, title: 'Unauthorized' });
}

describe('bearer authentication on /v2', () => {
  it('answers a missing Authorization header with the realm challenge', async () => {
    await expect401(await callApi(), MISSING);
  });

  it('treats another scheme as missing bearer credentials', async () => {
    await expect401(await callApi('Basic ZGVtbzpkZW1vLXNlY3JldA=='), MISSING);
  });

  it('accepts the scheme in any case', async () => {
    const { accessToken } = await t.login();
    for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
      expect((await callApi(`${scheme} ${accessToken}`)).statusCode).toBe(404);
    }
  });

  it('answers an expired access token with invalid_token', async () => {
    const { accessToken } = await t.login();
    t.clock.advance(LIMITS.accessTokenSeconds * 1000 - 1000);
    expect((await callApi(`Bearer ${accessToken}`)).statusCode).toBe(404);
    t.clock.advance(1000);
    const expired = await callApi(`Bearer ${accessToken}`);
    await expect401(expired, INVALID);
    expect(ZProblemSchema.parse(expired.json()).detail).toMatch(/expired/);
  });

  it('answers a tampered token with invalid_token', async () => {
    const { accessToken } = await t.login();
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'demo-b' })).toString('base64url');
    await expect401(await callApi(`Bearer ${header}.${forgedPayload}.${signature}`), INVALID);
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    await expect401(await callApi(`Bearer ${header}.${payload}.${flipped}`), INVALID);
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    await expect401(await callApi(`Bearer ${unsigned}.${payload}.`), INVALID);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refreshToken } = await t.login();
    await expect401(await callApi(`Bearer ${refreshToken}`), INVALID);
  });

  it('refuses an empty or malformed bearer value', async () => {
    await expect401(await callApi('Bearer'), INVALID);
    await expect401(await callApi('Bearer    '), INVALID);
    await expect401(await callApi('Bearer a b'), INVALID);
    await expect401(await callApi('Bearer not-a-jwt'), INVALID);
  });

  it('does not require a token outside /v2', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
  });

  it('limits requests per client with 429 and Retry-After', async () => {
    await t.close();
    t = await createTestApp({
      config: { rateLimit: { apiPerMinute: 2, loginPerClientPerMinute: 100, loginPerIpPerMinute: 100 } },
    });
    const demo = (await t.login('demo')).accessToken;
    const demoB = (await t.login('demo-b')).accessToken;
    expect((await callApi(`Bearer ${demo}`)).statusCode).toBe(404);
    expect((await callApi(`Bearer ${demo}`)).statusCode).toBe(404);
    const limited = await callApi(`Bearer ${demo}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await callApi(`Bearer ${demoB}`)).statusCode).toBe(404);
  });
});
