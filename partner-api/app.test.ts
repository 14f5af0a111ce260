import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = ZProblemSchema.parse(response.json());
  expect(body.status).toBe(status);
  return body;
}

describe('service basics', () => {
  it('answers /health without a token, with security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers an unknown route with a 404 problem', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nowhere?x=1' });
    expectProblem(response, 404);
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/login' });
    expectProblem(response, 405);
    expect(response.headers.allow).toBe('POST');
    const getLogin = await t.app.inject({ method: 'GET', url: '/login' });
    expectProblem(getLogin, 405);
    const putEvent = await t.request({ method: 'PUT', url: '/v2/event/12' });
    expectProblem(putEvent, 405);
    expect(putEvent.headers.allow).toBe('GET, HEAD');
  });

  it('answers an undecodable URL or an over-long path segment with a 400 problem', async () => {
    for (const url of ['/v2/event/%zz', '/%', `/v2/event/${'9'.repeat(600)}`]) {
      const response = await t.request({ method: 'GET', url });
      expectProblem(response, 400);
      expect(response.body).not.toContain('FST_');
    }
    // Long but legitimate path parameters still reach the route's own validation.
    const long = await t.request({ method: 'GET', url: `/v2/event/${'9'.repeat(300)}` });
    expect(ZProblemSchema.parse(long.json()).errors?.[0]?.pointer).toBe('#/eventId');
  });

  it('refuses a non-JSON body with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'grantAccess=clientSecret',
    });
    expectProblem(response, 415);
    const form = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grantAccess=clientSecret',
    });
    expectProblem(form, 415);
  });

  it('refuses malformed JSON with 400 without echoing the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"clientSecret": "s3cr3t-value",',
    });
    const body = expectProblem(response, 400);
    expect(response.body).not.toContain('s3cr3t-value');
    expect(body.detail).toBe('The request body is not valid JSON.');
  });

  it('refuses a prototype-poisoning body with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "grantAccess": "refreshToken", "refreshToken": "x"}',
    });
    expectProblem(response, 400);
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grantAccess: 'refreshToken', refreshToken: 'x'.repeat(70 * 1024) }),
    });
    expectProblem(response, 413);
  });
});

describe('unexpected errors and logs', () => {
  it('answers an unexpected error with a bare 500 problem and logs it server-side only', async () => {
    const lines: string[] = [];
    const { createServiceLogger } = await import('./http/logger');
    const logger = createServiceLogger('info', { write: (line: string) => void lines.push(line) });
    await t.close();
    t = await createTestApp({ logger });
    t.app.get('/v2/boom', async () => {
      throw new Error('SQLITE_ERROR near "SELEC": /srv/data/partner-api.sqlite');
    });
    const response = await t.request({ method: 'GET', url: '/v2/boom' });
    const body = expectProblem(response, 500);
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|sqlite|SELEC/);
    expect(lines.join('\n')).toContain('SQLITE_ERROR');
  });

  it('never writes a secret or token to the log', async () => {
    const lines: string[] = [];
    const { createServiceLogger } = await import('./http/logger');
    const logger = createServiceLogger('trace', { write: (line: string) => void lines.push(line) });
    await t.close();
    t = await createTestApp({ logger });
    const tokens = await t.login();
    await t.app.inject({
      method: 'POST',
      url: '/login',
      payload: { grantAccess: 'refreshToken', refreshToken: tokens.refreshToken },
    });
    await t.app.inject({
      method: 'GET',
      url: '/v2/event/1',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    // What a handler or hook might log about a request: redacted by path.
    logger.info({ req: { headers: { authorization: `Bearer ${tokens.accessToken}` } }, body: tokens }, 'debugging');
    logger.info({ clientSecret: 'demo-secret' }, 'debugging');
    const log = lines.join('\n');
    expect(log).toContain('[redacted]');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of ['demo-secret', tokens.accessToken, tokens.refreshToken]) expect(log).not.toContain(secret);
  });
});
