import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZGetCatalogueResponseSchema, ZProblemSchema, type TEvent } from '@/lib/contract';
import { FIXTURE_NOW_MS } from '@/partner-api/testing/fixtures';
import { currentIds, Mirror } from '@/partner-api/testing/catalogue-mirror';
import {
  allEventIds,
  eventSpecArb,
  replaceEvents,
  serviceWith,
  toEventInput,
} from '@/partner-api/testing/events-test-data';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Service = Awaited<ReturnType<typeof serviceWith>>;

const writeArb = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), spec: eventSpecArb }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'update' as const,
        'reprice' as const,
        'cancel' as const,
        'unavailable' as const,
        'availabilities' as const,
        'delete' as const,
        'move-dates' as const,
      ),
      pick: fc.nat(),
      hours: fc.integer({ min: -24 * 10, max: 24 * 10 }),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      ms: fc.constantFrom(0, 1, 2, 1000, HOUR_MS, DAY_MS, 6 * DAY_MS, 31 * DAY_MS),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('sync' as const), limit: fc.integer({ min: 1, max: 6 }) }), weight: 4 },
);

describe('POST /v2/get/catalogue scenarios', () => {
  let ctx: Service;
  beforeAll(async () => {
    ctx = await serviceWith([]);
  });
  afterAll(async () => {
    await ctx.service.close();
  });

  it('reports an event moved into the past by an update as passed', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 7 });
    await replaceEvents(ctx.store, []);
    const id = await ctx.store.catalogue.createEvent(toEventInput({ ...spec!, startHour: 24, durationHours: 3 }));
    const mirror = new Mirror(ctx);
    expect(await mirror.step(10)).toBe(true);
    expect(mirror.events.has(id)).toBe(true);
    ctx.clock.advance(HOUR_MS);
    await ctx.store.catalogue.updateEvent(id, { startMs: ctx.clock() - 5 * HOUR_MS, endMs: ctx.clock() - 4 * HOUR_MS });
    expect(await mirror.step(10)).toBe(true);
    expect(mirror.events.has(id)).toBe(false);
    expect(currentIds(ctx)).not.toContain(id);
  });

  it('serves every snapshot page as of its request, though the next page may be read ahead', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 11 });
    await replaceEvents(ctx.store, []);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(1000);
      ids.push(await ctx.store.catalogue.createEvent(toEventInput({ ...spec!, startHour: 48, durationHours: 2 })));
    }
    const page = async (pageNumber: number) => {
      const response = await ctx.service.request({
        method: 'POST',
        url: '/v2/get/catalogue',
        payload: { limit: 1, pageNumber },
      });
      expect(response.statusCode, response.body).toBe(201);
      return ZGetCatalogueResponseSchema.parse(response.json()).data.events;
    };
    expect((await page(1)).map((event) => event.id)).toEqual([ids[0]]);
    // Page 2 holds the second event until it is renamed: the update moves it to the end (the order is updatedAt).
    ctx.clock.advance(1000);
    await ctx.store.catalogue.updateEvent(ids[1]!, { name: 'Renamed between two pages' });
    expect((await page(2)).map((event) => event.id)).toEqual([ids[2]]);
    const last = await page(3);
    expect(last.map((event) => event.id)).toEqual([ids[1]]);
    expect(last[0]!.name).toBe('Renamed between two pages');
  });
});

