/**
 * The events benchmark's cases (docs/design.md §5): four viewports × three date windows × three filters, `limit: 500`.
 * bench/events.ts times them against `JSON.stringify`; bench/observability.ts `--cases events` times what metrics and
 * tracing add to the same 36 requests.
 */
const DAY_MS = 24 * 3_600_000;

interface Viewport {
  name: string;
  rectangle: { minLng: number; maxLng: number; minLat: number; maxLat: number };
}

/** Around Paris, densest in the seed: a street, the city, Île-de-France, mainland France. */
export const VIEWPORTS: Viewport[] = [
  { name: 'street', rectangle: { minLng: 2.335, maxLng: 2.36, minLat: 48.85, maxLat: 48.865 } },
  { name: 'city', rectangle: { minLng: 2.22, maxLng: 2.47, minLat: 48.81, maxLat: 48.91 } },
  { name: 'region', rectangle: { minLng: 1.44, maxLng: 3.56, minLat: 48.12, maxLat: 49.24 } },
  { name: 'country', rectangle: { minLng: -5.2, maxLng: 9.6, minLat: 41.3, maxLat: 51.1 } },
];
export const WINDOWS = [
  { name: '1 day', days: 1 },
  { name: '1 week', days: 7 },
  { name: '1 month', days: 30 },
];
export const FILTERS: { name: string; body: object }[] = [
  { name: 'none', body: {} },
  { name: 'category', body: { categories: ['musique'] } },
  { name: 'price', body: { pricesFilter: { lowestPrice: 0, highestPrice: 20 } } },
];

/** The request body of one case, its window starting at `now`. */
export function eventsCaseBody(
  viewport: Viewport,
  window: (typeof WINDOWS)[number],
  filter: (typeof FILTERS)[number],
  now: number,
) {
  return {
    locationFilter: { rectangle: viewport.rectangle },
    datesFilter: { minDate: new Date(now).toISOString(), maxDate: new Date(now + window.days * DAY_MS).toISOString() },
    limit: 500,
    ...filter.body,
  };
}

/** All 36 cases, named "viewport, window, filter". */
export function eventsBenchmarkCases(now: number): { name: string; body: object }[] {
  return VIEWPORTS.flatMap((viewport) =>
    WINDOWS.flatMap((window) =>
      FILTERS.map((filter) => ({
        name: `${viewport.name}, ${window.name}, ${filter.name}`,
        body: eventsCaseBody(viewport, window, filter, now),
      })),
    ),
  );
}
