import type { TEvent } from '@/lib/contract';
import { parseLocalDateTime } from '@/lib/i18n/local-date';

/** Lifecycle state of an event as a visitor sees it; cancelled wins over sold out, which wins over passed. */
export type EventState = 'cancelled' | 'sold-out' | 'passed' | 'scheduled';

/** Whether the event has ended at `now` (its end, or its start when the end cannot be read). */
export function hasPassed(event: Pick<TEvent, 'startDate' | 'endDate'>, now: number): boolean {
  const end = parseLocalDateTime(event.endDate) ?? parseLocalDateTime(event.startDate);
  return end !== undefined && end.instant.getTime() < now;
}

/** Every state that applies, for the page's banners (a cancelled event that has passed shows both). */
export function eventStates(event: TEvent, now: number): Exclude<EventState, 'scheduled'>[] {
  const states: Exclude<EventState, 'scheduled'>[] = [];
  if (event.cancelledAt) states.push('cancelled');
  else if (event.notAvailableAt) states.push('sold-out');
  if (hasPassed(event, now)) states.push('passed');
  return states;
}

/** The one state that matters most (schema.org status, list badges). */
export function primaryState(event: TEvent, now: number): EventState {
  return eventStates(event, now)[0] ?? 'scheduled';
}
