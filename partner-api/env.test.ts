import { describe, expect, it } from 'vitest';
import { parseServiceEnv, ServiceEnvError } from './env';

describe('parseServiceEnv', () => {
  it('has working defaults for development', () => {
    const config = parseServiceEnv({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '127.0.0.1',
      database: '.data/partner-api.sqlite',
      changePollMs: 250,
      redisUrl: undefined,
      publicUrl: 'http://127.0.0.1:4000',
      tokenSecret: undefined,
      demo: true,
      bodyLimit: 65_536,
    });
    expect(config.rateLimit.loginPerClientPerMinute).toBe(10);
  });

  it('derives the public URL from the port and strips a trailing slash', () => {
    expect(parseServiceEnv({ PARTNER_API_PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(parseServiceEnv({ PARTNER_API_PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe(
      'https://api.example.com',
    );
  });

  it('reads the web app URL for service links, default the local web app, without a trailing slash', () => {
    expect(parseServiceEnv({}).appUrl).toBe('http://localhost:3000');
    expect(parseServiceEnv({ PARTNER_API_APP_URL: 'https://eventmap.example.com/' }).appUrl).toBe(
      'https://eventmap.example.com',
    );
    expect(() => parseServiceEnv({ PARTNER_API_APP_URL: 'ftp://example.com' })).toThrow(/PARTNER_API_APP_URL/);
  });

  it('requires a token secret in production unless in demo mode, and has no demo clients there', () => {
    expect(() => parseServiceEnv({ NODE_ENV: 'production' })).toThrow(/PARTNER_API_TOKEN_SECRET/);
    const secret = 'x'.repeat(32);
    expect(parseServiceEnv({ NODE_ENV: 'production', PARTNER_API_TOKEN_SECRET: secret }).demo).toBe(false);
    expect(parseServiceEnv({ NODE_ENV: 'production', PARTNER_API_DEMO: '1' }).demo).toBe(true);
  });

  it('pins the clock to PARTNER_API_CLOCK_START, an ISO instant, and refuses it in production but for the demo', () => {
    expect(parseServiceEnv({}).clockStartMs).toBeUndefined();
    expect(parseServiceEnv({ PARTNER_API_CLOCK_START: '2027-03-14T18:00:00Z' }).clockStartMs).toBe(
      Date.UTC(2027, 2, 14, 18),
    );
    expect(parseServiceEnv({ PARTNER_API_CLOCK_START: '2027-03-14T19:00:00+01:00' }).clockStartMs).toBe(
      Date.UTC(2027, 2, 14, 18),
    );
    expect(() => parseServiceEnv({ PARTNER_API_CLOCK_START: '2027-03-14' })).toThrow(/PARTNER_API_CLOCK_START/);
    expect(() => parseServiceEnv({ PARTNER_API_CLOCK_START: 'tomorrow' })).toThrow(/ISO 8601 instant/);
    const secret = 'x'.repeat(32);
    expect(() =>
      parseServiceEnv({
        NODE_ENV: 'production',
        PARTNER_API_TOKEN_SECRET: secret,
        PARTNER_API_CLOCK_START: '2027-03-14T18:00:00Z',
      }),
    ).toThrow(/PARTNER_API_CLOCK_START: refused in production/);
    expect(
      parseServiceEnv({
        NODE_ENV: 'production',
        PARTNER_API_DEMO: '1',
        PARTNER_API_CLOCK_START: '2027-03-14T18:00:00Z',
      }).clockStartMs,
    ).toBe(Date.UTC(2027, 2, 14, 18));
  });

  it('names the offending keys, never their values', () => {
    let message = '';
    try {
      parseServiceEnv({ PARTNER_API_PORT: 'eighty', PARTNER_API_TOKEN_SECRET: 'too-short-secret-value' });
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceEnvError);
      message = (error as Error).message;
    }
    expect(message).toContain('PARTNER_API_PORT');
    expect(message).toContain('PARTNER_API_TOKEN_SECRET');
    expect(message).not.toContain('too-short-secret-value');
  });

  it('reads the rate-limit knobs', () => {
    const config = parseServiceEnv({
      PARTNER_API_RATE_LIMIT_PER_MINUTE: '50',
      PARTNER_API_LOGIN_LIMIT_PER_MINUTE: '3',
      PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: '7',
    });
    expect(config.rateLimit).toEqual({ apiPerMinute: 50, loginPerClientPerMinute: 3, loginPerIpPerMinute: 7 });
    expect(() => parseServiceEnv({ PARTNER_API_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/PARTNER_API_RATE_LIMIT/);
  });

  it('reads the store, the change-feed poll interval and the shared-limits Redis URL', () => {
    const config = parseServiceEnv({
      PARTNER_API_DB: 'postgres://eventmap:secret@db.internal:5432/eventmap',
      PARTNER_API_CHANGE_POLL_MS: '100',
      PARTNER_API_REDIS_URL: 'redis://127.0.0.1:6390/0',
    });
    expect(config).toMatchObject({
      database: 'postgres://eventmap:secret@db.internal:5432/eventmap',
      changePollMs: 100,
      redisUrl: 'redis://127.0.0.1:6390/0',
    });
    expect(() => parseServiceEnv({ PARTNER_API_CHANGE_POLL_MS: '5' })).toThrow(/PARTNER_API_CHANGE_POLL_MS/);
    expect(() => parseServiceEnv({ PARTNER_API_REDIS_URL: 'http://cache:6379' })).toThrow(/PARTNER_API_REDIS_URL/);
  });

  it('reads the standard OpenTelemetry sampler keys and refuses unknown samplers and ratios outside 0–1', () => {
    expect(parseServiceEnv({})).toMatchObject({ otelSampler: undefined, otelSamplerRatio: undefined });
    expect(
      parseServiceEnv({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }),
    ).toMatchObject({ otelSampler: 'parentbased_traceidratio', otelSamplerRatio: 0.25 });
    expect(() => parseServiceEnv({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => parseServiceEnv({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => parseServiceEnv({ OTEL_TRACES_SAMPLER_ARG: 'half' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });
});
