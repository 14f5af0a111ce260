import type { TPeriod } from '@/lib/contract';

/** One row of the week table: a period day (0 = Sunday) and its opening intervals (`hhmm`), in order. */
export interface OpeningDay {
  day: number;
  intervals: { open: string; close: string; overnight: boolean }[];
}

/** Monday first: the week as both French and British visitors read it. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * Groups periods into a Monday-first week table. An interval belongs to the day it opens on; one that closes on a
 * later day is marked `overnight` (22:00–02:00). Days without a period are closed (empty intervals).
 */
export function openingWeek(periods: TPeriod[]): OpeningDay[] {
  return WEEK_ORDER.map((day) => ({
    day,
    intervals: periods
      .filter((p) => p.open.day === day)
      .sort((a, b) => a.open.time.localeCompare(b.open.time))
      .map((p) => ({ open: p.open.time, close: p.close.time, overnight: p.close.day !== p.open.day })),
  }));
}
