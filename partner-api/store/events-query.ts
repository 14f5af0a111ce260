import { LIMITS, parseIsoInput, type TGetCatalogueRequest } from '@/lib/contract';
import { toLocationQuery, type LocationQuery } from '@/lib/event-index/events-query';

// The events query is shared with the web app's read model (lib/event-index); the catalogue's and the pages' shapes
// are the service's own.
export {
  DEFAULT_WINDOW_MS,
  LIVE_WINDOW_MS,
  toEventsQuery,
  toLocationQuery,
  type EventsQuery,
  type LocationQuery,
  type PriceQuery,
  type TCategoryFilter,
} from '@/lib/event-index/events-query';

/** `POST /v2/get/catalogue` with defaults applied. */
export interface CatalogueQuery {
  location: LocationQuery | null;
  /** Epoch ms; null = a full snapshot. */
  since: number | null;
  trackAvailabilities: boolean;
  limit: number;
  pageNumber: number;
}

/** One page of pre-serialized events (link markers still in) and the exact count of all matches. */
export interface EventsPage {
  totalItems: number;
  /**
   * Event JSON objects in order, with `commentaries`/`performers` filled as asked, each as UTF-8 bytes: a page is
   * assembled from them without decoding them first (docs/design.md §5).
   */
  items: Buffer[];
}

/** An events query's page, with how many events the index examined to find its matches (a metric's input). */
export interface FoundEvents extends EventsPage {
  /**
   * Events the index visited before its exact filters: the grid cells' or the date ranges' events, whichever set was
   * smaller, or every event for a sequential pass (lib/event-index/event-index.ts, `matches`).
   */
  candidates: number;
}

/** One page of the catalogue feed (docs/design.md §4.5). */
export interface CataloguePage extends EventsPage {
  eventIdsCancelled: number[];
  eventIdsNotAvailable: number[];
  eventIdsPassed: number[];
  eventIdsDeleted: number[];
}

/** Applies the defaults to a validated catalogue body. */
export function toCatalogueQuery(body: TGetCatalogueRequest): CatalogueQuery {
  return {
    location: toLocationQuery(body.locationFilter),
    since: body.lastUpdatedAt === undefined ? null : parseIsoInput(body.lastUpdatedAt),
    trackAvailabilities: body.trackAvailabilities ?? false,
    limit: body.limit ?? LIMITS.defaultLimit,
    pageNumber: body.pageNumber ?? 1,
  };
}
