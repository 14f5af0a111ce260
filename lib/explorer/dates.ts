import { filtersWindow } from '@/lib/shared/filters-request';
import type { Filters } from './state';

/** A date window in epoch milliseconds (either end may be open). */
export interface DateWindow {
  from: number | null;
  to: number | null;
}

/**
 * The window of the filters' date preset as seen at `now` on the visitor's clock (lib/shared/date-presets.ts, which
 * the subscription feeds use too): today, tonight, the weekend, this week, or the custom calendar days, whole. Live
 * and no preset have none (the API's defaults apply).
 */
export function dateWindow(filters: Filters, now: Date): DateWindow | null {
  // The events request's own window (lib/shared/filters-request.ts), on the visitor's clock.
  return filtersWindow(filters, now.getTime(), Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** Today's date as YYYY-MM-DD in local time (for the custom range inputs). */
export function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
