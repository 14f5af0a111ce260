import type { TEvent } from '@/lib/contract';
import { parseLocalDateTime } from '@/lib/i18n/local-date';

/** One date on which the event can be attended, merged from every source. */
export interface EventDate {
  startDate: string;
  endDate: string;
  hasEndDateNotReliable: boolean;
  /** No source could confirm tickets for it. */
  hasUnknownAvailability: boolean;
}

/**
 * Every available date of the event's sources, once each (the same show sold by two partners is one date),
 * chronological; the event's own dates when no source lists any. A date is known-available if any source says so.
 */
export function eventDates(event: TEvent): EventDate[] {
  const byStart = new Map<string, EventDate>();
  for (const source of event.sources) {
    for (const d of source.availableDates) {
      const key = String(parseLocalDateTime(d.startDate)?.instant.getTime() ?? d.startDate);
      const seen = byStart.get(key);
      if (!seen) {
        byStart.set(key, { ...d });
      } else {
        seen.hasUnknownAvailability &&= d.hasUnknownAvailability;
        seen.hasEndDateNotReliable &&= d.hasEndDateNotReliable;
      }
    }
  }
  const dates = [...byStart.values()];
  if (dates.length === 0) {
    return [
      {
        startDate: event.startDate,
        endDate: event.endDate,
        hasEndDateNotReliable: event.hasEndDateNotReliable,
        hasUnknownAvailability: false,
      },
    ];
  }
  const time = (d: EventDate) => parseLocalDateTime(d.startDate)?.instant.getTime() ?? Number.MAX_SAFE_INTEGER;
  return dates.sort((a, b) => time(a) - time(b) || a.startDate.localeCompare(b.startDate));
}
