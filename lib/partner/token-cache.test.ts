import { describe, expect, it } from 'vitest';
import type { TLoginRequest } from '@/lib/contract';
import { PartnerError } from './errors';
import { TokenCache } from './token-cache';

function setup(options: { rejectRefresh?: boolean; rejectSecret?: boolean; expiresIn?: number } = {}) {
  let clock = 1_000_000;
  const grants: TLoginRequest['grantAccess'][] = [];
  let counter = 0;
  const cache = new TokenCache({
    clientId: 'id',
    clientSecret: 'secret',
    now: () => clock,
    login: async (grant) => {
      grants.push(grant.grantAccess);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (grant.grantAccess === 'refreshToken' && options.rejectRefresh) {
        throw new PartnerError('http', 'rejected', { status: 401 });
      }
      if (grant.grantAccess === 'clientSecret' && options.rejectSecret) {
        throw new PartnerError('http', 'rejected', { status: 401 });
      }
      counter++;
      return {
        accessToken: `at${counter}`,
        refreshToken: `rt${counter}`,
        expiresIn: options.expiresIn ?? 3600,
        tokenType: 'Bearer',
      };
    },
  });
  return { cache, grants, advance: (ms: number) => (clock += ms), now: () => clock };
}

describe('TokenCache', () => {
  it('makes exactly one login for 100 concurrent cold callers', async () => {
    const { cache, grants } = setup();
    const sets = await Promise.all(Array.from({ length: 100 }, () => cache.get()));
    expect(grants).toEqual(['clientSecret']);
    expect(new Set(sets.map((s) => s.accessToken))).toEqual(new Set(['at1']));
  });

  it('reuses the token until 60 s before expiry, then renews it with the refresh grant', async () => {
    const { cache, grants, advance } = setup();
    await cache.get();
    advance(3540_000 - 1);
    expect((await cache.get()).accessToken).toBe('at1');
    expect(grants).toEqual(['clientSecret']);
    advance(2);
    // Inside the window but still valid: served at once, renewed in the background.
    expect((await cache.get()).accessToken).toBe('at1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(grants).toEqual(['clientSecret', 'refreshToken']);
    expect((await cache.get()).accessToken).toBe('at2');
  });

  it('waits for the renewal once the token is (nearly) expired', async () => {
    const { cache, grants, advance } = setup();
    await cache.get();
    advance(3600_000);
    expect((await cache.get()).accessToken).toBe('at2');
    expect(grants).toEqual(['clientSecret', 'refreshToken']);
  });

  it('falls back to the secret grant when the refresh token is rejected', async () => {
    const { cache, grants, advance } = setup({ rejectRefresh: true });
    await cache.get();
    advance(3600_000);
    expect((await cache.get()).accessToken).toBe('at2');
    expect(grants).toEqual(['clientSecret', 'refreshToken', 'clientSecret']);
    expect(cache.stats.refreshRejected).toBe(1);
  });

  it('turns a rejected secret grant into an auth error', async () => {
    const { cache } = setup({ rejectSecret: true });
    await expect(cache.get()).rejects.toMatchObject({ kind: 'auth' });
  });

  it('renews after invalidate(), once for many callers holding the same token', async () => {
    const { cache, grants } = setup();
    const first = await cache.get();
    for (let i = 0; i < 10; i++) cache.invalidate(first.accessToken);
    const sets = await Promise.all(Array.from({ length: 10 }, () => cache.get()));
    expect(grants).toEqual(['clientSecret', 'refreshToken']);
    expect(new Set(sets.map((s) => s.accessToken))).toEqual(new Set(['at2']));
    cache.invalidate(first.accessToken); // stale: ignored
    expect((await cache.get()).accessToken).toBe('at2');
  });

  it('caps the refresh-ahead window at half the lifetime for short-lived tokens', async () => {
    const { cache, grants, advance } = setup({ expiresIn: 1 });
    await cache.get();
    advance(400);
    await cache.get();
    expect(grants).toEqual(['clientSecret']);
    advance(700);
    await cache.get();
    expect(grants).toEqual(['clientSecret', 'refreshToken']);
  });

  it('adopts a valid set when cold, but not one inside its renewal window nor over a fresh one', async () => {
    const { cache, grants, now } = setup();
    const candidate = {
      accessToken: 'cookie-at',
      refreshToken: 'cookie-rt',
      obtainedAt: now(),
      expiresAt: now() + 3600_000,
    };
    expect(cache.adopt({ ...candidate, obtainedAt: now() - 3570_000, expiresAt: now() + 30_000 })).toBe(false);
    expect(cache.adopt(candidate)).toBe(true);
    expect((await cache.get()).accessToken).toBe('cookie-at');
    expect(grants).toEqual([]);
    expect(cache.adopt({ ...candidate, accessToken: 'other' })).toBe(false);
  });
});
