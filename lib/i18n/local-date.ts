/**
 * A `YYYY-MM-DD hh:mm:ss.SSS +hhmm` date-time of the Partner API: an instant plus the UTC offset of the place's
 * time zone at that instant. The offset is all we know of the zone, so formatting happens in that offset.
 */
export interface LocalDateTime {
  /** The instant. */
  instant: Date;
  /** Minutes east of UTC (Paris in winter: 60). */
  offsetMinutes: number;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3}) ([+-])(\d{2})(\d{2})$/;

/** Parses a Partner API local date-time; `undefined` when it is not of that form (never throws). */
export function parseLocalDateTime(value: string): LocalDateTime | undefined {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, ms, sign, oh, om] = m;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const wallClockAsUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms));
  const instant = new Date(wallClockAsUtc - offsetMinutes * 60_000);
  if (Number.isNaN(instant.getTime())) return undefined;
  return { instant, offsetMinutes };
}

/** The instant's wall-clock time in the given offset, as a Date whose UTC fields hold that wall clock. */
export function wallClock(local: LocalDateTime): Date {
  return new Date(local.instant.getTime() + local.offsetMinutes * 60_000);
}

/** ISO 8601 with the original offset (`2026-11-22T20:30:00+01:00`), as schema.org and `<time dateTime>` expect. */
export function toIsoWithOffset(local: LocalDateTime): string {
  const wall = wallClock(local).toISOString().slice(0, 19);
  const sign = local.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(local.offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wall}${sign}${hh}:${mm}`;
}
