import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IndexedEvent } from '../port';
import { EventIndex } from '@/lib/event-index/event-index';

const HOUR_MS = 3_600_000;

const indexedEvent = (id: number, endMs: number): IndexedEvent => ({
  id,
  lng: 2.35,
  lat: 48.86,
  startMs: endMs - HOUR_MS,
  endMs,
  updatedMs: 1_000 + id,
  lowestPrice: null,
  highestPrice: null,
  categoryMask: 0,
  partners: [],
});

describe('EventIndex snapshot pages', () => {
  it('are the same whatever pages were asked before, in any order (a walk, its read-ahead, other walks)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.nat(12), { maxLength: 30 }),
        (ends, limit, pagesAsked) => {
          const events = ends.map((end, i) => indexedEvent(i + 1, end));
          const now = 50;
          const index = EventIndex.of(events);
          for (const page of pagesAsked) {
            const fresh = EventIndex.of(events).catalogue(null, null, now, page * limit, limit);
            expect(index.catalogue(null, null, now, page * limit, limit)).toEqual(fresh);
          }
        },
      ),
    );
  });

  it('page after page with the next one computed in between, as a walk read ahead asks', () => {
    const events = Array.from({ length: 50 }, (_, i) => indexedEvent(i + 1, i % 3 === 0 ? 10 : 100));
    const index = EventIndex.of(events);
    const walked: number[] = [];
    for (let page = 0; page < 10; page++) {
      walked.push(...index.catalogue(null, null, 50, page * 4, 4).ids);
      index.catalogue(null, null, 50, (page + 1) * 4, 4);
    }
    expect(walked).toEqual(events.filter((event) => event.endMs > 50).map((event) => event.id));
  });
});
