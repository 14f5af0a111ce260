import { timeZoneOffsetMinutes } from '@/partner-api/store/local-date';

export { isTimeZone } from '@/lib/shared/zoned-time';

/**
 * The instant of a wall-clock time in `zone` (ms since the epoch of the same fields read as UTC → the zone's instant):
 * the offset is taken at the guessed instant, then checked again (DST transitions).
 */
export function zonedWallTimeToMs(wallAsUtcMs: number, zone: string): number {
  const first = wallAsUtcMs - timeZoneOffsetMinutes(wallAsUtcMs, zone) * 60_000;
  return wallAsUtcMs - timeZoneOffsetMinutes(first, zone) * 60_000;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export interface ParsedDate {
  ms: number;
  /** True when the text had no offset and was read in `zone`. */
  floating: boolean;
  /** True for a date without a time (an all-day date). */
  dateOnly: boolean;
}

/** Parses an ISO 8601 date or date-time; without an offset it is read in `zone`. Null when invalid. */
export function parseIsoInZone(text: string, zone: string): ParsedDate | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, offset] = m;
  const wall = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    frac ? Math.round(Number(`0.${frac}`) * 1000) : 0,
  );
  const check = new Date(wall);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h ?? 0) > 23) return null;
  if (offset) {
    if (offset === 'Z') return { ms: wall, floating: false, dateOnly: false };
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
    return { ms: wall - sign * minutes * 60_000, floating: false, dateOnly: false };
  }
  return { ms: zonedWallTimeToMs(wall, zone), floating: true, dateOnly: h === undefined };
}