describe('POST /v2/get/catalogue over months (each test moves the clock on)', () => {
  let ctx: Service;
  beforeEach(async () => {
    ctx = await serviceWith([]);
  });
  afterEach(async () => {
    await ctx.service.close();
  });

  it('answers 410 problem+json once a deletion after lastUpdatedAt has left the 30-day tombstone retention', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 5 });
    await replaceEvents(ctx.store, []);
    const catalogue = (lastUpdatedAt: string) =>
      ctx.service.request({ method: 'POST', url: '/v2/get/catalogue', payload: { lastUpdatedAt } });
    const beforeDeletion = new Date(ctx.clock()).toISOString();
    ctx.clock.advance(1000);
    const id = await ctx.store.catalogue.createEvent(toEventInput({ ...spec!, startHour: 24 * 90, durationHours: 2 }));
    await ctx.store.catalogue.deleteEvent(id);
    ctx.clock.advance(1000);
    const afterDeletion = new Date(ctx.clock()).toISOString();
    // Still on record at 29 days: the deletion is reported.
    ctx.clock.advance(29 * DAY_MS);
    const recent = await catalogue(beforeDeletion);
    expect(recent.statusCode).toBe(201);
    expect(ZGetCatalogueResponseSchema.parse(recent.json()).data.eventIdsDeleted).toContain(id);
    // At 31 days the tombstone is purged: a mirror that may not have seen it must resync...
    ctx.clock.advance(2 * DAY_MS);
    const old = await catalogue(beforeDeletion);
    expect(old.statusCode).toBe(410);
    expect(old.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ZProblemSchema.parse(old.json()).errors?.[0]?.pointer).toBe('#/lastUpdatedAt');
    // ...but one that synced after it lost nothing, however old its cursor.
    expect((await catalogue(afterDeletion)).statusCode).toBe(201);
  });

  it('lets a new mirror of a catalogue unchanged for over 30 days sync from its snapshot, not loop on 410', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 9 });
    await replaceEvents(ctx.store, []);
    const deleted = await ctx.store.catalogue.createEvent(
      toEventInput({ ...spec!, startHour: 24 * 90, durationHours: 2 }),
    );
    await ctx.store.catalogue.deleteEvent(deleted);
    const id = await ctx.store.catalogue.createEvent(toEventInput({ ...spec!, startHour: 24 * 90, durationHours: 2 }));
    ctx.clock.advance(40 * DAY_MS);
    const mirror = new Mirror(ctx);
    expect(await mirror.step(10)).toBe(true); // the snapshot: its newest updatedAt is 40 days old
    expect(await mirror.step(10)).toBe(true); // the first incremental sync
    expect(mirror.resyncs).toBe(0);
    await ctx.store.catalogue.cancelEvent(id);
    expect(await mirror.step(10)).toBe(true);
    expect(mirror.resyncs).toBe(0);
    expect(mirror.events.get(id)?.cancelledAt).not.toBeNull();
  });
});

