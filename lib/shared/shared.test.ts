import { describe, expect, it } from 'vitest';
import { daysWindow, presetWindow } from './date-presets';
import { wrapLongitude } from './longitude';
import { offsetMs, wallDate, zonedInstant } from './zoned-time';

const PARIS = 'Europe/Paris';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('zoned time', () => {
  it("gives a zone's offset and wall clock, across a change of offset", () => {
    expect(offsetMs(Date.parse('2026-01-15T12:00:00Z'), PARIS)).toBe(3_600_000);
    expect(offsetMs(Date.parse('2026-07-15T12:00:00Z'), PARIS)).toBe(7_200_000);
    expect(offsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(wallDate(Date.parse('2026-03-29T00:30:00Z'), PARIS)).toEqual({ year: 2026, month: 3, day: 29, hour: 1 });
    // The last Sunday of March at 04:00 in Paris is already summer time.
    expect(iso(zonedInstant(2026, 3, 29, 4, PARIS))).toBe('2026-03-29T02:00:00.000Z');
    expect(iso(zonedInstant(2026, 3, 32, 0, PARIS))).toBe('2026-03-31T22:00:00.000Z'); // days overflow into April
  });
});

describe('date presets', () => {
  // Wednesday 17 June 2026, 12:00 in Paris.
  const wednesday = Date.parse('2026-06-17T10:00:00Z');
  const window = (when: Parameters<typeof presetWindow>[0], now: number, zone = PARIS) => {
    const w = presetWindow(when, now, zone);
    return { from: iso(w.from), to: iso(w.to) };
  };

  it('today runs from now to the last millisecond before midnight', () => {
    expect(window('today', wednesday)).toEqual({ from: '2026-06-17T10:00:00.000Z', to: '2026-06-17T21:59:59.999Z' });
  });

  it('tonight is 18:00 (or now) to 04:00, and after midnight the night under way', () => {
    expect(window('tonight', wednesday)).toEqual({ from: '2026-06-17T16:00:00.000Z', to: '2026-06-18T02:00:00.000Z' });
    const lateNight = Date.parse('2026-06-17T23:30:00Z'); // 01:30 in Paris
    expect(window('tonight', lateNight)).toEqual({ from: iso(lateNight), to: '2026-06-18T02:00:00.000Z' });
  });

  it('the weekend is Friday 18:00 to the end of Sunday, from now once it has begun', () => {
    expect(window('weekend', wednesday)).toEqual({
      from: '2026-06-19T16:00:00.000Z',
      to: '2026-06-21T21:59:59.999Z',
    });
    const sunday = Date.parse('2026-06-21T08:00:00Z');
    expect(window('weekend', sunday)).toEqual({ from: iso(sunday), to: '2026-06-21T21:59:59.999Z' });
  });

  it('this week ends with Sunday, in the zone asked for', () => {
    expect(window('week', wednesday).to).toBe('2026-06-21T21:59:59.999Z');
    expect(window('week', wednesday, 'America/New_York').to).toBe('2026-06-22T03:59:59.999Z');
  });

  it('custom days are whole, never start in the past, and stay open without an end', () => {
    expect(daysWindow('2026-06-20', '2026-06-21', wednesday, PARIS)).toEqual({
      from: Date.parse('2026-06-19T22:00:00.000Z'),
      to: Date.parse('2026-06-21T21:59:59.999Z'),
    });
    expect(daysWindow('2026-06-01', null, wednesday, PARIS)).toEqual({ from: wednesday, to: null });
  });
});

describe('wrapLongitude', () => {
  it('brings a longitude past ±180 back, and keeps ±180 itself', () => {
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-190)).toBe(170);
    expect(wrapLongitude(540)).toBe(180 - 360);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(2.35)).toBe(2.35);
  });
});
