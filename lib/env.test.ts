import { describe, expect, it } from 'vitest';
import { DEFAULT_DIRECTIONS_URL, EnvError, parseEnv } from './env';

const SECRET = 's'.repeat(32);

describe('parseEnv', () => {
  it('defaults to the embedded service with the demo client in development', () => {
    const env = parseEnv({ NODE_ENV: 'development' });
    expect(env).toMatchObject({
      partnerApiUrl: 'http://127.0.0.1:4000',
      partnerClientId: 'demo',
      partnerClientSecret: 'demo-secret',
      partnerTimeoutMs: 5000,
      partnerValidateResponses: 'full',
      mapStyleUrl: undefined,
    });
    expect(env.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(env.warnings.join()).toMatch(/SESSION_SECRET/);
  });

  it('requires credentials when PARTNER_API_URL points elsewhere', () => {
    expect(() => parseEnv({ PARTNER_API_URL: 'https://api.example.com' })).toThrow(
      /PARTNER_CLIENT_ID.*\n.*PARTNER_CLIENT_SECRET/,
    );
    const env = parseEnv({
      PARTNER_API_URL: 'https://api.example.com/',
      PARTNER_CLIENT_ID: 'acme',
      PARTNER_CLIENT_SECRET: 'acme-secret',
    });
    expect(env).toMatchObject({ partnerApiUrl: 'https://api.example.com', partnerClientId: 'acme' });
  });

  it('requires a SESSION_SECRET of at least 32 characters in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32/,
    );
    const env = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    expect(env).toMatchObject({ sessionSecret: SECRET, partnerValidateResponses: 'off', warnings: [] });
  });

  it('pins the server clock to CLOCK_START, an ISO instant, refused in production unless PARTNER_API_DEMO=1', () => {
    expect(parseEnv({}).clockStartMs).toBeUndefined();
    expect(parseEnv({ CLOCK_START: '2027-03-14T18:00:00Z' }).clockStartMs).toBe(Date.UTC(2027, 2, 14, 18));
    expect(parseEnv({ CLOCK_START: '2027-03-14T19:00:00+01:00' }).clockStartMs).toBe(Date.UTC(2027, 2, 14, 18));
    expect(() => parseEnv({ CLOCK_START: '14/03/2027' })).toThrow(/CLOCK_START: must be an ISO 8601 instant/);
    expect(() => parseEnv({ CLOCK_START: '2027-03-14' })).toThrow(/CLOCK_START/);
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, CLOCK_START: '2027-03-14T18:00:00Z' };
    expect(() => parseEnv(production)).toThrow(/CLOCK_START: refused in production/);
    expect(() => parseEnv({ ...production, PARTNER_API_DEMO: '0' })).toThrow(/CLOCK_START: refused in production/);
    expect(parseEnv({ ...production, PARTNER_API_DEMO: '1' }).clockStartMs).toBe(Date.UTC(2027, 2, 14, 18));
  });

  it.each([
    ['PARTNER_API_URL', 'not a url'],
    ['PARTNER_API_URL', 'ftp://example.com'],
    ['PARTNER_API_URL', 'https://user:pass@example.com'],
    ['PARTNER_TIMEOUT_MS', 'soon'],
    ['PARTNER_TIMEOUT_MS', '10'],
    ['MAP_STYLE_URL', 'style.json'],
    ['DIRECTIONS_URL', 'https://maps.example/dir'],
    ['DIRECTIONS_URL', 'javascript:alert({lat},{lng})'],
    ['PARTNER_VALIDATE_RESPONSES', 'maybe'],
    ['PARTNER_LINKS_ORIGIN', 'http://127.0.0.1:4000/images'],
    ['PARTNER_LINKS_ORIGIN', 'on'],
    ['NODE_ENV', 'staging'],
  ])('names the key of a bad value: %s=%s', (key, value) => {
    const error = (() => {
      try {
        parseEnv({ PARTNER_CLIENT_ID: 'a', PARTNER_CLIENT_SECRET: 'b', [key]: value });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toContain(key);
    if (value.includes('pass')) expect((error as Error).message).not.toContain('pass@');
  });

  it('links directions to OpenStreetMap by default, and not at all with DIRECTIONS_URL=off', () => {
    const base = { PARTNER_CLIENT_ID: 'a', PARTNER_CLIENT_SECRET: 'b' };
    expect(parseEnv(base).directionsUrl).toBe(DEFAULT_DIRECTIONS_URL);
    expect(parseEnv({ ...base, DIRECTIONS_URL: 'off' }).directionsUrl).toBeNull();
  });

  it("serves the embedded service's links through the app by default, an operator's API's only when asked", () => {
    expect(parseEnv({}).partnerLinksOrigin).toBe('http://127.0.0.1:4000');
    expect(parseEnv({ PARTNER_LINKS_ORIGIN: 'off' }).partnerLinksOrigin).toBeNull();
    const api = { PARTNER_API_URL: 'https://api.example.com', PARTNER_CLIENT_ID: 'a', PARTNER_CLIENT_SECRET: 'b' };
    expect(parseEnv(api).partnerLinksOrigin).toBeNull();
    expect(parseEnv({ ...api, PARTNER_LINKS_ORIGIN: 'http://127.0.0.1:4010/' }).partnerLinksOrigin).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('reads the optional keys and treats blank values as unset', () => {
    const env = parseEnv({
      NODE_ENV: 'test',
      PARTNER_TIMEOUT_MS: '1500',
      MAP_STYLE_URL: 'https://tiles.example.com/style.json',
      DIRECTIONS_URL: 'https://maps.example/dir?to={lat},{lng}',
      PARTNER_VALIDATE_RESPONSES: 'off',
      PARTNER_API_URL: '  ',
    });
    expect(env).toMatchObject({
      partnerTimeoutMs: 1500,
      mapStyleUrl: 'https://tiles.example.com/style.json',
      directionsUrl: 'https://maps.example/dir?to={lat},{lng}',
      partnerValidateResponses: 'off',
      partnerClientId: 'demo',
      warnings: [],
    });
  });
});
