import { describe, expect, it } from 'vitest';
import { createRng } from '@/partner-api/seed/rng';
import { EventIndex } from './event-index';
import type { EventsQuery, LocationQuery } from './events-query';
import type { IndexedEvent } from './indexed-event';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// The project's seeded generator: the same events and queries on every run.
const rng = createRng(32);
const rand = () => rng.next();
const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;
const DURATIONS_MS = [HOUR_MS, 5 * HOUR_MS, 20 * HOUR_MS, 3 * DAY_MS, 10 * DAY_MS, 50 * DAY_MS, 120 * DAY_MS];

let updatedMs = 1;
/** An event in one of a few 0.1° grid cells around Paris (so cells hold hundreds), or anywhere in France. */
function eventOf(id: number): IndexedEvent {
  const crowded = rand() < 0.8;
  const startMs = Math.floor(rand() * 30) * DAY_MS + Math.floor(rand() * 24) * HOUR_MS;
  const known = rand() < 0.7;
  const lowest = Math.floor(rand() * 40);
  return {
    id,
    lng: crowded ? 2.3 + rand() * 0.15 : -4 + rand() * 12,
    lat: crowded ? 48.8 + rand() * 0.15 : 43 + rand() * 7,
    startMs,
    endMs: startMs + pick(DURATIONS_MS),
    updatedMs: updatedMs++,
    lowestPrice: known ? lowest : null,
    highestPrice: known ? lowest + Math.floor(rand() * 30) : null,
    categoryMask: rand() < 0.2 ? 0 : 1 << Math.floor(rand() * 4),
    partners: [pick(['alpha', 'beta', 'gamma'])],
  };
}

const LOCATIONS: (LocationQuery | null)[] = [
  null,
  { kind: 'rectangle', minLng: 2.32, maxLng: 2.38, minLat: 48.82, maxLat: 48.88 },
  { kind: 'rectangle', minLng: 2.2, maxLng: 2.5, minLat: 48.7, maxLat: 49 },
  { kind: 'rectangle', minLng: -5, maxLng: 9, minLat: 42, maxLat: 51 },
  { kind: 'circle', lng: 2.35, lat: 48.86, maxDistance: 4_000 },
];

function queries(): EventsQuery[] {
  const out: EventsQuery[] = [];
  for (const location of LOCATIONS) {
    for (const orderBy of ['endDate', 'startDate', 'updatedAt', 'lowestPrice', 'distance'] as const) {
      const minMs = Math.floor(rand() * 30) * DAY_MS;
      out.push({
        minMs,
        maxMs: minMs + pick([HOUR_MS, DAY_MS, 7 * DAY_MS, 40 * DAY_MS]),
        categories: rand() < 0.3 ? ['brocante', 'none'] : null,
        sources: rand() < 0.2 ? ['beta'] : null,
        location,
        prices: rand() < 0.3 ? { lowest: 0, highest: 20 } : null,
        orderBy,
        distanceFrom: { lng: 2.35, lat: 48.86 },
        limit: pick([5, 50, 500]),
        pageNumber: pick([1, 1, 2, 7]),
        commentaries: false,
        performers: false,
      });
    }
  }
  return out;
}

/** What the index answers through its exported API, for comparison with another index. */
function answers(index: EventIndex, ids: number[], asked: EventsQuery[]): unknown[] {
  const out: unknown[] = [index.count];
  for (const query of asked) {
    const slots = index.matchSet(query);
    // The answer, not how many slots the planner examined to find it: an index with retired slots not yet compacted
    // may examine more than one built fresh.
    const { totalItems, ids: page } = index.find(query);
    out.push(
      { totalItems, ids: page },
      [...slots.slots].map((s) => slots.ids[s]!).sort((a, b) => a - b),
    );
  }
  const now = 15 * DAY_MS;
  for (const location of LOCATIONS) {
    for (const [offset, limit] of [
      [0, 100],
      [100, 100],
      [0, 1000],
    ] as const) {
      out.push(index.catalogue(location, null, now, offset, limit), index.catalogue(location, 500, now, offset, limit));
    }
    out.push(index.passedSince(location, 3 * DAY_MS, now), index.inLocation(ids, location));
  }
  out.push(index.versionsOf(ids));
  return out;
}

describe('EventIndex kept current by apply()', () => {
  it('answers as an index built from the final events, through moves, deletions, compaction and growth', () => {
    const events = new Map<number, IndexedEvent>();
    for (let id = 1; id <= 600; id++) events.set(id, eventOf(id));
    const live = EventIndex.of([...events.values()]);
    let nextId = 601;
    const check = () => {
      const ids = [...events.keys(), 99_999];
      const asked = queries();
      expect(answers(live, ids, asked)).toEqual(answers(EventIndex.of([...events.values()]), ids, asked));
    };
    check();
    // 600 events fill half of the 1 200 slots built for them: 1 000 rewrites (a new slot each) fill the rest and
    // then force a compaction (every slot renumbered); 1 000 new events then outgrow the slots; deletions leave dead slots behind.
    for (let round = 0; round < 50; round++) {
      const changed: IndexedEvent[] = [];
      // Batches small enough to be merged into the built orders and date index (a large one rebuilds them).
      for (let i = 0; i < 20; i++) {
        const id = 1 + Math.floor(rand() * 600);
        if (!events.has(id)) continue;
        const event = eventOf(id);
        events.set(id, event);
        changed.push(event);
      }
      live.apply(changed, []);
      check();
    }
    for (let round = 0; round < 10; round++) {
      const added: IndexedEvent[] = [];
      for (let i = 0; i < 100; i++) {
        const event = eventOf(nextId++);
        events.set(event.id, event);
        added.push(event);
      }
      const deleted = [...events.keys()].filter(() => rand() < 0.02);
      for (const id of deleted) events.delete(id);
      live.apply(
        added.filter((event) => events.has(event.id)),
        deleted,
      );
      check();
    }
  });
});
