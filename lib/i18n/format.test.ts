import { describe, expect, it } from 'vitest';
import { getFormatters } from './format';
import { parseLocalDateTime, toIsoWithOffset } from './local-date';

describe('parseLocalDateTime', () => {
  it('reads the instant and the offset', () => {
    const value = parseLocalDateTime('2026-11-22 20:30:00.000 +0100')!;
    expect(value.instant.toISOString()).toBe('2026-11-22T19:30:00.000Z');
    expect(value.offsetMinutes).toBe(60);
    expect(toIsoWithOffset(value)).toBe('2026-11-22T20:30:00+01:00');
    expect(toIsoWithOffset(parseLocalDateTime('2026-07-01 09:05:00.000 -0330')!)).toBe('2026-07-01T09:05:00-03:30');
  });

  it('rejects other shapes', () => {
    expect(parseLocalDateTime('2026-11-22T20:30:00Z')).toBeUndefined();
    expect(parseLocalDateTime('')).toBeUndefined();
  });
});

describe('formatters', () => {
  const start = parseLocalDateTime('2026-11-22 20:30:00.000 +0100')!;
  const end = parseLocalDateTime('2026-11-22 23:00:00.000 +0100')!;

  it('formats in the event time zone, whatever the server zone', () => {
    expect(getFormatters('fr').time(start)).toBe('20:30');
    expect(getFormatters('en').time(start)).toBe('20:30');
    expect(getFormatters('fr').date(start)).toBe('dimanche 22 novembre 2026');
    expect(getFormatters('en').date(start)).toBe('Sunday, 22 November 2026');
    // Summer time in Paris: the wall clock, not UTC.
    expect(getFormatters('fr').time(parseLocalDateTime('2026-07-01 20:30:00.000 +0200')!)).toBe('20:30');
  });

  it('shortens same-day ranges', () => {
    const text = getFormatters('fr').dateTimeRange(start, end);
    expect(text).toContain('20:30');
    expect(text).toContain('23:00');
    expect(text.match(/2026/g)).toHaveLength(1);
    expect(getFormatters('fr').dateTimeRange(start, undefined)).not.toContain('23:00');
  });

  it('formats prices per locale', () => {
    const fr = getFormatters('fr');
    const en = getFormatters('en');
    expect(fr.price(0)).toBe('Gratuit');
    expect(en.price(12)).toBe('€12');
    expect(en.price(12.5)).toBe('€12.50');
    expect(fr.price(12.5).replace(/\s/g, ' ')).toBe('12,50 €');
    expect(en.priceRange(10, 25)).toMatch(/^€10\s?–\s?€?25$/);
    expect(en.priceRange(null, null)).toBe('Price not available');
    expect(en.priceRange(0, 20)).toBe('Free – €20');
    expect(en.priceRange(15, 15)).toBe('€15');
  });

  it('names period days from Sunday = 0', () => {
    expect(getFormatters('en').weekday(0)).toBe('Sunday');
    expect(getFormatters('fr').weekday(1)).toBe('lundi');
    expect(getFormatters('fr').periodTime('0930')).toBe('09:30');
  });
});
