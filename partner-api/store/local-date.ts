/**
 * `YYYY-MM-DD hh:mm:ss.SSS +hhmm` in a time zone (docs/design.md §4.8). Intl gives the zone's offset; it is cached per
 * 15-minute slot (every real zone changes offset on such a boundary), so serializing a million events does not
 * call Intl millions of times.
 */

import { offsetMs } from '@/lib/shared/zoned-time';

const SLOT_MS = 15 * 60 * 1000;
const offsets = new Map<string, number>();

function exactOffset(at: number, timeZone: string): number {
  return Math.round(offsetMs(at, timeZone) / 60_000);
}

const DAY_MS = 24 * 3_600_000;

/** Offset of `timeZone` from UTC at instant `ms`, in minutes (Paris: 60 in winter, 120 in summer). */
export function timeZoneOffsetMinutes(ms: number, timeZone: string): number {
  // Most UTC days have one offset all day: cache it per day, and per 15-minute slot only on transition days.
  const day = Math.floor(ms / DAY_MS);
  const dayKey = `${timeZone}|d${day}`;
  let dayOffset = offsets.get(dayKey);
  if (dayOffset === undefined) {
    const atStart = exactOffset(day * DAY_MS, timeZone);
    const atEnd = exactOffset((day + 1) * DAY_MS - SLOT_MS, timeZone);
    dayOffset = atStart === atEnd ? atStart : Number.NaN;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(dayKey, dayOffset);
  }
  if (!Number.isNaN(dayOffset)) return dayOffset;
  const slot = Math.floor(ms / SLOT_MS);
  const slotKey = `${timeZone}|s${slot}`;
  let offset = offsets.get(slotKey);
  if (offset === undefined) {
    offset = exactOffset(slot * SLOT_MS, timeZone);
    offsets.set(slotKey, offset);
  }
  return offset;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

// Event and source dates repeat a lot (a source's dates are usually its event's): remember recent results.
const formatted = new Map<string, string>();

/** Formats an instant as the spec's local date-time in `timeZone` (default Europe/Paris). */
export function formatLocalDateTime(ms: number, timeZone = 'Europe/Paris'): string {
  const key = timeZone + ms;
  const hit = formatted.get(key);
  if (hit !== undefined) return hit;
  const text = formatUncached(ms, timeZone);
  if (formatted.size >= 20_000) formatted.clear();
  formatted.set(key, text);
  return text;
}

function formatUncached(ms: number, timeZone: string): string {
  const offset = timeZoneOffsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.` +
    `${pad(local.getUTCMilliseconds(), 3)} ${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}

/** ISO 8601 UTC, or null. */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
