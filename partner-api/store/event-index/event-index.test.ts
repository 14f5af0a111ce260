import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEventSchema, type TEvent } from '@/lib/contract';
import { manualClock } from '@/partner-api/clock';
import { FIXTURE_NOW_MS, makeEventInput } from '@/partner-api/testing/fixtures';
import { parseLocalDateTime, referenceOrder } from '@/partner-api/testing/events-reference';
import type { EventsQuery } from '../events-query';
import { assembleEventJson } from '../types';
import { openTestStore, type TestStore } from '@/partner-api/testing/fixtures';
import { createCatalogueQueries, type CatalogueQueries } from './catalogue-queries';
import { ChangeFeedFollower } from './change-feed-follower';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The event index's candidate paths (global date ranges, grid cells, per-cell date ranges) only pay off, and are
 * only chosen, when cells hold hundreds of events: the route-level property tests use a few dozen. Here 2 000
 * events crowd four grid cells around Paris, and small viewports with random windows are checked against the
 * brute-force reference, with moves, date changes and deletions in between (the per-cell ranges are dropped and
 * rebuilt as slots join a cell).
 */
const EVENTS = 2_000;

// Deterministic pseudo-random numbers, so the crowd is the same on every run (the queries are fast-check's).
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const DURATIONS_H = [1, 2, 3, 5, 20, 30, 60, 24 * 5, 24 * 20, 24 * 45, 24 * 100];

