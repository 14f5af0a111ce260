import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZClicksResponseSchema, ZEventSchema, ZProblemSchema, type TEvent } from '@/lib/contract';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '../testing/fixtures';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function createEvent(): Promise<number> {
  return await t.store.catalogue.createEvent(
    makeEventInput({
      name: 'Concert « clic »',
      sources: [
        {
          partner: 'Billetterie Horizon',
          lowestPrice: 12.345,
          highestPrice: 40,
          link: 'https://tickets.example.com/horizon/42?utm=x',
          commissionFix: 1,
          commissionPerCart: 0.3,
          commissionPerTicket: 0.2,
          commissionRate: 0.07,
        },
        { partner: 'Guichet Soleil', lowestPrice: null, highestPrice: null, link: 'https://soleil.example.com/e/1' },
      ],
    }),
  );
}

async function eventAs(id: number, clientId: 'demo' | 'demo-b'): Promise<TEvent> {
  return ZEventSchema.parse((await t.request({ method: 'GET', url: `/v2/event/${id}` }, clientId)).json());
}

/** Follows a tracked link as a browser would: no credentials. */
function follow(link: string) {
  return t.app.inject({ method: 'GET', url: new URL(link).pathname });
}

async function clicks(query: string, clientId: 'demo' | 'demo-b' = 'demo') {
  const response = await t.request({ method: 'GET', url: `/v2/clicks${query}` }, clientId);
  expect(response.statusCode, response.body).toBe(200);
  return ZClicksResponseSchema.parse(response.json());
}

/** Every client's clicks, through the store. */
const clickCount = async () => {
  let total = 0;
  for (const clientId of ['demo', 'demo-b']) {
    total += (await t.store.clicks.listClicks({ clientId, afterMs: null, limit: 1, pageNumber: 1 })).totalItems;
  }
  return total;
};

describe('GET /r/{token}', () => {
  it('records a click for the client the link was served to and redirects to the partner', async () => {
    const id = await createEvent();
    const event = await eventAs(id, 'demo');
    const [horizon, soleil] = event.sources;
    const response = await follow(horizon!.link);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('https://tickets.example.com/horizon/42?utm=x');
    expect(response.headers['cache-control']).toBe('no-store');
    t.clock.advance(1000);
    expect((await follow(soleil!.link)).headers.location).toBe('https://soleil.example.com/e/1');

    const page = await clicks('');
    expect(page.data).toEqual([
      {
        createdAt: new Date(t.clock() - 1000).toISOString(),
        link: horizon!.link,
        linkId: horizon!.id,
        eventId: id,
        eventName: 'Concert « clic »',
        source: 'Billetterie Horizon',
        // 1 + 0.3 + 0.2 + 0.07 × 12.345 = 2.36415 → 2.36
        commission: 2.36,
      },
      {
        createdAt: new Date(t.clock()).toISOString(),
        link: soleil!.link,
        linkId: soleil!.id,
        eventId: id,
        eventName: 'Concert « clic »',
        source: 'Guichet Soleil',
        commission: 0,
      },
    ]);
  });

  it('answers a forged, altered or stale token with 404 and records nothing', async () => {
    const id = await createEvent();
    const link = (await eventAs(id, 'demo')).sources[0]!.link;
    const token = new URL(link).pathname.slice('/r/'.length);
    const [payload, signature] = token.split('.') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const sourceId = (await eventAs(id, 'demo')).sources[0]!.id;
    const forged = [
      `${flip(payload, 0)}.${signature}`,
      `${payload}.${flip(signature, 3)}`,
      // Someone else's client id with demo's signature.
      `${Buffer.from(`${sourceId}.demo-b`).toString('base64url')}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.${signature}AA`,
      `${payload}`,
      'not-a-token',
      'x'.repeat(90),
      encodeURIComponent('../../etc/passwd'),
    ];
    for (const bad of forged) {
      const response = await t.app.inject({ method: 'GET', url: `/r/${bad}` });
      expect(response.statusCode, bad).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      ZProblemSchema.parse(response.json());
    }
    // Over-long tokens are refused before or by the route (414 or 404), as problem+json either way.
    const long = await t.app.inject({ method: 'GET', url: `/r/${'x'.repeat(300)}` });
    expect([404, 414]).toContain(long.statusCode);
    ZProblemSchema.parse(long.json());
    // A genuine token whose event was deleted since.
    await t.store.catalogue.deleteEvent(id);
    expect((await follow(link)).statusCode).toBe(404);
    expect(await clickCount()).toBe(0);
  });

  it('is rate-limited per IP', async () => {
    await t.close();
    t = await createTestApp({
      config: { rateLimit: { apiPerMinute: 3, loginPerClientPerMinute: 100, loginPerIpPerMinute: 100 } },
    });
    const link = (await eventAs(await createEvent(), 'demo')).sources[0]!.link;
    for (let i = 0; i < 3; i++) expect((await follow(link)).statusCode).toBe(302);
    const limited = await follow(link);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await clickCount()).toBe(3);
  });
});

