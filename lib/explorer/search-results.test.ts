import { describe, expect, it } from 'vitest';
import type { TSearchItem } from '@/lib/contract';
import { LIMITS } from '@/lib/contract/common';
import { fitCamera } from './fit-camera';
import {
  filterSearchEvents,
  searchEventToExplorerEvent,
  searchFiltersActive,
  searchFoundCount,
  searchItemsToEvents,
} from './search-results';
import { SEARCH_MAX_CHARS, searchText } from './search-text';
import { DEFAULT_FILTERS } from './state';

const item = (id: number, start: string, extra: Record<string, unknown> = {}): TSearchItem => ({
  event: {
    id,
    serviceId: id,
    name: `Event ${id}`,
    startDate: `${start} 20:00:00.000 +0100`,
    endDate: `${start} 23:00:00.000 +0100`,
    hasEndDateNotReliable: false,
    lowestPrice: null,
    highestPrice: null,
    description: '',
    image: null,
    squareImage: null,
    rectangleImage: null,
    place: {
      id: 1,
      name: 'Hall',
      address: { lng: 4.85, lat: 45.75, street: '', city: 'Lyon', postalCode: '', country: 'FR' },
    },
    averageGrade: 0,
    totalGrades: 0,
    categories: [{ id: 1, name: 'rock', mainCategory: 'musique', traductionFR: '', traductionEN: '', icon: '' }],
    score: 1,
    ...extra,
  },
});

const NOW = Date.parse('2026-12-01T12:00:00+01:00');

describe('search results in the list', () => {
  it('turns search events into list events positioned by their address, skipping other kinds', () => {
    const events = searchItemsToEvents([
      item(1, '2026-12-05', { squareImage: '/images/event/1-square.svg', lowestPrice: 5, highestPrice: 9 }),
      { performer: { id: 2, name: 'P', image: null, webImage: null, score: 1 } },
    ]);
    expect(events).toHaveLength(1);
    expect(searchEventToExplorerEvent(events[0]!)).toEqual({
      id: 1,
      name: 'Event 1',
      start: '2026-12-05 20:00 +0100',
      end: '2026-12-05 23:00 +0100',
      minPrice: 5,
      maxPrice: 9,
      place: 'Hall',
      city: 'Lyon',
      position: [4.85, 45.75],
      category: 'musique',
      image: 'event/1-square.svg',
    });
  });

  it('keeps every upcoming match, soonest first, when the visitor chose no filter: nothing is hidden', () => {
    const events = searchItemsToEvents([
      item(1, '2026-12-07'),
      item(2, '2026-11-20'),
      item(3, '2026-12-03'),
      item(4, '2026-12-20'),
    ]);
    const shown = filterSearchEvents(events, DEFAULT_FILTERS, NOW);
    expect(shown.map((e) => e.id)).toEqual([3, 1, 4]);
    expect(searchFiltersActive(DEFAULT_FILTERS)).toBe(false);
    expect(searchFoundCount(events, NOW)).toBe(3);
  });

  it('counts what a chosen filter hides', () => {
    const events = searchItemsToEvents([item(1, '2026-12-02'), item(2, '2026-12-20'), item(3, '2026-11-20')]);
    const today = { ...DEFAULT_FILTERS, when: 'today' as const };
    expect(searchFiltersActive(today)).toBe(true);
    expect(searchFiltersActive({ ...DEFAULT_FILTERS, maxPrice: 10 })).toBe(true);
    expect(filterSearchEvents(events, { ...DEFAULT_FILTERS, when: 'week' }, NOW).map((e) => e.id)).toEqual([1]);
    expect(searchFoundCount(events, NOW) - filterSearchEvents(events, today, NOW).length).toBe(2);
  });

  it('applies the category, price and date filters', () => {
    const events = searchItemsToEvents([
      item(1, '2026-12-05', { lowestPrice: 0, highestPrice: 0 }),
      item(2, '2026-12-05', { lowestPrice: 40, highestPrice: 60 }),
      item(3, '2026-12-20', {
        categories: [{ id: 2, name: 'x', mainCategory: 'expo', traductionFR: '', traductionEN: '', icon: '' }],
      }),
    ]);
    const ids = (patch: Partial<typeof DEFAULT_FILTERS>) =>
      filterSearchEvents(events, { ...DEFAULT_FILTERS, ...patch }, NOW).map((e) => e.id);
    const later = { when: 'custom' as const, from: '2026-12-15', to: '2026-12-31' };
    expect(ids({ categories: ['expo'], when: 'week' })).toEqual([]);
    expect(ids({ categories: ['expo'], ...later })).toEqual([3]);
    expect(ids({ free: true, knownPrice: true })).toEqual([1]);
    // Unknown prices stay under a maximum unless known prices are asked (the spec's rule).
    expect(ids({ maxPrice: 30 })).toEqual([1, 3]);
    expect(ids({ maxPrice: 30, knownPrice: true })).toEqual([1]);
    expect(ids({ sort: 'cheapest', when: 'custom', from: '2026-12-01', to: '2026-12-31' })).toEqual([1, 2, 3]);
  });
});

describe('searchText', () => {
  it('refuses blank, short, overlong and letterless text with a reason', () => {
    expect(searchText('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(searchText('a')).toEqual({ ok: false, reason: 'short' });
    expect(searchText('x'.repeat(500))).toEqual({ ok: false, reason: 'long' });
    expect(searchText('🎉🎸')).toEqual({ ok: false, reason: 'no-words' });
    expect(searchText('  Lyon   東京 ')).toEqual({ ok: true, q: 'Lyon 東京' });
  });

  it('uses the API text limit', () => {
    expect(SEARCH_MAX_CHARS).toBe(LIMITS.maxTextLength);
  });
});

describe('fitCamera', () => {
  it('centres on the points and zooms to fit them, capped for a single point', () => {
    const lyon: [number, number] = [4.85, 45.75];
    const paris: [number, number] = [2.35, 48.86];
    const both = fitCamera([lyon, paris], { width: 800, height: 600 })!;
    expect(both.lng).toBeCloseTo(3.6, 1);
    expect(both.zoom).toBeGreaterThan(4);
    expect(both.zoom).toBeLessThan(7);
    const one = fitCamera([lyon], { width: 800, height: 600 })!;
    expect(one.lat).toBeCloseTo(45.75, 6);
    expect(one).toMatchObject({ lng: 4.85, zoom: 14 });
    expect(fitCamera([], { width: 800, height: 600 })).toBeNull();
  });
});
