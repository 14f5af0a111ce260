import type { TExplorerFilters } from '@/lib/contract/filters';
import type { TExplorerSort } from '@/lib/contract/filter-values';
import type { TGetEventsRequest, TOrderBy, TRectangle } from '@/lib/contract/events';
import { explorerPricesFilter } from '@/lib/contract/prices';
import { daysWindow, presetWindow } from './date-presets';
import { wrapLongitude } from './longitude';

/*
 * The one mapping from the product's filters (lib/contract/filters.ts) to the spec's `POST /v2/get/events` body. The
 * explorer's viewport loads, the home page's first view, the subscription feeds and the embed (an explorer under a
 * preset) all build their request here, and the read model answers that same body as the service does, so a filter
 * means one thing wherever it is set.
 */

/** Map bounds in degrees; `west > east` crosses the antimeridian, values past ±180 come from a map panned across it. */
export interface FiltersArea {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The upstream order of each of the list's sorts. */
export const SORT_ORDER = {
  soonest: 'startDate',
  nearest: 'distance',
  cheapest: 'lowestPrice',
} as const satisfies Record<TExplorerSort, TOrderBy>;

export interface FiltersRequestContext {
  /** The area the events must be in; null for everywhere. */
  area: FiltersArea | null;
  /** Epoch milliseconds the relative windows are read at. */
  now: number;
  /** IANA zone of the date presets and calendar days (the visitor's, or the one a feed's URL names). */
  timeZone: string;
  /** The order: the filters' sort unless `sort` is given; `nearest` measures from `center` (the map's). */
  order?: { sort?: TExplorerSort; center?: { lng: number; lat: number } | null };
  /** The page: `limit` events, page `pageNumber` (1-based). */
  page?: { limit?: number; pageNumber?: number };
  /**
   * Epoch milliseconds that close a window the filters leave open (no date filter, or custom days without a last
   * day). Absent: the window stays open (the service's own default applies).
   */
  horizon?: number;
}

/** The upstream rectangle of an area: wrapped into [-180, 180], every longitude when it spans the world. */
export function rectangleOf(area: FiltersArea): TRectangle {
  const { west, east, south, north } = area;
  const span = west <= east ? east - west : east + 360 - west;
  if (span >= 360) return { minLng: -180, maxLng: 180, minLat: south, maxLat: north };
  return { minLng: wrapLongitude(west), maxLng: wrapLongitude(east), minLat: south, maxLat: north };
}

/**
 * The date window of the filters at `now` in epoch milliseconds (either end open): a preset's, the custom days', or
 * `{now, horizon}` without a date filter when a horizon is given; null for live and for no window.
 */
export function filtersWindow(
  filters: TExplorerFilters,
  now: number,
  timeZone: string,
  horizon?: number,
): { from: number; to: number | null } | null {
  if (filters.live) return null;
  if (filters.when === 'custom') {
    const days = daysWindow(filters.from, filters.to, now, timeZone);
    return days.to === null && horizon !== undefined ? { from: days.from, to: horizon } : days;
  }
  if (filters.when !== null) return presetWindow(filters.when, now, timeZone);
  return horizon === undefined ? null : { from: now, to: horizon };
}

/** The dates filter of the filters at `now`: live, a preset's window, custom days, or the horizon. */
function datesFilter(filters: TExplorerFilters, ctx: FiltersRequestContext): TGetEventsRequest['datesFilter'] {
  if (filters.live) return { isLive: true };
  const window = filtersWindow(filters, ctx.now, ctx.timeZone, ctx.horizon);
  if (!window) return undefined;
  // A window already over (custom days in the past) still makes a valid query rather than a 400: it is cut to now.
  const to = window.to === null ? null : Math.max(window.from, window.to);
  return {
    minDate: new Date(window.from).toISOString(),
    ...(to === null ? {} : { maxDate: new Date(to).toISOString() }),
  };
}

/** A reference point to three decimals (about 100 m): nearby centres share a query, and so a cache entry. */
function referencePoint(center: { lng: number; lat: number }): { lng: number; lat: number } {
  // `+ 0` turns a rounded -0 into 0: the query string writes both as "0".
  return { lng: Number(wrapLongitude(center.lng).toFixed(3)) + 0, lat: Number(center.lat.toFixed(3)) + 0 };
}

/**
 * The events request of the filters in an area, at `now`, in an order and a page. Pure: the same arguments give the
 * same body (the explorer's query string, the first view's and the cache's key are built from it).
 */
export function filtersEventsRequest(filters: TExplorerFilters, ctx: FiltersRequestContext): TGetEventsRequest {
  const body: TGetEventsRequest = {};
  if (ctx.area) body.locationFilter = { rectangle: rectangleOf(ctx.area) };
  if (filters.categories.length > 0) body.categories = [...new Set(filters.categories)];
  const dates = datesFilter(filters, ctx);
  if (dates) body.datesFilter = dates;
  const prices = explorerPricesFilter(filters);
  if (prices) body.pricesFilter = prices;
  const sort = ctx.order?.sort ?? filters.sort;
  const center = ctx.order?.center ?? null;
  // Nearest without a reference point cannot be measured: the list falls back to the soonest.
  if (sort === 'nearest' && center) {
    body.orderBy = SORT_ORDER.nearest;
    body.orderByDistance = referencePoint(center);
  } else body.orderBy = SORT_ORDER[sort === 'nearest' ? 'soonest' : sort];
  if (ctx.page?.limit !== undefined) body.limit = ctx.page.limit;
  if (ctx.page?.pageNumber !== undefined) body.pageNumber = ctx.page.pageNumber;
  return body;
}