describe('GET /v2/clicks', () => {
  it('lists only the calling client’s clicks, oldest first, after minDate, paginated', async () => {
    const id = await createEvent();
    const demoLink = (await eventAs(id, 'demo')).sources[0]!.link;
    const demoBLink = (await eventAs(id, 'demo-b')).sources[0]!.link;
    expect(demoLink).not.toBe(demoBLink);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000);
      times.push(t.clock());
      expect((await follow(demoLink)).statusCode).toBe(302);
    }
    t.clock.advance(60_000);
    expect((await follow(demoBLink)).statusCode).toBe(302);

    const all = await clicks('');
    expect(all.data.map((c) => c.createdAt)).toEqual(times.map((ms) => new Date(ms).toISOString()));
    expect(all.pagination).toEqual({
      totalItems: 3,
      totalPages: 1,
      perPage: 100,
      currentPage: 1,
      nextPageParams: null,
      previousPageParams: null,
    });
    const after = await clicks(`?minDate=${encodeURIComponent(new Date(times[0]!).toISOString())}`);
    expect(after.data.map((c) => c.createdAt)).toEqual(times.slice(1).map((ms) => new Date(ms).toISOString()));

    const page1 = await clicks('?limit=2');
    const page2 = await clicks('?limit=2&pageNumber=2');
    expect(page1.data).toHaveLength(2);
    expect(page1.pagination.nextPageParams).toEqual({ pageNumber: 2, limit: 2 });
    expect(page2.data).toHaveLength(1);
    expect(page2.pagination.previousPageParams).toEqual({ pageNumber: 1, limit: 2 });
    expect(page2.pagination.nextPageParams).toBeNull();
    expect((await clicks('?limit=2&pageNumber=3')).data).toEqual([]);

    const theirs = await clicks('', 'demo-b');
    expect(theirs.data.map((c) => c.link)).toEqual([demoBLink]);
  });

  it('never shows demo-b a click made through a link served to demo, whatever the parameters', async () => {
    const id = await createEvent();
    const demoLinks = (await eventAs(id, 'demo')).sources.map((s) => s.link);
    for (const link of demoLinks) expect((await follow(link)).statusCode).toBe(302);
    expect(await clickCount()).toBe(2);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            minDate: fc.date({ min: new Date(0), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true }),
            limit: fc.integer({ min: 1, max: 1000 }),
            pageNumber: fc.integer({ min: 1, max: 3 }),
            clientId: fc.constantFrom('demo', 'demo-b', 'demo-b%00', 'Demo'),
          },
          { requiredKeys: ['limit'] },
        ),
        async (query) => {
          const params = new URLSearchParams({ limit: String(query.limit) });
          if (query.minDate) params.set('minDate', query.minDate.toISOString());
          if (query.pageNumber) params.set('pageNumber', String(query.pageNumber));
          if (query.clientId) {
            // Queries are strict: a client id parameter is refused, never read.
            params.set('clientId', query.clientId);
            const refused = await t.request({ method: 'GET', url: `/v2/clicks?${params}` }, 'demo-b');
            expect(refused.statusCode).toBe(400);
            expect(refused.json()).toMatchObject({ errors: [{ pointer: '#/clientId' }] });
            return;
          }
          const page = await clicks(`?${params}`, 'demo-b');
          expect(page.data).toEqual([]);
          expect(page.pagination.totalItems).toBe(0);
        },
      ),
      { numRuns: 40 },
    );
  });
});
