import { describe, expect, it } from 'vitest';
import { formatEventWhen, formatPrice, isLiveAt } from './card-format';

describe('event formatting', () => {
  it('shows the event in its own wall-clock time, whatever the offset', () => {
    const e = { startDate: '2026-11-22 20:30:00.000 +0100', endDate: '2026-11-22 23:00:00.000 +0100' };
    expect(formatEventWhen(e, 'en')).toBe('Sun 22 Nov, 20:30');
    const long = { startDate: '2026-11-22 20:30:00.000 +0100', endDate: '2026-11-24 02:00:00.000 +0100' };
    expect(formatEventWhen(long, 'en')).toBe('Sun 22 Nov, 20:30 – Tue 24 Nov');
  });

  it('formats prices: free, single, from, unknown, with cents only when there are any', () => {
    expect(formatPrice({ lowestPrice: 0, highestPrice: 0 }, 'en')).toBe('Free');
    expect(formatPrice({ lowestPrice: 12, highestPrice: 12 }, 'en')).toBe('€12');
    expect(formatPrice({ lowestPrice: 29.5, highestPrice: 40 }, 'en')).toBe('From €29.50');
    expect(formatPrice({ lowestPrice: null, highestPrice: null }, 'en')).toBe('Price unknown');
    expect(formatPrice({ lowestPrice: 0, highestPrice: 0 }, 'fr')).toBe('Gratuit');
  });

  it('is live from three hours before the start until the end', () => {
    const e = { startDate: '2026-11-22 20:00:00.000 +0100', endDate: '2026-11-22 23:00:00.000 +0100' };
    const start = Date.parse('2026-11-22T19:00:00Z');
    expect(isLiveAt(e, start - 3 * 3600_000)).toBe(true);
    expect(isLiveAt(e, start - 3 * 3600_000 - 1)).toBe(false);
    expect(isLiveAt(e, Date.parse('2026-11-22T22:00:01Z'))).toBe(false);
  });
});
