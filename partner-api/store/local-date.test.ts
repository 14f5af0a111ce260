import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, timeZoneOffsetMinutes } from './local-date';

describe('formatLocalDateTime', () => {
  it('follows Paris across both DST changes of 2026', () => {
    // Spring forward on 29 March at 01:00 UTC (02:00 → 03:00 local).
    expect(formatLocalDateTime(Date.UTC(2026, 2, 29, 0, 59, 59, 999))).toBe('2026-03-29 01:59:59.999 +0100');
    expect(formatLocalDateTime(Date.UTC(2026, 2, 29, 1, 0))).toBe('2026-03-29 03:00:00.000 +0200');
    // Fall back on 25 October at 01:00 UTC (03:00 → 02:00 local).
    expect(formatLocalDateTime(Date.UTC(2026, 9, 25, 0, 59))).toBe('2026-10-25 02:59:00.000 +0200');
    expect(formatLocalDateTime(Date.UTC(2026, 9, 25, 1, 0))).toBe('2026-10-25 02:00:00.000 +0100');
  });

  it('writes offsets with minutes and negative offsets', () => {
    expect(formatLocalDateTime(Date.UTC(2026, 0, 1, 12, 0), 'Asia/Kolkata')).toBe('2026-01-01 17:30:00.000 +0530');
    expect(formatLocalDateTime(Date.UTC(2026, 0, 1, 12, 0), 'America/St_Johns')).toBe('2026-01-01 08:30:00.000 -0330');
    expect(formatLocalDateTime(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('2026-01-01 00:00:00.000 +0000');
  });

  it('gives the same offset whether or not it was cached', () => {
    const at = Date.UTC(2026, 9, 25, 0, 45);
    expect(timeZoneOffsetMinutes(at, 'Europe/Paris')).toBe(120);
    expect(timeZoneOffsetMinutes(at + 15 * 60_000, 'Europe/Paris')).toBe(60);
    expect(timeZoneOffsetMinutes(at, 'Europe/Paris')).toBe(120);
  });
});
