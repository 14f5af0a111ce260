/*
 * The constants of the filters' vocabulary (lib/contract/filters.ts), without zod: the explorer's URL codec runs in
 * the browser, whose bundle does not carry zod (the schema itself is server-side: feeds, API routes, tests).
 */

/** Date presets: relative ones move with the clock (a subscribed "weekend" is always the coming one). */
export const EXPLORER_DATE_PRESETS = ['today', 'tonight', 'weekend', 'week', 'custom'] as const;
export type TExplorerDatePreset = (typeof EXPLORER_DATE_PRESETS)[number];

/** The list's orders (`soonest` is the default). */
export const EXPLORER_SORTS = ['soonest', 'nearest', 'cheapest'] as const;
export type TExplorerSort = (typeof EXPLORER_SORTS)[number];

/** The highest price a filter accepts, in euros. */
export const MAX_FILTER_PRICE = 100_000;

/** Whether `day` is `YYYY-MM-DD` and exists on the calendar (no 30 February). */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day);
}

/**
 * No filter: every event of the next days, soonest first. Typed member by member rather than as `TExplorerFilters`,
 * which would import the schema's module back (lib/contract/filters.ts checks that it is one).
 */
export const DEFAULT_EXPLORER_FILTERS = {
  live: false,
  categories: [] as never[],
  when: null as TExplorerDatePreset | null,
  from: null as string | null,
  to: null as string | null,
  free: false,
  maxPrice: null as number | null,
  knownPrice: false,
  sort: 'soonest' as TExplorerSort,
};
