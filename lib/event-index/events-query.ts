import {
  type CATEGORY_FILTER_VALUES,
  LIMITS,
  parseIsoInput,
  type TGetEventsRequest,
  type TLocationFilter,
  type TOrderBy,
} from '@/lib/contract';

/*
 * The events query of the spec with every default applied (docs/design.md §4.4), as both programs answer it: the
 * service from its EventIndex, the web app's read model from the same EventIndex over its catalogue mirror. One
 * mapping from the request body, so both answer the same question.
 */

/** A value of the categories filter: a main category or `none`. */
export type TCategoryFilter = (typeof CATEGORY_FILTER_VALUES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The default date window length (docs/design.md §4.4: now → now + 7 days). */
export const DEFAULT_WINDOW_MS = 7 * DAY_MS;
/** `isLive` = taking place in the next 3 hours (spec Limits). */
export const LIVE_WINDOW_MS = LIMITS.liveWindowHours * HOUR_MS;

/** A location filter with its members resolved; a rectangle with `minLng > maxLng` crosses the antimeridian. */
export type LocationQuery =
  | { kind: 'rectangle'; minLng: number; maxLng: number; minLat: number; maxLat: number }
  | { kind: 'circle'; lng: number; lat: number; maxDistance: number };

/** A price filter: `known` true = known prices only, false = unknown prices only, undefined = both. */
export interface PriceQuery {
  lowest?: number;
  highest?: number;
  known?: boolean;
}

/** `POST /v2/get/events` with every default applied: what a store has to answer, independent of SQL. */
export interface EventsQuery {
  /** Overlap window: an event matches when `startMs <= maxMs` and `endMs >= minMs`. */
  minMs: number;
  maxMs: number;
  /** Any of these main categories (`none` = events without a category); null = no filter. */
  categories: readonly TCategoryFilter[] | null;
  /** Any source with one of these partner names; null = no filter. */
  sources: readonly string[] | null;
  location: LocationQuery | null;
  prices: PriceQuery | null;
  orderBy: TOrderBy;
  /** Reference point of `orderBy: distance`. */
  distanceFrom: { lng: number; lat: number } | null;
  limit: number;
  pageNumber: number;
  commentaries: boolean;
  performers: boolean;
}

/** Resolves a location filter; an empty object means no filter. */
export function toLocationQuery(filter: TLocationFilter | undefined): LocationQuery | null {
  if (!filter) return null;
  if (filter.rectangle) return { kind: 'rectangle', ...filter.rectangle };
  if (filter.circle) return { kind: 'circle', ...filter.circle };
  return null;
}

/** Applies the defaults of the spec and docs/design.md §4.3–4.4 to a validated get-events body, at time `now`. */
export function toEventsQuery(body: TGetEventsRequest, now: number): EventsQuery {
  let minMs = now;
  let maxMs = now + DEFAULT_WINDOW_MS;
  const dates = body.datesFilter;
  if (dates && 'isLive' in dates) {
    // isLive: false is read as "no live restriction", i.e. the default window.
    if (dates.isLive) maxMs = now + LIVE_WINDOW_MS;
  } else if (dates) {
    if (dates.minDate !== undefined) minMs = parseIsoInput(dates.minDate);
    // A window that only names its start keeps the default length from that start.
    if (dates.maxDate !== undefined) maxMs = parseIsoInput(dates.maxDate);
    else if (dates.minDate !== undefined) maxMs = minMs + DEFAULT_WINDOW_MS;
  }
  const prices = body.pricesFilter;
  return {
    minMs,
    maxMs,
    categories: body.categories ?? null,
    sources: body.sources ?? null,
    location: toLocationQuery(body.locationFilter),
    prices:
      prices &&
      (prices.lowestPrice !== undefined || prices.highestPrice !== undefined || prices.hasKnownPrice !== undefined)
        ? { lowest: prices.lowestPrice, highest: prices.highestPrice, known: prices.hasKnownPrice }
        : null,
    orderBy: body.orderBy ?? 'endDate',
    distanceFrom: body.orderByDistance ?? null,
    limit: body.limit ?? LIMITS.defaultLimit,
    pageNumber: body.pageNumber ?? 1,
    commentaries: body.getCommentaries ?? false,
    performers: body.getPerformers ?? false,
  };
}
