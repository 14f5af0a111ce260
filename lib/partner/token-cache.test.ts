import { describe, expect, it } from 'vitest';
import type { TLoginRequest } from '@/lib/contract';
import { PartnerError } from './errors';
import { TokenCache } from './token-cache';

function setup(
  options: {
    rejectRefresh?: boolean;
    rejectSecret?: boolean;
    expiresIn?: number;
    /** Thrown by every login while set. */
    failWith?: () => PartnerError | undefined;
  } = {},
) {
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
      const failure = options.failWith?.();
      if (failure) throw failure;
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

  it('never takes the refresh token of an adopted set: it renews with its own secret grant', async () => {
    const { cache, grants, now, advance } = setup();
    expect(
      cache.adopt({
        accessToken: 'cookie-at',
        refreshToken: 'cookie-rt',
        obtainedAt: now(),
        expiresAt: now() + 3600_000,
      }),
    ).toBe(true);
    expect(cache.peek()?.refreshToken).toBe('');
    advance(3600_000 - 30_000); // inside the renewal window
    await cache.get();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the background renewal
    expect(grants).toEqual(['clientSecret']);
    expect(cache.peek()?.accessToken).toBe('at1');
  });
});

describe('TokenCache backoff', () => {
  async function outcome(promise: Promise<unknown>): Promise<PartnerError | 'ok'> {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      if (error instanceof PartnerError) return error;
      throw error;
    }
  }

  it('sends at most one login per Retry-After period while the upstream answers 429, then recovers', async () => {
    let failing = true;
    const { cache, grants, advance } = setup({
      failWith: () =>
        failing ? new PartnerError('http', 'POST /login → 429', { status: 429, retryAfter: '10' }) : undefined,
    });
    const errors: PartnerError[] = [];
    // 300 visitor requests, 10 a second, for 30 s.
    for (let i = 0; i < 300; i++) {
      const result = await outcome(cache.get());
      if (result !== 'ok') errors.push(result);
      advance(100);
    }
    expect(grants.length).toBeGreaterThanOrEqual(3);
    expect(grants.length).toBeLessThanOrEqual(4); // 30 s / 10 s, + the first
    expect(errors).toHaveLength(300);
    for (const error of errors) {
      expect(error.kind).toBe('backoff');
      expect(Number(error.details.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(error.details.retryAfter)).toBeLessThanOrEqual(10);
    }
    failing = false;
    advance(10_000);
    expect(await outcome(cache.get())).toBe('ok');
    expect(cache.backoffRemainingMs()).toBe(0);
  });

  it('backs off exponentially (1 s, 2 s, 4 s…) when the failure says nothing about when to retry', async () => {
    let failing = true;
    const { cache, grants, advance } = setup({
      failWith: () => (failing ? new PartnerError('unreachable', 'POST /login: ECONNREFUSED') : undefined),
    });
    const attemptsAt: number[] = [];
    for (let ms = 0; ms <= 16_000; ms += 100) {
      const before = grants.length;
      const result = await outcome(cache.get());
      expect(result).not.toBe('ok');
      if (grants.length > before) attemptsAt.push(ms);
      advance(100);
    }
    // Attempts at 0, then after waits of 1, 2, 4 and 8 s.
    expect(attemptsAt).toEqual([0, 1000, 3000, 7000, 15_000]);
    failing = false;
    advance(16_000);
    expect(await outcome(cache.get())).toBe('ok');
  });

  it('keeps serving a still-valid token while renewals fail, retrying only after the wait', async () => {
    let failing = false;
    const { cache, grants, advance } = setup({
      expiresIn: 120,
      failWith: () =>
        failing ? new PartnerError('http', 'POST /login → 503', { status: 503, retryAfter: '20' }) : undefined,
    });
    const first = await cache.get();
    failing = true;
    advance(61_000); // inside the renewal window, still valid for 59 s
    for (let i = 0; i < 50; i++) {
      expect((await cache.get()).accessToken).toBe(first.accessToken);
      await new Promise((resolve) => setTimeout(resolve, 1));
      advance(200); // 10 s in all: less than the Retry-After
    }
    expect(grants).toEqual(['clientSecret', 'refreshToken']);
  });

  it('does not present a refresh token again after a renewal whose answer was lost', async () => {
    let failing = false;
    const { cache, grants, advance } = setup({
      expiresIn: 120,
      failWith: () => (failing ? new PartnerError('timeout', 'POST /login: no answer within 5000 ms') : undefined),
    });
    await cache.get();
    failing = true;
    advance(116_000); // nearly expired: callers wait for the renewal
    expect(await outcome(cache.get())).toMatchObject({ kind: 'timeout' });
    failing = false;
    advance(1_000);
    await cache.get();
    expect(grants).toEqual(['clientSecret', 'refreshToken', 'clientSecret']);
  });
});
