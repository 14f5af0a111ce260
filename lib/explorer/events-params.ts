import type { MapView } from '@/lib/map/view';
import { roundBounds, type Bounds } from './bounds';
import type { TGetEventsRequest, TOrderBy } from '@/lib/contract';
import { filtersEventsRequest } from '@/lib/shared/filters-request';
import { clampToArea } from './preset';
import type { Camera, Filters } from './state';

/*
 * The query of a viewport's events load, shared by the browser (every load) and the server (the home page's first
 * view, rendered with its events).
 */

/** How many events one viewport load draws (the API's maximum page). */
export const VIEWPORT_LIMIT = 500;

/** Time is bucketed so that the query key (and cache entry) stays the same for a few minutes. */
const NOW_BUCKET_MS = 5 * 60_000;

/** The start of the current five-minute bucket. */
export function bucketedNow(now = Date.now()): Date {
  return new Date(Math.floor(now / NOW_BUCKET_MS) * NOW_BUCKET_MS);
}

/** The visitor's time zone: the explorer's date presets are read on the visitor's clock. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** `sort` of `GET /api/explorer/events` for each upstream order the mapping produces. */
const SORT_PARAM: Partial<Record<TOrderBy, string>> = {
  startDate: 'soonest',
  endDate: 'ending',
  distance: 'nearest',
  lowestPrice: 'cheapest',
};

/**
 * The query string of `GET /api/explorer/events` carrying an events request (stable parameter order): the exact
 * inverse of the route's parser (lib/api/parse-events-params.ts), so the server reads back the very body built here.
 * The browser sends its requests as a query string (a GET is cached by the CDN and the browser); the server-side
 * callers (the first view) use the body itself.
 */
export function eventsRequestSearchParams(body: TGetEventsRequest): URLSearchParams {
  const p = new URLSearchParams();
  const rect = body.locationFilter?.rectangle;
  if (rect) {
    p.set('minLng', String(rect.minLng));
    p.set('maxLng', String(rect.maxLng));
    p.set('minLat', String(rect.minLat));
    p.set('maxLat', String(rect.maxLat));
  }
  if (body.categories) p.set('categories', body.categories.join(','));
  if (body.sources) p.set('sources', body.sources.join(','));
  const dates = body.datesFilter;
  if (dates && 'isLive' in dates && dates.isLive) p.set('live', '1');
  else if (dates && !('isLive' in dates)) {
    if (dates.minDate !== undefined) p.set('from', dates.minDate);
    if (dates.maxDate !== undefined) p.set('to', dates.maxDate);
  }
  const prices = body.pricesFilter;
  if (prices && prices.lowestPrice === 0 && prices.highestPrice === 0 && prices.hasKnownPrice === true) {
    p.set('free', '1');
  } else if (prices) {
    if (prices.lowestPrice !== undefined) p.set('minPrice', String(prices.lowestPrice));
    if (prices.highestPrice !== undefined) p.set('maxPrice', String(prices.highestPrice));
    if (prices.hasKnownPrice !== undefined) p.set('knownPrice', prices.hasKnownPrice ? '1' : '0');
  }
  const sort = body.orderBy === undefined ? undefined : SORT_PARAM[body.orderBy];
  if (sort) p.set('sort', sort);
  if (body.orderByDistance) {
    p.set('lng', String(body.orderByDistance.lng));
    p.set('lat', String(body.orderByDistance.lat));
  }
  if (body.limit !== undefined) p.set('limit', String(body.limit));
  if (body.pageNumber !== undefined) p.set('page', String(body.pageNumber));
  return p;
}

/** The events request of a viewport's load under the filters, centred on `center` for the nearest order. */
export function viewportEventsRequest(
  bounds: Bounds,
  filters: Filters,
  center: Camera,
  now: Date,
  timeZone = localTimeZone(),
): TGetEventsRequest {
  return filtersEventsRequest(filters, {
    area: bounds,
    now: now.getTime(),
    timeZone,
    order: { center },
    page: { limit: VIEWPORT_LIMIT },
  });
}

/** Builds the query string of `GET /api/explorer/events` for a viewport and the filters (stable parameter order). */
export function eventsSearchParams(bounds: Bounds, filters: Filters, center: Camera, now: Date): URLSearchParams {
  return eventsRequestSearchParams(viewportEventsRequest(bounds, filters, center, now));
}

/** The area of a view's events load: bounds rounded to the zoom's grid, cut to the partner's locked area, if any. */
function viewArea(view: MapView, area: Bounds | null): Bounds {
  return clampToArea(roundBounds(view.bounds, view.camera.zoom), area);
}

/** The events request of a view (what the query string of {@link viewSearchParams} carries, without the zoom). */
export function viewEventsRequest(
  view: MapView,
  filters: Filters,
  nowMs: number,
  area: Bounds | null = null,
): TGetEventsRequest {
  return viewportEventsRequest(viewArea(view, area), filters, view.camera, new Date(nowMs));
}

/**
 * The query string of a view's events load: bounds rounded to the zoom's grid, so small pans share a cache entry,
 * then cut to the partner's locked area, if any, so no event outside it is listed.
 */
export function viewSearchParams(
  view: MapView,
  filters: Filters,
  nowMs: number,
  area: Bounds | null = null,
): URLSearchParams {
  const params = eventsRequestSearchParams(viewEventsRequest(view, filters, nowMs, area));
  // The whole zoom level the answer's clusters are drawn for (as the bounds' grid): a fraction of a level shares it.
  params.set('zoom', String(viewZoom(view.camera.zoom)));
  return params;
}

/** The zoom level a view's answer is clustered at: the whole level the camera is in. */
export function viewZoom(zoom: number): number {
  return Math.max(0, Math.min(22, Math.floor(zoom)));
}
