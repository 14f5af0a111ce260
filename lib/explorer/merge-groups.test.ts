import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clusterCellDegrees, clusterMatches, type MatchCluster } from '@/lib/event-index/aggregate';
import type { MatchSet } from '@/lib/event-index/event-index';
import { overlappingCircles as overlaps } from '@/test/map/overlaps';
import { mergeOverlappingGroups } from './merge-groups';

/** Events as the index hands them to the grouping, then grouped by the view's grid at that zoom. */
function grouped(events: readonly { lng: number; lat: number; town?: string }[], zoom: number): MatchCluster[] {
  const names = [...new Set(events.flatMap((e) => (e.town === undefined ? [] : [e.town])))];
  const matches: MatchSet = {
    slots: Int32Array.from(events, (_, i) => i),
    ids: Float64Array.from(events, (_, i) => i + 1),
    lng: Float64Array.from(events, (e) => e.lng),
    lat: Float64Array.from(events, (e) => e.lat),
    mask: new Int32Array(events.length),
    label: Int32Array.from(events, (e) => (e.town === undefined ? -1 : names.indexOf(e.town))),
    labelNames: names,
  };
  return clusterMatches(matches, clusterCellDegrees(zoom));
}

describe('mergeOverlappingGroups', () => {
  it('takes a lone event beside a town’s group into it: one circle, its number whole, the count exact', () => {
    // At zoom 5 a grid cell is ~2.8° wide; 2.33° and 2.36° sit on either side of the cell edge at 2.34375°.
    const zoom = 5;
    const paris = Array.from({ length: 7 }, (_, i) => ({ lng: 2.3 + i * 0.005, lat: 48.86, town: 'Paris' }));
    const groups = grouped([...paris, { lng: 2.36, lat: 48.93, town: 'Saint-Denis' }], zoom);
    expect(groups.map((g) => g.count)).toEqual([7, 1]);
    expect(overlaps(groups, zoom)).toHaveLength(1);

    const merged = mergeOverlappingGroups(groups, zoom);
    expect(merged).toHaveLength(1);
    const [group] = merged;
    expect(group!.count).toBe(8);
    expect(group!.label).toBe('Paris');
    expect(group!.eventId).toBeUndefined();
    // The mean of all eight events, and bounds that hold them all.
    expect(group!.position[0]).toBeCloseTo((2.3 * 7 + 0.005 * 21 + 2.36) / 8, 4);
    expect(group!.position[1]).toBeCloseTo((48.86 * 7 + 48.93) / 8, 4);
    expect(group!.bounds).toEqual([2.3, 48.86, 2.36, 48.93]);
  });

  it('leaves circles that do not touch as they are, single events with their event', () => {
    const zoom = 12;
    const groups = grouped(
      [
        { lng: 2.3, lat: 48.86, town: 'Paris' },
        { lng: 2.35, lat: 48.86, town: 'Paris' },
        { lng: 2.35, lat: 48.88, town: 'Paris' },
      ],
      zoom,
    );
    expect(groups).toHaveLength(3);
    expect(mergeOverlappingGroups(groups, zoom)).toEqual(groups);
  });

  it('names a merged group after the town with most of its events, ties to the first name', () => {
    const zoom = 8;
    const at = (lng: number, lat: number, label: string, count: number): MatchCluster => ({
      position: [lng, lat],
      count,
      bounds: [lng, lat, lng, lat],
      label,
    });
    // Three circles in a row, each covering the next: two of Lyon (3 + 2 events) outweigh Vénissieux's 4.
    const merged = mergeOverlappingGroups(
      [at(4.85, 45.76, 'Vénissieux', 4), at(4.87, 45.76, 'Lyon', 3), at(4.89, 45.76, 'Lyon', 2)],
      zoom,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.count).toBe(9);
    expect(merged[0]!.label).toBe('Lyon');
    const tie = mergeOverlappingGroups([at(4.85, 45.76, 'Lyon', 2), at(4.86, 45.76, 'Bron', 2)], zoom);
    expect(tie[0]!.label).toBe('Bron');
  });

  it('over any events at any zoom: no two circles overlap, the total and every event’s box are kept', () => {
    const event = fc.record({
      lng: fc.double({ min: -5, max: 8, noNaN: true }),
      lat: fc.double({ min: 42, max: 51, noNaN: true }),
      town: fc.constantFrom('Paris', 'Lyon', 'Nice', undefined),
    });
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 3, max: 16 }),
        (events, zoom) => {
          const merged = mergeOverlappingGroups(grouped(events, zoom), zoom);
          expect(overlaps(merged, zoom)).toEqual([]);
          expect(merged.reduce((sum, g) => sum + g.count, 0)).toBe(events.length);
          for (const g of merged) expect(g.eventId === undefined).toBe(g.count > 1);
          // Every event lies within the bounds of a circle (to the grouping's rounding of ~1 m): a click frames it.
          const near = 1e-5;
          for (const e of events) {
            const inside = merged.some(
              (g) =>
                g.bounds[0] - near <= e.lng &&
                e.lng <= g.bounds[2] + near &&
                g.bounds[1] - near <= e.lat &&
                e.lat <= g.bounds[3] + near,
            );
            expect(inside).toBe(true);
          }
        },
      ),
      { numRuns: 200, seed: 29 },
    );
  });
});
