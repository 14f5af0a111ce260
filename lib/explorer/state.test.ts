import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZExplorerFiltersSchema } from '@/lib/contract/filters';
import { filtersArb } from '@/lib/shared/testing/filters-arbitrary';
import { decodeState, DEFAULT_FILTERS, encodeState, type ExplorerState } from './state';

const decode = (q: string) => decodeState(new URLSearchParams(q));

describe('explorer URL state', () => {
  it('round-trips every part of the state', () => {
    const state: ExplorerState = {
      camera: { lat: 45.764, lng: 4.8357, zoom: 12.5 },
      filters: {
        live: false,
        categories: ['expo', 'musique'],
        when: 'custom',
        from: '2026-11-20',
        to: '2026-11-28',
        free: false,
        maxPrice: 30,
        knownPrice: true,
        sort: 'cheapest',
      },
      q: 'jazz & blues',
      selected: 42,
    };
    const query = encodeState(state).toString();
    expect(query).toBe(
      'at=45.764%2C4.8357%2C12.5&cat=expo%2Cmusique&when=custom&from=2026-11-20&to=2026-11-28&max=30&known=1&sort=cheapest&q=jazz+%26+blues&sel=42',
    );
    expect(decode(query)).toEqual(state);
  });

  it('leaves defaults out and decodes an empty query to the defaults', () => {
    expect(encodeState({ camera: null, filters: DEFAULT_FILTERS, q: null, selected: null }).toString()).toBe('');
    expect(decode('')).toEqual({ camera: null, filters: DEFAULT_FILTERS, q: null, selected: null });
  });

  it('ignores invalid or contradictory values instead of failing', () => {
    const s = decode('at=95,2,5&cat=musique,bogus&when=someday&max=-3&sort=random&sel=x');
    expect(s.camera).toBeNull();
    expect(s.filters.categories).toEqual(['musique']);
    expect(s.filters.when).toBeNull();
    expect(s.filters.maxPrice).toBeNull();
    expect(s.filters.sort).toBe('soonest');
    expect(s.selected).toBeNull();
    // live excludes a date preset; free excludes a maximum and implies known prices
    const t = decode('live=1&when=today&free=1&max=20');
    expect(t.filters).toMatchObject({ live: true, when: null, free: true, maxPrice: null, knownPrice: true });
  });

  it('orders a reversed custom range and drops an empty one', () => {
    expect(decode('when=custom&from=2026-12-05&to=2026-12-01').filters).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-05',
    });
    expect(decode('when=custom&from=nope').filters.when).toBeNull();
  });

  it('wraps and rounds the camera', () => {
    const q = encodeState({
      camera: { lat: 48.123456, lng: 362.5, zoom: 7.777 },
      filters: DEFAULT_FILTERS,
      q: null,
      selected: null,
    });
    expect(q.get('at')).toBe('48.1235,2.5,7.78');
  });

  it('keeps the results view text as given, however odd, and cuts an overlong one', () => {
    expect(decode('q=%20concert%20').q).toBe('concert');
    expect(decode('q=').q).toBe('');
    expect(decode('').q).toBeNull();
    // A broken percent-escape decodes to replacement characters instead of failing.
    expect(decode('q=caf%E9%').q).toBe('caf\uFFFD%');
    expect(decode(`q=${'a'.repeat(5000)}`).q).toHaveLength(1000);
  });

  it('decodes any query, however hand-edited, to filters the contract accepts', () => {
    const value = fc.constantFrom('1', '0', 'true', '', 'custom', 'week', '2026-02-30', '2026-06-01', '30', '-1', 'x');
    const key = fc.constantFrom('live', 'cat', 'when', 'from', 'to', 'free', 'max', 'known', 'sort');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value)), (pairs) => {
        const { filters } = decodeState(new URLSearchParams(pairs));
        expect(ZExplorerFiltersSchema.safeParse(filters).success, JSON.stringify(filters)).toBe(true);
      }),
    );
  });

  it('round-trips every filter the product can hold (its main categories)', () => {
    fc.assert(
      fc.property(filtersArb(Date.UTC(2026, 5, 17)), (any) => {
        const filters = { ...any, categories: MAIN_ONLY(any.categories) };
        const state: ExplorerState = { camera: null, filters, q: null, selected: null };
        expect(decodeState(encodeState(state)).filters).toEqual(filters);
      }),
    );
  });

  it('still opens the links it published before the filters had one schema', () => {
    // A custom range with only a first day, a price with a known-price flag, every category in another order.
    expect(decode('when=custom&from=2026-06-20&max=15&known=1&cat=musique,expo').filters).toEqual({
      ...DEFAULT_FILTERS,
      when: 'custom',
      from: '2026-06-20',
      maxPrice: 15,
      knownPrice: true,
      categories: ['expo', 'musique'],
    });
    // free=1 with a leftover max: free wins, and means a known price.
    expect(decode('free=1&max=20').filters).toMatchObject({ free: true, maxPrice: null, knownPrice: true });
  });
});

const MAIN_ONLY = <T extends string>(categories: T[]) => categories.filter((c) => c !== 'none') as Exclude<T, 'none'>[];
