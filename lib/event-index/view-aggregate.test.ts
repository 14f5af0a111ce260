import { describe, expect, it } from 'vitest';
import { createRng } from '@/partner-api/seed/rng';
import { MAIN_CATEGORIES } from '@/lib/contract/categories';
import { categoryCounts, clusterCellDegrees, clusterMatches } from './aggregate';
import { EventIndex } from './event-index';
import type { EventsQuery, LocationQuery } from './events-query';
import type { IndexedEvent } from './indexed-event';
import { ViewAggregator } from './view-aggregate';

/*
 * The read model's one-pass view (view-aggregate.ts) against the passes it replaces (matchSet + clusterMatches +
 * categoryCounts + find): equal answers, to the bit, over random indexes that move, delete, compact and grow.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

// The project's seeded generator: the same events and queries on every run.
const rng = createRng(2929);
const rand = () => rng.next();
const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;
// Few towns, some named alike in count within a group: label ties must go to the first name alphabetically.
const TOWNS = ['Paris', 'Montreuil', 'Vincennes', 'Lyon', 'Arles', undefined];

let updatedMs = 1;
function eventOf(id: number): IndexedEvent {
  const crowded = rand() < 0.7;
  const startMs = Math.floor(rand() * 30) * DAY_MS + Math.floor(rand() * 24) * HOUR_MS;
  const known = rand() < 0.7;
  const lowest = Math.floor(rand() * 40);
  // Some events on the same spot (groups of equal positions and counts), some with several categories.
  const spot = rand() < 0.1;
  const bits = rand() < 0.15 ? 0 : (1 << Math.floor(rand() * MAIN_CATEGORIES.length)) | (rand() < 0.2 ? 1 : 0);
  const label = pick(TOWNS);
  return {
    id,
    lng: spot ? 2.35 : crowded ? 2.3 + rand() * 0.15 : -4 + rand() * 12,
    lat: spot ? 48.86 : crowded ? 48.8 + rand() * 0.15 : 43 + rand() * 7,
    startMs,
    endMs: startMs + pick([HOUR_MS, 5 * HOUR_MS, 3 * DAY_MS, 50 * DAY_MS]),
    updatedMs: updatedMs++,
    lowestPrice: known ? lowest : null,
    highestPrice: known ? lowest + Math.floor(rand() * 30) : null,
    categoryMask: bits,
    partners: [pick(['alpha', 'beta'])],
    ...(label !== undefined && { label }),
  };
}

const LOCATIONS: (LocationQuery | null)[] = [
  null,
  { kind: 'rectangle', minLng: 2.32, maxLng: 2.38, minLat: 48.82, maxLat: 48.88 },
  { kind: 'rectangle', minLng: -5, maxLng: 9, minLat: 42, maxLat: 51 },
  { kind: 'circle', lng: 2.35, lat: 48.86, maxDistance: 4_000 },
];
const CATEGORIES: EventsQuery['categories'][] = [null, [MAIN_CATEGORIES[0]], [MAIN_CATEGORIES[3], 'none'], ['none']];

function query(): EventsQuery {
  const minMs = Math.floor(rand() * 30) * DAY_MS;
  return {
    minMs,
    maxMs: minMs + pick([HOUR_MS, DAY_MS, 7 * DAY_MS, 40 * DAY_MS]),
    categories: pick(CATEGORIES),
    sources: rand() < 0.2 ? ['alpha'] : null,
    location: pick(LOCATIONS),
    prices: rand() < 0.2 ? { known: true, lowest: 10 } : null,
    orderBy: pick(['startDate', 'endDate', 'lowestPrice', 'distance'] as const),
    distanceFrom: { lng: 2.35, lat: 48.86 },
    limit: pick([1, 20, 50]),
    pageNumber: pick([1, 2]),
    commentaries: false,
    performers: false,
  };
}

describe('the read model view in one pass', () => {
  it('answers as matchSet, clusterMatches, categoryCounts and find do, through changes, compaction and growth', () => {
    const events = new Map<number, IndexedEvent>();
    for (let id = 1; id <= 3000; id++) events.set(id, eventOf(id));
    const index = EventIndex.of([...events.values()]);
    const aggregator = new ViewAggregator(index);
    let nextId = 3001;
    let views = 0;
    let withLabelTies = 0;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 25; i++) {
        const q = query();
        const zoom = pick([0, 3, 5.5, 8.6, 11.7, 15, 20, 24]);
        const cellDeg = clusterCellDegrees(zoom);
        const got = aggregator.view(q, cellDeg);
        const clusters = clusterMatches(index.matchSet(q), cellDeg);
        const chips = categoryCounts(index.matchSet({ ...q, categories: null }));
        const { totalItems, ids } = index.find(q);
        expect(got.clusters).toEqual(clusters);
        expect(got.categoryCounts).toEqual(chips);
        expect(got.page).toEqual({ totalItems, ids });
        views += 1;
        if (clusters.some((c) => c.count > 1 && c.label !== undefined)) withLabelTies += 1;
      }
      // Moves, deletions and new events; enough of them to compact and grow the columns along the rounds.
      const changed: IndexedEvent[] = [];
      const deleted: number[] = [];
      for (const id of [...events.keys()].slice(0, 1500)) {
        if (rand() < 0.3) {
          events.delete(id);
          deleted.push(id);
        } else {
          const moved = { ...eventOf(id), id };
          events.set(id, moved);
          changed.push(moved);
        }
      }
      for (let k = 0; k < 600; k++) {
        const added = eventOf(nextId++);
        events.set(added.id, added);
        changed.push(added);
      }
      index.apply(changed, deleted);
    }
    expect(views).toBe(250);
    // The slots were renumbered at least once (the per-slot northings kept by the aggregator had to be dropped).
    expect(index.matchesAndPage(query(), () => undefined).compactions).toBeGreaterThan(0);
    expect(withLabelTies).toBeGreaterThan(50);
  });
});
