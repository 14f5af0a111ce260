import fc from 'fast-check';
import { CATEGORY_FILTER_VALUES } from '@/lib/contract/categories';
import { EXPLORER_SORTS, type TExplorerFilters } from '@/lib/contract/filters';
import type { FiltersArea } from '@/lib/shared/filters-request';

/*
 * Random filters the product can hold (each one valid under ZExplorerFiltersSchema) and random areas, for the
 * property tests of the mapping (lib/shared, lib/api) and of the read model against the service.
 */

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of `baseMs` moved by `days` (UTC calendar). */
function day(baseMs: number, days: number): string {
  return new Date(baseMs + days * DAY_MS).toISOString().slice(0, 10);
}

/** Filters whose custom days fall from two days before `baseMs` to three weeks after it. */
export function filtersArb(baseMs: number): fc.Arbitrary<TExplorerFilters> {
  const dayArb = fc.option(
    fc.integer({ min: -2, max: 21 }).map((offset) => day(baseMs, offset)),
    { nil: null },
  );
  return fc
    .record({
      live: fc.boolean(),
      categories: fc.subarray([...CATEGORY_FILTER_VALUES], { maxLength: 3 }),
      when: fc.constantFrom(null, 'today', 'tonight', 'weekend', 'week', 'custom'),
      from: dayArb,
      to: dayArb,
      free: fc.boolean(),
      maxPrice: fc.option(fc.constantFrom(0, 5, 10, 20, 30, 100, 12.5), { nil: null }),
      knownPrice: fc.boolean(),
      sort: fc.constantFrom(...EXPLORER_SORTS),
    })
    .map((raw): TExplorerFilters => {
      const filters = { ...raw };
      if (filters.live) filters.when = null;
      if (filters.when !== 'custom') {
        filters.from = null;
        filters.to = null;
      } else if (filters.from === null && filters.to === null) filters.from = day(baseMs, 0);
      if (filters.from !== null && filters.to !== null && filters.from > filters.to) {
        [filters.from, filters.to] = [filters.to, filters.from];
      }
      if (filters.free) {
        filters.maxPrice = null;
        filters.knownPrice = true;
      }
      return filters;
    });
}

// `+ 0`: no -0, which a query string writes as "0".
const lngArb = fc.double({ min: -400, max: 400, noNaN: true }).map((n) => n + 0);
const latArb = fc.double({ min: -90, max: 90, noNaN: true }).map((n) => n + 0);

/** An area as a map reports it (longitudes may run past ±180 or cross the antimeridian), or none. */
export const areaArb: fc.Arbitrary<FiltersArea | null> = fc.oneof(
  fc.constant(null),
  fc.tuple(lngArb, lngArb, latArb, latArb).map(([west, east, a, b]) => ({
    west,
    east,
    south: Math.min(a, b),
    north: Math.max(a, b),
  })),
  fc.constant({ west: 2, east: 3, south: 48, north: 49 }),
  fc.constant({ west: 170, east: 190, south: -30, north: 30 }),
);

/** A map centre (the nearest order's reference point), possibly past ±180. */
export const centerArb = fc.record({ lng: lngArb, lat: latArb });
