import { describe, expect, it } from 'vitest';
import { parseServiceEnv, ServiceEnvError } from './env';

describe('parseServiceEnv', () => {
  it('has working defaults for development', () => {
    const config = parseServiceEnv({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 4000,
      host: '127.0.0.1',
      dbFile: '.data/partner-api.sqlite',
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

  it('requires a token secret in production unless in demo mode, and has no demo clients there', () => {
    expect(() => parseServiceEnv({ NODE_ENV: 'production' })).toThrow(/PARTNER_API_TOKEN_SECRET/);
    const secret = 'x'.repeat(32);
    expect(parseServiceEnv({ NODE_ENV: 'production', PARTNER_API_TOKEN_SECRET: secret }).demo).toBe(false);
    expect(parseServiceEnv({ NODE_ENV: 'production', PARTNER_API_DEMO: '1' }).demo).toBe(true);
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
});
