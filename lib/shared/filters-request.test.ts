import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPLORER_FILTERS, ZGetEventsRequestSchema, type TExplorerFilters } from '@/lib/contract';
import { filtersEventsRequest, rectangleOf, type FiltersRequestContext } from './filters-request';
import { areaArb, centerArb, filtersArb } from './testing/filters-arbitrary';

const NOW = Date.parse('2026-06-17T10:00:00Z'); // a Wednesday, noon in Paris
const PARIS: FiltersRequestContext = { area: null, now: NOW, timeZone: 'Europe/Paris' };
const map = (filters: Partial<TExplorerFilters>, ctx: Partial<FiltersRequestContext> = {}) =>
  filtersEventsRequest({ ...DEFAULT_EXPLORER_FILTERS, ...filters }, { ...PARIS, ...ctx });

describe('filtersEventsRequest', () => {
  it('asks for everything, soonest first, when nothing is chosen', () => {
    expect(map({})).toEqual({ orderBy: 'startDate' });
  });

  it('maps categories, live and prices onto the spec', () => {
    expect(map({ categories: ['musique', 'none'], live: true })).toEqual({
      categories: ['musique', 'none'],
      datesFilter: { isLive: true },
      orderBy: 'startDate',
    });
    expect(map({ free: true, knownPrice: true }).pricesFilter).toEqual({
      lowestPrice: 0,
      highestPrice: 0,
      hasKnownPrice: true,
    });
    expect(map({ maxPrice: 30 }).pricesFilter).toEqual({ highestPrice: 30 });
    expect(map({ maxPrice: 30, knownPrice: true }).pricesFilter).toEqual({ highestPrice: 30, hasKnownPrice: true });
    expect(map({ knownPrice: true }).pricesFilter).toEqual({ hasKnownPrice: true });
  });

  it('reads the date presets and the custom days in the given time zone', () => {
    // Friday 18:00 to the end of Sunday, Paris time.
    expect(map({ when: 'weekend' }).datesFilter).toEqual({
      minDate: '2026-06-19T16:00:00.000Z',
      maxDate: '2026-06-21T21:59:59.999Z',
    });
    expect(map({ when: 'weekend' }, { timeZone: 'America/New_York' }).datesFilter).toEqual({
      minDate: '2026-06-19T22:00:00.000Z',
      maxDate: '2026-06-22T03:59:59.999Z',
    });
    expect(map({ when: 'custom', from: '2026-06-20', to: '2026-06-21' }).datesFilter).toEqual({
      minDate: '2026-06-19T22:00:00.000Z',
      maxDate: '2026-06-21T21:59:59.999Z',
    });
    // No last day: the window stays open, unless the caller closes it (a feed's horizon).
    expect(map({ when: 'custom', from: '2026-06-20' }).datesFilter).toEqual({ minDate: '2026-06-19T22:00:00.000Z' });
    expect(map({ when: 'custom', from: '2026-06-20' }, { horizon: NOW + 30 * 86_400_000 }).datesFilter).toEqual({
      minDate: '2026-06-19T22:00:00.000Z',
      maxDate: '2026-07-17T10:00:00.000Z',
    });
    expect(map({}, { horizon: NOW + 86_400_000 }).datesFilter).toEqual({
      minDate: '2026-06-17T10:00:00.000Z',
      maxDate: '2026-06-18T10:00:00.000Z',
    });
  });

  it('keeps days already over a valid, empty window (not a 400)', () => {
    const body = map({ when: 'custom', from: '2026-06-01', to: '2026-06-02' });
    expect(body.datesFilter).toEqual({ minDate: '2026-06-17T10:00:00.000Z', maxDate: '2026-06-17T10:00:00.000Z' });
    expect(ZGetEventsRequestSchema.safeParse(body).success).toBe(true);
  });

  it('orders by distance from the centre, rounded and wrapped; soonest without one', () => {
    expect(map({ sort: 'nearest' }, { order: { center: { lng: 362.35149, lat: 48.85661 } } })).toEqual({
      orderBy: 'distance',
      orderByDistance: { lng: 2.351, lat: 48.857 },
    });
    expect(map({ sort: 'nearest' })).toEqual({ orderBy: 'startDate' });
    expect(map({ sort: 'cheapest' })).toEqual({ orderBy: 'lowestPrice' });
    expect(map({ sort: 'cheapest' }, { order: { sort: 'soonest' } })).toEqual({ orderBy: 'startDate' });
    expect(map({}, { page: { limit: 500, pageNumber: 2 } })).toEqual({
      orderBy: 'startDate',
      limit: 500,
      pageNumber: 2,
    });
  });

  it('wraps the area into the spec rectangle, every longitude when it spans the world', () => {
    expect(rectangleOf({ west: 170, east: 190, south: -30, north: 30 })).toEqual({
      minLng: 170,
      maxLng: -170,
      minLat: -30,
      maxLat: 30,
    });
    expect(rectangleOf({ west: -200, east: 200, south: 0, north: 1 })).toEqual({
      minLng: -180,
      maxLng: 180,
      minLat: 0,
      maxLat: 1,
    });
    expect(map({}, { area: { west: 2, east: 3, south: 48, north: 49 } }).locationFilter).toEqual({
      rectangle: { minLng: 2, maxLng: 3, minLat: 48, maxLat: 49 },
    });
  });

  it('always builds a body the contract accepts', () => {
    fc.assert(
      fc.property(
        filtersArb(NOW),
        areaArb,
        centerArb,
        fc.constantFrom('Europe/Paris', 'UTC', 'Pacific/Auckland'),
        fc.option(fc.integer({ min: NOW - 5 * 86_400_000, max: NOW + 60 * 86_400_000 }), { nil: undefined }),
        (filters, area, center, timeZone, horizon) => {
          const body = filtersEventsRequest(filters, {
            area,
            now: NOW,
            timeZone,
            order: { center },
            page: { limit: 500 },
            ...(horizon === undefined ? {} : { horizon }),
          });
          const parsed = ZGetEventsRequestSchema.safeParse(body);
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        },
      ),
    );
  });
});
