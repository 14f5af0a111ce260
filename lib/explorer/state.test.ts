import { describe, expect, it } from 'vitest';
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
});