describe('POST /v2/get/catalogue contract', () => {
  let ctx: Service;
  beforeAll(async () => {
    ctx = await serviceWith([]);
  });
  afterAll(async () => {
    await ctx.service.close();
  });

  it('keeps the cancelled and unavailable lists to the location filter, like the events', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 5 });
    await replaceEvents(ctx.store, []);
    const since = new Date(ctx.clock()).toISOString();
    ctx.clock.advance(1000);
    const at = (position: [number, number]) =>
      ctx.store.catalogue.createEvent(
        toEventInput({ ...spec!, position, mapPlace: 'same', startHour: 48, durationHours: 2 }),
      );
    const paris = await at([2.35, 48.86]);
    const lyon = await at([4.84, 45.76]);
    for (const id of [paris, lyon]) {
      await ctx.store.catalogue.cancelEvent(id);
      await ctx.store.catalogue.markUnavailable(id);
    }
    const delta = async (locationFilter: object) => {
      const response = await ctx.service.request({
        method: 'POST',
        url: '/v2/get/catalogue',
        payload: { lastUpdatedAt: since, locationFilter },
      });
      expect(response.statusCode, response.body).toBe(201);
      return ZGetCatalogueResponseSchema.parse(response.json()).data;
    };
    const aroundParis = await delta({ circle: { lng: 2.35, lat: 48.86, maxDistance: 20_000 } });
    expect(aroundParis.eventIdsCancelled).toEqual([paris]);
    expect(aroundParis.eventIdsNotAvailable).toEqual([paris]);
    const france = await delta({ rectangle: { minLng: -5, maxLng: 10, minLat: 41, maxLat: 51 } });
    expect(france.eventIdsCancelled).toEqual([paris, lyon].sort((a, b) => a - b));
    expect(france.eventIdsNotAvailable).toEqual([paris, lyon].sort((a, b) => a - b));
  });

  it('fills the id lists on page 1 only, and lists deletions from tombstones', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 3 });
    await replaceEvents(ctx.store, []);
    const since = new Date(ctx.clock()).toISOString();
    ctx.clock.advance(1000);
    const base = { ...spec!, startHour: 48, durationHours: 2 };
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await ctx.store.catalogue.createEvent(toEventInput(base)));
    await ctx.store.catalogue.cancelEvent(ids[0]!);
    await ctx.store.catalogue.markUnavailable(ids[1]!);
    await ctx.store.catalogue.deleteEvent(ids[2]!);
    const page = async (pageNumber: number, trackAvailabilities = false) => {
      const response = await ctx.service.request({
        method: 'POST',
        url: '/v2/get/catalogue',
        payload: { lastUpdatedAt: since, limit: 1, pageNumber, trackAvailabilities },
      });
      expect(response.statusCode).toBe(201);
      return ZGetCatalogueResponseSchema.parse(response.json());
    };
    const first = await page(1);
    expect(first.data.eventIdsCancelled).toEqual([ids[0]]);
    expect(first.data.eventIdsNotAvailable).toEqual([ids[1]]);
    expect(first.data.eventIdsDeleted).toContain(ids[2]);
    expect(first.pagination.totalItems).toBe(3);
    const second = await page(2);
    expect(second.data.events).toHaveLength(1);
    expect(second.data).toMatchObject({
      eventIdsCancelled: [],
      eventIdsNotAvailable: [],
      eventIdsPassed: [],
      eventIdsDeleted: [],
    });
    // updatedAt strictly increases along the feed.
    const all = [...first.data.events, ...second.data.events, ...(await page(3)).data.events];
    const times = all.map((e) => Date.parse(e.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });

  it('with trackAvailabilities, also lists events of which one source sold out', async () => {
    const [spec] = fc.sample(eventSpecArb, { numRuns: 1, seed: 5 });
    await replaceEvents(ctx.store, []);
    const id = await ctx.store.catalogue.createEvent(toEventInput({ ...spec!, startHour: 30, durationHours: 2 }));
    const since = new Date(ctx.clock()).toISOString();
    ctx.clock.advance(1000);
    const link = (n: number) => `https://tickets.example.com/${n}`;
    await ctx.store.catalogue.updateEvent(id, {
      sources: [
        { partner: 'TicketSud', lowestPrice: 10, highestPrice: 20, link: link(1), notAvailableMs: ctx.clock() },
        { partner: 'Festivalia', lowestPrice: 12, highestPrice: 25, link: link(2) },
      ],
    });
    const ask = async (trackAvailabilities: boolean) => {
      const response = await ctx.service.request({
        method: 'POST',
        url: '/v2/get/catalogue',
        payload: { lastUpdatedAt: since, trackAvailabilities },
      });
      return ZGetCatalogueResponseSchema.parse(response.json()).data;
    };
    const plain = await ask(false);
    const tracked = await ask(true);
    // The event itself comes either way (the feed stays lossless); only the id list differs.
    expect(plain.events.map((e) => e.id)).toEqual([id]);
    expect(tracked.events.map((e) => e.id)).toEqual([id]);
    expect(plain.eventIdsNotAvailable).toEqual([]);
    expect(tracked.eventIdsNotAvailable).toEqual([id]);
  });

  it('rejects bad catalogue input with a 400 naming the field', async () => {
    for (const [payload, pointer] of [
      [{ limit: 0 }, '#/limit'],
      [{ limit: 501 }, '#/limit'],
      [{ pageNumber: 0 }, '#/pageNumber'],
      [{ lastUpdatedAt: 'yesterday' }, '#/lastUpdatedAt'],
      [{ trackAvailabilities: 1 }, '#/trackAvailabilities'],
      [{ locationFilter: { circle: { lng: 0, lat: 91, maxDistance: 5 } } }, '#/locationFilter/circle/lat'],
      [{ since: '2026-01-01' }, '#/since'],
    ] as const) {
      const response = await ctx.service.request({ method: 'POST', url: '/v2/get/catalogue', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ZProblemSchema.parse(response.json()).errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });
});

describe('POST /v2/get/catalogue sync is lossless', () => {
  let ctx: Service;
  beforeAll(async () => {
    ctx = await serviceWith([]);
  });
  afterAll(async () => {
    await ctx.service.close();
  });

  it('any interleaving of writes and syncs ends with a mirror identical to the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventSpecArb, { maxLength: 12 }),
        fc.array(writeArb, { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        async (initial, actions, finalLimit) => {
          ctx.clock.set(FIXTURE_NOW_MS);
          await replaceEvents(ctx.store, initial);
          const mirror = new Mirror(ctx);
          const liveIds = async () => (await allEventIds(ctx.store)).sort((a, b) => a - b);
          for (const action of actions) {
            if (action.kind === 'sync') {
              await mirror.step(action.limit);
              continue;
            }
            if (action.kind === 'tick') {
              ctx.clock.advance(action.ms);
              continue;
            }
            if (action.kind === 'create') {
              await ctx.store.catalogue.createEvent(toEventInput(action.spec));
              continue;
            }
            const ids = await liveIds();
            if (ids.length === 0) continue;
            const id = ids[action.pick % ids.length]!;
            const now = ctx.clock();
            switch (action.kind) {
              case 'update':
                await ctx.store.catalogue.updateEvent(id, {
                  name: `Renamed ${action.pick}`,
                  trendingScore: action.pick % 100,
                });
                break;
              case 'reprice':
                await ctx.store.catalogue.repriceEvent(
                  id,
                  action.pick % 3 === 0
                    ? { lowestPrice: null, highestPrice: null }
                    : {
                        lowestPrice: action.pick % 50,
                        highestPrice: (action.pick % 50) + 10,
                      },
                );
                break;
              case 'cancel':
                await ctx.store.catalogue.cancelEvent(id);
                break;
              case 'unavailable':
                await ctx.store.catalogue.markUnavailable(id);
                break;
              case 'availabilities':
                await ctx.store.catalogue.changeAvailabilities(id, {
                  availableDates: [
                    { startMs: now + action.hours * HOUR_MS, endMs: now + (action.hours + 2) * HOUR_MS },
                  ],
                });
                break;
              case 'delete':
                await ctx.store.catalogue.deleteEvent(id);
                break;
              case 'move-dates':
                await ctx.store.catalogue.updateEvent(id, {
                  startMs: now + action.hours * HOUR_MS,
                  endMs: now + (action.hours + 1) * HOUR_MS,
                });
                break;
            }
          }
          // Catch up: bounded, since nothing changes any more.
          let done = false;
          for (let i = 0; i < 200 && !done; i++) done = await mirror.step(finalLimit);
          expect(done).toBe(true);

          expect([...mirror.events.keys()].sort((a, b) => a - b)).toEqual(await currentIds(ctx));

          const snapshot = new Map<number, TEvent>();
          for (let pageNumber = 1; ; pageNumber++) {
            const response = await mirror.post({ limit: 500, pageNumber });
            const body = ZGetCatalogueResponseSchema.parse(response.json());
            for (const event of body.data.events) snapshot.set(event.id, event);
            if (body.pagination.nextPageParams === null) break;
          }
          expect(Object.fromEntries(mirror.events)).toEqual(Object.fromEntries(snapshot));
        },
      ),
      { numRuns: 50 },
    );
  }, 120_000);
});
