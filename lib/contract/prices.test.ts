import { describe, expect, it } from 'vitest';
import { explorerPricesFilter, pricesMatch } from './prices';

describe('pricesMatch (the spec price rule)', () => {
  it('matches everything without a filter', () => {
    expect(pricesMatch(null, null, null)).toBe(true);
    expect(pricesMatch(undefined, 50, 80)).toBe(true);
  });

  it('keeps a price range that intersects the bounds', () => {
    const f = { lowestPrice: 10, highestPrice: 20 };
    expect(pricesMatch(f, 5, 12)).toBe(true);
    expect(pricesMatch(f, 15, 40)).toBe(true);
    expect(pricesMatch(f, 21, 40)).toBe(false);
    expect(pricesMatch(f, 2, 9)).toBe(false);
    // A single price (no highest) is a range of one.
    expect(pricesMatch(f, 9, null)).toBe(false);
    expect(pricesMatch(f, 10, null)).toBe(true);
  });

  it('includes unknown prices unless known prices are asked, and only them when unknown are asked', () => {
    expect(pricesMatch({ highestPrice: 20 }, null, null)).toBe(true);
    expect(pricesMatch({ highestPrice: 20, hasKnownPrice: true }, null, null)).toBe(false);
    expect(pricesMatch({ hasKnownPrice: false }, null, null)).toBe(true);
    expect(pricesMatch({ hasKnownPrice: false }, 0, 0)).toBe(false);
  });
});

describe('explorerPricesFilter', () => {
  const none = { free: false, maxPrice: null, knownPrice: false };
  it('sends nothing by default, free as a known range reaching 0 €, a maximum as an upper bound', () => {
    expect(explorerPricesFilter(none)).toBeNull();
    expect(explorerPricesFilter({ ...none, free: true, maxPrice: 30 })).toEqual({
      lowestPrice: 0,
      highestPrice: 0,
      hasKnownPrice: true,
    });
    expect(explorerPricesFilter({ ...none, maxPrice: 30 })).toEqual({ highestPrice: 30 });
    expect(explorerPricesFilter({ ...none, knownPrice: true })).toEqual({ hasKnownPrice: true });
  });

  it('free keeps free events and drops paid and unknown ones', () => {
    const free = explorerPricesFilter({ ...none, free: true });
    expect(pricesMatch(free, 0, 0)).toBe(true);
    expect(pricesMatch(free, 0, 12)).toBe(true);
    expect(pricesMatch(free, 5, 12)).toBe(false);
    expect(pricesMatch(free, null, null)).toBe(false);
  });
});
