/*
 * Calendar arithmetic in a named time zone, with Intl only: a wall-clock date is turned into the instant it names by
 * subtracting the zone's offset at that instant (twice, so days that change offset land right). Both programs use it:
 * the web app for the dashboard's periods, the feeds' and the explorer's date presets, the service for the local
 * dates it writes (partner-api/store/local-date.ts). One Intl formatter per zone, made once: making one costs far
 * more than using it.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** A wall-clock date in a zone; `month` is 1–12. */
export interface WallDate {
  year: number;
  month: number;
  day: number;
  hour: number;
}

/** The wall-clock fields of an instant in a zone. */
export function wallDate(ms: number, timeZone: string): WallDate {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24 };
}

/** The offset of a zone at an instant, in milliseconds east of UTC (Paris: 3 600 000 in winter). */
export function offsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour! % 24, parts.minute, parts.second);
  return asUtc - (ms - (ms % 1000));
}

/** The instant a wall-clock time names in a zone (months and days may overflow: Date.UTC normalizes them). */
export function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetMs(guess, timeZone);
  return guess - offsetMs(first, timeZone);
}

/** Midnight of the day `ms` falls on, in the zone, moved by `days` days. */
export function startOfZonedDay(ms: number, timeZone: string, days = 0): number {
  const wall = wallDate(ms, timeZone);
  return zonedInstant(wall.year, wall.month, wall.day + days, 0, timeZone);
}

/** The first instant of the month `ms` falls in, in the zone, moved by `months` months. */
export function startOfZonedMonth(ms: number, timeZone: string, months = 0): number {
  const wall = wallDate(ms, timeZone);
  return zonedInstant(wall.year, wall.month + months, 1, 0, timeZone);
}

/** `YYYY-MM-DD` of an instant in a zone. */
export function zonedDay(ms: number, timeZone: string): string {
  const { year, month, day } = wallDate(ms, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The zones already asked about, and whether this runtime knows each (bounded: zones come from feeds and URLs). */
const knownZones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1000) knownZones.set(zone, known);
  }
  return known;
}
