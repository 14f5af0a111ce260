import 'server-only';
import { describe, expect, it } from 'vitest';
import { createPartner } from '@/lib/partner';
import { PartnerError } from '@/lib/partner/errors';

export interface UpstreamTarget {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Contract checks of the typed client against any Partner API given by base URL: the fake upstream here, the
 * embedded service or the operator's API. Uses only what the spec and docs/design.md §4 promise.
 */
export function describePartnerUpstream(label: string, target: () => UpstreamTarget): void {
  const make = () => {
    const { baseUrl, clientId, clientSecret } = target();
    return createPartner({ baseUrl, clientId, clientSecret, sessionSecret: 'x'.repeat(32), validate: 'full' });
  };

  describe(`Partner API contract: ${label}`, () => {
    it('logs in once for 100 concurrent cold calls and validates get events', async () => {
      const { client } = make();
      const pages = await Promise.all(Array.from({ length: 100 }, () => client.getEvents({ limit: 5 })));
      expect(client.tokens.stats.secretGrants).toBe(1);
      for (const page of pages) expect(Array.isArray(page.data)).toBe(true);
    });

    it('answers every record and search endpoint in the contract shape', async () => {
      const { client } = make();
      const page = await client.getEvents({ limit: 1 });
      const event = page.data[0];
      if (event) {
        expect((await client.getEvent(event.id)).id).toBe(event.id);
        if (event.mapPlace) expect((await client.getMapPlace(event.mapPlace.id)).id).toBe(event.mapPlace.id);
      }
      await client.getCatalogue({ limit: 1 });
      await client.getClicks({ limit: 1 });
      expect(Array.isArray(await client.search({ search: 'a', limit: 3 }))).toBe(true);
      await client.searchPlace({ name: 'zzzz-no-such-place', lng: 2.35, lat: 48.85 });
      await client.searchPerformer({ name: 'zzzz-no-such-performer' });
    });

    it('reports an unknown event as http 404', async () => {
      const { client } = make();
      const error = await client.getEvent(9_000_000_000_000).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PartnerError);
      expect(error).toMatchObject({ kind: 'http', status: 404 });
    });

    it('recovers from a rejected adopted access token: retry once via the secret grant, never the adopted refresh token', async () => {
      const { client } = make();
      const now = Date.now();
      client.tokens.adopt({ accessToken: 'bogus', refreshToken: 'bogus', obtainedAt: now, expiresAt: now + 3600_000 });
      await client.getEvents({ limit: 1 });
      expect(client.tokens.stats).toMatchObject({ invalidated: 1, refreshGrants: 0, secretGrants: 1 });
    });

    it('turns wrong client credentials into an auth error', async () => {
      const { baseUrl, clientId } = target();
      const { client } = createPartner({ baseUrl, clientId, clientSecret: 'wrong', sessionSecret: 'x'.repeat(32) });
      await expect(client.getEvents()).rejects.toMatchObject({ kind: 'auth' });
    });
  });
}
