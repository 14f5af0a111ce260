import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventsRequestSearchParams, viewEventsRequest, viewSearchParams } from '@/lib/explorer/events-params';
import { firstViewQuery } from '@/lib/explorer/first-view';
import { DEFAULT_FILTERS } from '@/lib/explorer/state';
import { filtersEventsRequest } from '@/lib/shared/filters-request';
import { areaArb, centerArb, filtersArb } from '@/lib/shared/testing/filters-arbitrary';
import { splitZoom } from './explorer-events';
import { parseEventsQuery } from './parse-events-params';

/*
 * The browser sends its events request as the query string of GET /api/explorer/events; the server reads it back
 * with the route's parser. Both ends must agree on every request the filters mapping can build, so the explorer's
 * loads, the home page's first view (which uses the request itself) and the cache key all mean the same body.
 */

const NOW = Date.parse('2026-06-17T10:00:00Z');
const read = (params: URLSearchParams) => parseEventsQuery(new URL(`http://web.test/api/events?${params}`), 'list');

describe('the explorer query string carries the filters mapping request', () => {
  it('reads back, unchanged, every request the mapping builds', () => {
    fc.assert(
      fc.property(
        filtersArb(NOW),
        areaArb,
        centerArb,
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 40 }),
        (filters, area, center, limit, pageNumber) => {
          const body = filtersEventsRequest(filters, {
            area,
            now: NOW,
            timeZone: 'Europe/Paris',
            order: { center },
            page: { limit, pageNumber },
          });
          expect(read(eventsRequestSearchParams(body))).toEqual(body);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the first view the very request its query string (the explorer load and cache key) carries', () => {
    const search = new URLSearchParams('at=45.764,4.8357,11&cat=expo,musique&max=20&sort=nearest&pcat=expo,musique');
    const query = firstViewQuery(search, { lng: 2.35, lat: 46.6, zoom: 5 }, 'desktop', NOW)!;
    const { url, zoom } = splitZoom(new URL(`http://web.test/?${query.params}`));
    expect(parseEventsQuery(url, 'list')).toEqual(query.request);
    expect(zoom).toBe(query.zoom);
    expect(query.request).toMatchObject({
      categories: ['expo', 'musique'],
      pricesFilter: { highestPrice: 20 },
      orderBy: 'distance',
      orderByDistance: { lng: 4.836, lat: 45.764 },
      limit: 500,
    });
    const view = query.view;
    expect(viewSearchParams(view, { ...DEFAULT_FILTERS, categories: ['expo'] }, NOW).get('categories')).toBe('expo');
    expect(viewEventsRequest(view, DEFAULT_FILTERS, NOW).locationFilter?.rectangle).toBeDefined();
  });
});
