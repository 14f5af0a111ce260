import type { Filters } from './state';

/** A date window in epoch milliseconds (either end may be open). */
export interface DateWindow {
  from: number | null;
  to: number | null;
}

function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

function endOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes(), d.getSeconds());
}

function parseDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/**
 * The window of a date preset in the browser's local time, as seen at `now`:
 * today = now → midnight; tonight = from 18:00 (or now) to 04:00 the next morning; weekend = Friday 18:00 (or now)
 * → Sunday midnight; week = now → Sunday midnight; custom = the chosen calendar days, whole.
 */
export function dateWindow(filters: Filters, now: Date): DateWindow | null {
  if (filters.live || !filters.when) return null;
  const t = now.getTime();
  switch (filters.when) {
    case 'today':
      return { from: t, to: endOfDay(now).getTime() };
    case 'tonight': {
      const evening = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 18);
      // After midnight "tonight" still means the night that is under way.
      if (now.getHours() < 4)
        return { from: t, to: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 4).getTime() };
      const morning = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 4);
      return { from: Math.max(t, evening.getTime()), to: morning.getTime() };
    }
    case 'weekend': {
      const day = now.getDay(); // 0 = Sunday
      const toSunday = (7 - day) % 7;
      const sunday = endOfDay(addDays(now, toSunday));
      const friday = addDays(startOfDay(now), day === 0 ? -2 : 5 - day);
      friday.setHours(18);
      return { from: Math.max(t, friday.getTime()), to: sunday.getTime() };
    }
    case 'week': {
      const toSunday = (7 - now.getDay()) % 7;
      return { from: t, to: endOfDay(addDays(now, toSunday)).getTime() };
    }
    case 'custom':
      return {
        from: filters.from ? Math.max(t, startOfDay(parseDay(filters.from)).getTime()) : t,
        to: filters.to ? endOfDay(parseDay(filters.to)).getTime() : null,
      };
  }
}

/** Today's date as YYYY-MM-DD in local time (for the custom range inputs). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
