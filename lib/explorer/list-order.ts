import type { TExplorerEvent } from '@/lib/contract';
import { wireInstant } from './card-format';
import type { Sort } from './state';

/** The list's two groups under "Soonest": what starts in the window, then what was already running before it. */
export interface ListGroups {
  upcoming: TExplorerEvent[];
  running: TExplorerEvent[];
}

/**
 * Groups a page of events for the list. The Partner API orders "soonest" by start date, so exhibitions that opened
 * weeks ago and run for months come first and bury what starts tonight. Under "Soonest" (and not "Live now", where
 * everything is running by definition) the events that started before the window's start move to a second group,
 * in the API's order, after the ones that start inside the window. Other sorts keep the API's order in one group.
 */
export function groupForList(events: readonly TExplorerEvent[], sort: Sort, windowStart: number | null): ListGroups {
  if (sort !== 'soonest' || windowStart === null) return { upcoming: [...events], running: [] };
  const upcoming: TExplorerEvent[] = [];
  const running: TExplorerEvent[] = [];
  for (const event of events) {
    const start = wireInstant(event.start);
    (Number.isFinite(start) && start < windowStart ? running : upcoming).push(event);
  }
  return { upcoming, running };
}
