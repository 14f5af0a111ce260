import { describe, expect, it } from 'vitest';
import { pricesMatch } from '@/lib/contract/prices';
import { EventIndex } from './event-index';
import type { EventsQuery, PriceQuery } from './events-query';
import type { IndexedEvent } from './indexed-event';

const PRICES: [number | null, number | null][] = [
  [null, null],
  [0, 0],
  [0, 12],
  [5, 5],
  [5, 20],
  [10, 10],
  [15, 40],
  [21, 40],
  [50, 80],
];

const events: IndexedEvent[] = PRICES.map(([lowestPrice, highestPrice], i) => ({
  id: i + 1,
  lng: 2.35,
  lat: 48.85,
  startMs: 1_000,
  endMs: 2_000,
  updatedMs: 1,
  lowestPrice,
  highestPrice,
  categoryMask: 0,
  partners: [],
}));

const query = (prices: PriceQuery | null): EventsQuery => ({
  minMs: 0,
  maxMs: 10_000,
  categories: null,
  sources: null,
  location: null,
  prices,
  orderBy: 'startDate',
  distanceFrom: null,
  limit: 100,
  pageNumber: 1,
  commentaries: false,
  performers: false,
});

describe("the event index's price filter", () => {
  it('keeps exactly the events pricesMatch keeps, for every combination of bounds and known-ness', () => {
    const index = EventIndex.of(events);
    for (const lowest of [undefined, 0, 10, 20]) {
      for (const highest of [undefined, 0, 10, 20]) {
        for (const known of [undefined, true, false]) {
          const filter = { lowestPrice: lowest, highestPrice: highest, hasKnownPrice: known };
          const expected = events
            .filter((e) => pricesMatch(filter, e.lowestPrice, e.highestPrice))
            .map((e) => e.id)
            .sort((a, b) => a - b);
          const found = index.find(query({ lowest, highest, known })).ids.sort((a, b) => a - b);
          expect(found, JSON.stringify(filter)).toEqual(expected);
        }
      }
    }
  });
});
