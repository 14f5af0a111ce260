import { describe, expect, it } from 'vitest';
import { liveAt, openAt } from './on-now';

const at = (iso: string) => Date.parse(iso);
const concert = { startDate: '2026-12-05 20:00:00.000 +0100', endDate: '2026-12-05 23:00:00.000 +0100' };
const exhibition = { startDate: '2026-11-01 10:00:00.000 +0100', endDate: '2027-01-31 18:00:00.000 +0100' };
// Tuesday to Sunday 10:00–18:00.
const hours = [2, 3, 4, 5, 6, 0].map((day) => ({ open: { day, time: '1000' }, close: { day, time: '1800' } }));

describe('liveAt', () => {
  it('counts a short date live from three hours before its start to its end', () => {
    expect(liveAt([concert], at('2026-12-05T17:30:00+01:00'))).toBe(true);
    expect(liveAt([concert], at('2026-12-05T16:30:00+01:00'))).toBe(false);
    expect(liveAt([concert], at('2026-12-05T22:59:00+01:00'))).toBe(true);
    expect(liveAt([concert], at('2026-12-05T23:01:00+01:00'))).toBe(false);
  });

  it('does not call a long exhibition live at midnight, nor when its venue is closed', () => {
    expect(liveAt([exhibition], at('2026-12-05T00:00:00+01:00'))).toBe(false);
    expect(liveAt([exhibition], at('2026-12-05T14:00:00+01:00'))).toBe(true);
    // With opening hours: Saturday 14:00 open, Monday 14:00 closed, Saturday 19:00 closed.
    expect(liveAt([exhibition], at('2026-12-05T14:00:00+01:00'), hours)).toBe(true);
    expect(liveAt([exhibition], at('2026-12-07T14:00:00+01:00'), hours)).toBe(false);
    expect(liveAt([exhibition], at('2026-12-05T19:00:00+01:00'), hours)).toBe(false);
  });

  it('looks at each available date, not merely between the first and the last', () => {
    const dates = [
      { startDate: '2026-12-01 20:00:00.000 +0100', endDate: '2026-12-01 22:00:00.000 +0100' },
      { startDate: '2026-12-08 20:00:00.000 +0100', endDate: '2026-12-08 22:00:00.000 +0100' },
    ];
    expect(liveAt(dates, at('2026-12-04T21:00:00+01:00'))).toBe(false);
    expect(liveAt(dates, at('2026-12-08T21:00:00+01:00'))).toBe(true);
  });
});

describe('openAt', () => {
  it('reads periods across midnight and the week end', () => {
    const night = [{ open: { day: 6, time: '2200' }, close: { day: 0, time: '0400' } }];
    expect(openAt(night, new Date(Date.UTC(2026, 11, 6, 2)))).toBe(true); // Sunday 02:00
    expect(openAt(night, new Date(Date.UTC(2026, 11, 6, 5)))).toBe(false);
  });
});
