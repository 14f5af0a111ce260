import { describe, expect, it } from 'vitest';
import { readCookie, TOKEN_COOKIE_NAME, TokenCookie } from './session-cookie';

const now = Date.now();
const tokens = { accessToken: 'at-secret', refreshToken: 'rt-secret', obtainedAt: now, expiresAt: now + 3600_000 };

describe('TokenCookie', () => {
  it('seals a token set into an opaque value and back', async () => {
    const cookie = new TokenCookie({ password: 'p'.repeat(32), secure: false });
    const value = await cookie.seal(tokens);
    expect(value).not.toContain('at-secret');
    expect(value).not.toContain('rt-secret');
    expect(Buffer.from(value.split('*')[4] ?? '', 'base64url').toString('latin1')).not.toContain('secret');
    expect(await cookie.seal(tokens)).toBe(value); // sealed once per set
    expect(await new TokenCookie({ password: 'p'.repeat(32), secure: true }).unseal(value)).toEqual({
      ...tokens,
      // The refresh token never leaves the process that obtained it.
      refreshToken: '',
    });
  });

  it('refuses values sealed with another password, tampered or oversized', async () => {
    const value = await new TokenCookie({ password: 'q'.repeat(32), secure: false }).seal(tokens);
    const cookie = new TokenCookie({ password: 'p'.repeat(32), secure: false });
    expect(await cookie.unseal(value)).toBeUndefined();
    const own = await cookie.seal({ ...tokens });
    expect(await cookie.unseal(own.replace(/\*[^*]{4}/, '*AAAA'))).toBeUndefined();
    expect(await cookie.unseal('x'.repeat(5000))).toBeUndefined();
  });

  it('writes HttpOnly, SameSite=Lax, Path=/ and Max-Age until expiry; Secure only when asked', async () => {
    const plain = await new TokenCookie({ password: 'p'.repeat(32), secure: false }).header(tokens);
    expect(plain).toMatch(
      new RegExp(`^${TOKEN_COOKIE_NAME}=Fe26\\.2\\*[^;]+; Path=/; Max-Age=35\\d\\d; HttpOnly; SameSite=Lax$`),
    );
    const secure = await new TokenCookie({ password: 'p'.repeat(32), secure: true }).header(tokens);
    expect(secure).toMatch(/; Secure$/);
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; eventmap_pt=Fe26.2*x~2; b=2', TOKEN_COOKIE_NAME)).toBe('Fe26.2*x~2');
    expect(readCookie('a=1', TOKEN_COOKIE_NAME)).toBeUndefined();
    expect(readCookie(null, TOKEN_COOKIE_NAME)).toBeUndefined();
  });
});
