import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, ZLoginResponseSchema, ZProblemSchema, type TLoginResponse } from '@/lib/contract';
import { refreshTokenHash } from '@/partner-api/auth/tokens';
import { MAX_FAILURE_DELAY_MS } from '@/partner-api/auth/login-throttle';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function login(payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/login', payload: payload as object, headers });
}

function secretGrant(clientId: string, clientSecret: string) {
  return login({ grantAccess: 'clientSecret', clientId, clientSecret });
}

function refreshGrant(refreshToken: string) {
  return login({ grantAccess: 'refreshToken', refreshToken });
}

async function tokensOf(response: Awaited<ReturnType<typeof login>>): Promise<TLoginResponse> {
  expect(response.statusCode, response.body).toBe(201);
  return ZLoginResponseSchema.parse(response.json());
}

/** A protected route that exists for any valid token: a 404 for an unknown event proves authentication passed. */
function callApi(authorization: string | undefined) {
  return t.app.inject({
    method: 'GET',
    url: '/v2/event/999999',
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('POST /login, secret grant', () => {
  it('issues a Bearer access token for 3600 s and a refresh token, with Cache-Control: no-store', async () => {
    const response = await secretGrant('demo', 'demo-secret');
    const tokens = await tokensOf(response);
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.expiresIn).toBe(3600);
    expect(tokens.refreshToken).not.toBe(tokens.accessToken);
    expect(response.headers['cache-control']).toBe('no-store');
    const api = await callApi(`Bearer ${tokens.accessToken}`);
    expect(api.statusCode).toBe(404);
  });

  it('gives identical 401s for an unknown client id and a wrong secret', async () => {
    const unknown = await secretGrant('nobody', 'demo-secret');
    const wrong = await secretGrant('demo', 'not-the-secret');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    // Identical but for each request's own id (docs/operations.md), which says nothing about the credentials.
    const { requestId: unknownId, ...unknownBody } = ZProblemSchema.parse(unknown.json());
    const { requestId: wrongId, ...wrongBody } = ZProblemSchema.parse(wrong.json());
    expect(unknownBody).toEqual(wrongBody);
    expect(unknownId).not.toBe(wrongId);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
    // RFC 9110 §15.5.2: every 401 carries a challenge, the same one whichever credential was wrong.
    expect(unknown.headers['www-authenticate']).toBe('Bearer realm="partner-api"');
    expect(wrong.headers['www-authenticate']).toBe(unknown.headers['www-authenticate']);
    expect(ZProblemSchema.parse(unknown.json())).toMatchObject({ status: 401, title: 'Unauthorized' });
  });

  it("does not accept one client's secret for another client", async () => {
    expect((await secretGrant('demo-b', 'demo-secret')).statusCode).toBe(401);
    await tokensOf(await secretGrant('demo-b', 'demo-b-secret'));
  });
});

describe('POST /login, invalid bodies', () => {
  it.each([
    ['an empty JSON object', {}, ['#/grantAccess']],
    ['an unknown grant', { grantAccess: 'password', clientId: 'demo' }, ['#/grantAccess']],
    [
      'an extra property',
      { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret', scope: 'all' },
      ['#/scope'],
    ],
    [
      'a refresh grant with client fields',
      { grantAccess: 'refreshToken', refreshToken: 'x', clientId: 'demo' },
      ['#/clientId'],
    ],
    ['a wrong type', { grantAccess: 'clientSecret', clientId: 42, clientSecret: 'demo-secret' }, ['#/clientId']],
    ['a missing secret', { grantAccess: 'clientSecret', clientId: 'demo' }, ['#/clientSecret']],
    ['an array', [], ['#']],
    ['a string', 'demo', ['#']],
  ])('answers %s with 400 and pointers', async (_name, payload, pointers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = ZProblemSchema.parse(response.json());
    expect(problem.errors?.map((error) => error.pointer)).toEqual(pointers);
  });

  it('answers an empty body with 400', async () => {
    const noType = await t.app.inject({ method: 'POST', url: '/login' });
    expect(noType.statusCode).toBe(400);
    expect(ZProblemSchema.parse(noType.json()).errors?.[0]?.pointer).toBe('#');
    const jsonType = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(jsonType.statusCode).toBe(400);
    expect(jsonType.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('POST /login, refresh grant', () => {
  it('rotates: each refresh returns new tokens and the new refresh token works once', async () => {
    const first = await tokensOf(await secretGrant('demo', 'demo-secret'));
    t.clock.advance(1000);
    const second = await tokensOf(await refreshGrant(first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    const third = await tokensOf(await refreshGrant(second.refreshToken));
    expect((await callApi(`Bearer ${third.accessToken}`)).statusCode).toBe(404);
  });

  it('answers an unknown refresh token with 401', async () => {
    const response = await refreshGrant('not-a-refresh-token');
    expect(response.statusCode).toBe(401);
    ZProblemSchema.parse(response.json());
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const first = await tokensOf(await secretGrant('demo', 'demo-secret'));
    const second = await tokensOf(await refreshGrant(first.refreshToken));
    const other = await tokensOf(await secretGrant('demo', 'demo-secret'));

    const reuse = await refreshGrant(first.refreshToken);
    expect(reuse.statusCode).toBe(401);

    // Every token of the family is dead: the latest refresh token and the access tokens.
    expect((await refreshGrant(second.refreshToken)).statusCode).toBe(401);
    for (const token of [first.accessToken, second.accessToken]) {
      const api = await callApi(`Bearer ${token}`);
      expect(api.statusCode).toBe(401);
      expect(api.headers['www-authenticate']).toBe('Bearer realm="partner-api", error="invalid_token"');
    }
    // Another login of the same client is another family and keeps working.
    expect((await callApi(`Bearer ${other.accessToken}`)).statusCode).toBe(404);
    await tokensOf(await refreshGrant(other.refreshToken));
  });

  it('refuses a refresh token after 7 days', async () => {
    const first = await tokensOf(await secretGrant('demo', 'demo-secret'));
    const kept = await tokensOf(await secretGrant('demo', 'demo-secret'));
    t.clock.advance(LIMITS.refreshTokenSeconds * 1000 - 1);
    await tokensOf(await refreshGrant(kept.refreshToken));
    t.clock.advance(1);
    expect((await refreshGrant(first.refreshToken)).statusCode).toBe(401);
  });
});

describe('token housekeeping', () => {
  it('purges refresh tokens and families a week after expiry, and the old token stays refused', async () => {
    const old = await tokensOf(await secretGrant('demo', 'demo-secret'));
    t.clock.advance(15 * 24 * 3600 * 1000);
    await tokensOf(await secretGrant('demo', 'demo-secret'));
    // The old token's row is gone from the store (its family with it), not merely expired.
    expect(await t.store.auth.findRefreshToken(refreshTokenHash(old.refreshToken))).toBeNull();
    expect((await refreshGrant(old.refreshToken)).statusCode).toBe(401);
  });

  it('stores only hashes of secrets and refresh tokens', async () => {
    const tokens = await tokensOf(await secretGrant('demo', 'demo-secret'));
    const secretHash = await t.store.auth.activeClientSecretHash('demo');
    expect(secretHash).toMatch(/^scrypt\$/);
    expect(secretHash).not.toContain('demo-secret');
    // The refresh token is found by its hash only: the store never saw the token itself.
    expect(await t.store.auth.findRefreshToken(refreshTokenHash(tokens.refreshToken))).not.toBeNull();
    expect(await t.store.auth.findRefreshToken(tokens.refreshToken)).toBeNull();
  });
});

describe('login throttling', () => {
  function from(ip: string, clientId: string, clientSecret: string) {
    return t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: ip,
      payload: { grantAccess: 'clientSecret', clientId, clientSecret },
    });
  }

  async function withLimits(loginPerClientPerMinute: number, loginPerIpPerMinute: number) {
    await t.close();
    t = await createTestApp({
      config: { rateLimit: { apiPerMinute: 1000, loginPerClientPerMinute, loginPerIpPerMinute } },
    });
  }

  it('lets the holder of the secret in after 50 wrong-secret logins for its client id from one address', async () => {
    await withLimits(10, 30);
    // Sent all at once: at most the allowance left is checked at a time, so concurrency does not get past the limit.
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => from('10.0.0.66', 'demo', `guess-${i}`)));
    const statuses = guesses.map((response) => response.statusCode);
    // The guesser is stopped: 30 failures, then 429 for the rest of the minute.
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect((await from('10.0.0.66', 'demo', 'demo-secret')).statusCode).toBe(429);
    await tokensOf(await from('10.0.0.1', 'demo', 'demo-secret'));
  });

  it('lets the holder in after 50 wrong-secret logins spread over 50 addresses, slowing the wrong ones', async () => {
    await withLimits(10, 30);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => from(`10.0.1.${i + 1}`, 'demo', `guess-${i}`)),
    );
    expect(guesses.map((response) => response.statusCode)).toEqual(Array(50).fill(401));
    // A further wrong secret is answered only after the slow-down delay; the correct one, sent at the same moment, is
    // not delayed: it is answered first. (An order and a lower bound, not a comparison of two durations, which a
    // loaded machine stretches unevenly.)
    const answered: string[] = [];
    const started = performance.now();
    let wrongMs = 0;
    await Promise.all([
      from('10.0.2.1', 'demo', 'another-guess').then((response) => {
        wrongMs = performance.now() - started;
        answered.push(`wrong ${response.statusCode}`);
      }),
      from('10.0.0.1', 'demo', 'demo-secret').then(async (response) => {
        answered.push(`correct ${response.statusCode}`);
        await tokensOf(response);
      }),
    ]);
    expect(answered).toEqual(['correct 201', 'wrong 401']);
    expect(wrongMs).toBeGreaterThanOrEqual(MAX_FAILURE_DELAY_MS - 5);
  });

  it('answers 50 concurrent correct logins from one address with 50 × 201: an attempt in flight is no failure', async () => {
    await withLimits(10, 30);
    const logins = await Promise.all(Array.from({ length: 50 }, () => from('10.0.0.7', 'demo', 'demo-secret')));
    expect(logins.map((response) => response.statusCode)).toEqual(Array(50).fill(201));
    // Still the whole allowance left: 30 failures, then 429.
    const guesses = await Promise.all(Array.from({ length: 31 }, (_, i) => from('10.0.0.7', 'demo', `guess-${i}`)));
    expect(guesses.filter((response) => response.statusCode === 401)).toHaveLength(30);
    expect(guesses.filter((response) => response.statusCode === 429)).toHaveLength(1);
  });

  it('lets every correct login in while wrong ones from the same address run alongside within the allowance', async () => {
    await withLimits(1000, 6);
    const mixed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => from('10.0.0.8', 'demo', i % 4 === 0 ? `guess-${i}` : 'demo-secret')),
    );
    const statuses = mixed.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 201)).toHaveLength(15);
  });

  it.each([
    ['invalid JSON', '{"grantAccess":', 'application/json'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), 'application/json'],
    [
      'valid JSON failing the schema',
      JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo' }),
      'application/json',
    ],
    ['a body that is not JSON', 'grantAccess=clientSecret', 'application/x-www-form-urlencoded'],
  ])('counts a malformed login (%s) as a failure of its address', async (_name, payload, contentType) => {
    await withLimits(1000, 3);
    for (let i = 0; i < 3; i++) {
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '10.0.0.9',
        headers: { 'content-type': contentType },
        payload,
      });
      expect([400, 415]).toContain(malformed.statusCode);
    }
    const limited = await from('10.0.0.9', 'demo', 'demo-secret');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await tokensOf(await from('10.0.0.10', 'demo', 'demo-secret'));
  });

  it('counts only failures: successful logins never use up an allowance', async () => {
    await withLimits(2, 2);
    for (let i = 0; i < 10; i++) await tokensOf(await from('10.0.0.1', 'demo', 'demo-secret'));
  });

  it('refuses an address with 429 and Retry-After after too many failures, whatever the client id', async () => {
    await withLimits(1000, 2);
    expect((await from('10.0.0.1', 'a', 'x')).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: '10.0.0.1',
      payload: { grantAccess: 'refreshToken', refreshToken: 'unknown' },
    });
    expect(refresh.statusCode).toBe(401);
    const limited = await from('10.0.0.1', 'demo', 'demo-secret');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(ZProblemSchema.parse(limited.json()).status).toBe(429);
    // Other addresses are not affected, and the address gets in again once its minute is over.
    await tokensOf(await from('10.0.0.2', 'demo', 'demo-secret'));
    t.clock.advance(60_000);
    await tokensOf(await from('10.0.0.1', 'demo', 'demo-secret'));
  });
});