describe('event index over crowded cells', () => {
  let store: TestStore;
  let follower: ChangeFeedFollower;
  let queries: CatalogueQueries;
  const live = new Set<number>();
  const random = lcg(42);

  const spot = () => ({ lng: 2.2 + random() * 0.2, lat: 48.8 + random() * 0.2 });
  const dates = () => {
    const startMs = FIXTURE_NOW_MS + Math.round((random() * 80 - 30) * 24) * HOUR_MS;
    return { startMs, endMs: startMs + DURATIONS_H[Math.floor(random() * DURATIONS_H.length)]! * HOUR_MS };
  };

  beforeAll(async () => {
    store = await openTestStore({ clock: manualClock(FIXTURE_NOW_MS) });
    for (let i = 0; i < EVENTS; i++) {
      const { lng, lat } = spot();
      const prices = random() < 0.2 ? null : ([10, 10 + Math.floor(random() * 50)] as [number, number]);
      live.add(await store.catalogue.createEvent(makeEventInput({ lng, lat, ...dates(), prices })));
    }
    // The index under test, kept current from the store's change feed as a service keeps it (no polling needed:
    // every write here is this process's own).
    follower = new ChangeFeedFollower(store.feed, { pollMs: 60_000 });
    await follower.catchUp();
    queries = createCatalogueQueries(store.catalogue, follower);
  });
  afterAll(async () => {
    follower.stop();
    await store.close();
  });

  const events = async (): Promise<TEvent[]> => {
    const all: TEvent[] = [];
    for (const id of live) {
      const stored = await store.catalogue.getEvent(id);
      all.push(ZEventSchema.parse(JSON.parse(assembleEventJson(stored!, { commentaries: false, performers: false }))));
    }
    return all;
  };

  const queryArb = fc
    .record({
      lng: fc.double({ min: 2.15, max: 2.45, noNaN: true }),
      lat: fc.double({ min: 48.75, max: 49.05, noNaN: true }),
      width: fc.constantFrom(0.01, 0.05, 0.1, 0.25),
      fromDays: fc.integer({ min: -35, max: 50 }),
      spanHours: fc.constantFrom(1, 24, 24 * 7, 24 * 30),
      orderBy: fc.constantFrom('endDate', 'startDate', 'updatedAt', 'lowestPrice', 'distance'),
      price: fc.boolean(),
      limit: fc.constantFrom(1, 7, 50, 500),
      pageNumber: fc.integer({ min: 1, max: 3 }),
    })
    .map((q): EventsQuery => ({
      minMs: FIXTURE_NOW_MS + q.fromDays * DAY_MS,
      maxMs: FIXTURE_NOW_MS + q.fromDays * DAY_MS + q.spanHours * HOUR_MS,
      categories: null,
      sources: null,
      location: {
        kind: 'rectangle',
        minLng: q.lng,
        maxLng: q.lng + q.width,
        minLat: q.lat,
        maxLat: q.lat + q.width / 2,
      },
      prices: q.price ? { lowest: 0, highest: 30 } : null,
      orderBy: q.orderBy,
      distanceFrom: q.orderBy === 'distance' ? { lng: q.lng, lat: q.lat } : null,
      limit: q.limit,
      pageNumber: q.pageNumber,
      commentaries: false,
      performers: false,
    }));

  const check = async (query: EventsQuery, all: TEvent[]) => {
    const expected = referenceOrder(all, query);
    const page = await queries.findEvents(query);
    const offset = (query.pageNumber - 1) * query.limit;
    expect(page.totalItems).toBe(expected.length);
    // The candidates (the metric's input: index slots examined, including those of events since moved) hold every match.
    expect(page.candidates).toBeGreaterThanOrEqual(page.totalItems);
    expect(page.items.map((json: Buffer) => (JSON.parse(json.toString('utf8')) as { id: number }).id)).toEqual(
      expected.slice(offset, offset + query.limit),
    );
  };

  it('answers small viewports exactly as the reference, through writes that move events between cells', async () => {
    for (let round = 0; round < 4; round++) {
      const all = await events();
      await fc.assert(
        fc.asyncProperty(queryArb, (query) => check(query, all)),
        { numRuns: 60 },
      );
      // Writes between rounds: move some events, change the dates of others, delete a few, add a few.
      const ids = [...live];
      for (let i = 0; i < 40; i++) {
        const id = ids[Math.floor(random() * ids.length)]!;
        if (!live.has(id)) continue;
        const kind = random();
        if (kind < 0.4) {
          const { lng, lat } = spot();
          const moved = makeEventInput({ lng, lat });
          await store.catalogue.updateEvent(id, { place: moved.place, mapPlace: moved.mapPlace });
        } else if (kind < 0.8) {
          await store.catalogue.updateEvent(id, dates());
        } else {
          await store.catalogue.deleteEvent(id);
          live.delete(id);
        }
      }
      for (let i = 0; i < 20; i++)
        live.add(await store.catalogue.createEvent(makeEventInput({ ...spot(), ...dates() })));
    }
  });

  it('counts and pages a full catalogue snapshot exactly, at any time and page size, as time passes during a walk', async () => {
    const all = await events();
    const snapshotAt = (nowMs: number) =>
      all
        .filter((event) => parseLocalDateTime(event.endDate) > nowMs)
        .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt) || a.id - b.id)
        .map((event) => event.id);
    await fc.assert(
      // Between two pages the clock stands still or moves on by up to two days, so events can pass mid-walk.
      fc.asyncProperty(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(1, 37, 500),
        fc.array(fc.integer({ min: 0, max: 48 }), { minLength: 4, maxLength: 4 }),
        async (days, limit, stepsInHours) => {
          // Days after the fixture time: past the write counter's stamps, so the catalogue's "now" is this one.
          let nowMs = FIXTURE_NOW_MS + days * DAY_MS;
          for (let pageNumber = 1; pageNumber <= 4; pageNumber++) {
            nowMs += stepsInHours[pageNumber - 1]! * 3_600_000;
            const expected = snapshotAt(nowMs);
            const page = await queries.getCatalogue(
              { location: null, since: null, trackAvailabilities: false, limit, pageNumber },
              nowMs,
            );
            if (page === 'resync-required') throw new Error('a snapshot never needs a resync');
            expect(page.totalItems).toBe(expected.length);
            const ids = page.items.map((json: Buffer) => (JSON.parse(json.toString('utf8')) as TEvent).id);
            expect(ids).toEqual(expected.slice((pageNumber - 1) * limit, pageNumber * limit));
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
