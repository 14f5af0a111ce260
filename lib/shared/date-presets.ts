import { wallDate, zonedInstant } from './zoned-time';

/*
 * The date presets of the explorer's filter bar and of the subscription feeds, read in one time zone: the explorer
 * passes the visitor's (lib/explorer/dates.ts), a feed the zone its URL names (lib/feeds/feed-query.ts), so a
 * subscribed "this weekend" is the window the list showed. Both ends are included, like the events query's
 * `minDate`/`maxDate` (docs/design.md §4.4): a window ends at the last millisecond before midnight, not at midnight.
 */

/** The relative presets: they move with `now`. */
export const RELATIVE_PRESETS = ['today', 'tonight', 'weekend', 'week'] as const;
export type RelativePreset = (typeof RELATIVE_PRESETS)[number];

/** A window in epoch milliseconds, both ends included. */
export interface DayWindow {
  from: number;
  to: number;
}

/**
 * The window of a preset at `now` in `timeZone`: today = now → midnight; tonight = from 18:00 (or now) to 04:00 the
 * next morning, or the night under way after midnight; weekend = Friday 18:00 (or now, once started) → Sunday
 * midnight; week = now → Sunday midnight.
 */
export function presetWindow(when: RelativePreset, now: number, timeZone: string): DayWindow {
  const wall = wallDate(now, timeZone);
  const at = (days: number, hour: number) => zonedInstant(wall.year, wall.month, wall.day + days, hour, timeZone);
  const endOfDay = (days: number) => at(days + 1, 0) - 1;
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay(); // 0 = Sunday
  const toSunday = (7 - weekday) % 7;
  switch (when) {
    case 'today':
      return { from: now, to: endOfDay(0) };
    case 'tonight':
      return wall.hour < 4 ? { from: now, to: at(0, 4) } : { from: Math.max(now, at(0, 18)), to: at(1, 4) };
    case 'weekend': {
      const friday = weekday === 0 ? -2 : 5 - weekday;
      return { from: Math.max(now, at(friday, 18)), to: endOfDay(toSunday) };
    }
    case 'week':
      return { from: now, to: endOfDay(toSunday) };
  }
}

/**
 * Whole calendar days (`YYYY-MM-DD`) in `timeZone`, from the first day's midnight (never before `now`) to the end of
 * the last day; without a last day the window stays open (`to: null`).
 */
export function daysWindow(
  fromDay: string | null | undefined,
  toDay: string | null | undefined,
  now: number,
  timeZone: string,
): { from: number; to: number | null } {
  const midnight = (day: string, plusDays: number) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return zonedInstant(year, month, date + plusDays, 0, timeZone);
  };
  return {
    from: fromDay ? Math.max(now, midnight(fromDay, 0)) : now,
    to: toDay ? midnight(toDay, 1) - 1 : null,
  };
}
