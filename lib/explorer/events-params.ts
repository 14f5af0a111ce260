import type { MapView } from '@/lib/map/view';
import { roundBounds, type Bounds } from './bounds';
import { dateWindow } from './dates';
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

const SORT_PARAM = { soonest: 'soonest', nearest: 'nearest', cheapest: 'cheapest' } as const;

/** Builds the query string of `GET /api/explorer/events` for a viewport and the filters (stable parameter order). */
export function eventsSearchParams(bounds: Bounds, filters: Filters, center: Camera, now: Date): URLSearchParams {
  const p = new URLSearchParams();
  p.set('minLng', String(bounds.west));
  p.set('maxLng', String(bounds.east));
  p.set('minLat', String(bounds.south));
  p.set('maxLat', String(bounds.north));
  if (filters.categories.length > 0) p.set('categories', filters.categories.join(','));
  if (filters.live) p.set('live', '1');
  else {
    const window = dateWindow(filters, now);
    if (window?.from != null) p.set('from', new Date(window.from).toISOString());
    if (window?.to != null) p.set('to', new Date(window.to).toISOString());
  }
  if (filters.free) p.set('free', '1');
  else {
    if (filters.maxPrice !== null) p.set('maxPrice', String(filters.maxPrice));
    if (filters.knownPrice) p.set('knownPrice', '1');
  }
  p.set('sort', SORT_PARAM[filters.sort]);
  if (filters.sort === 'nearest') {
    p.set('lng', center.lng.toFixed(3));
    p.set('lat', center.lat.toFixed(3));
  }
  p.set('limit', String(VIEWPORT_LIMIT));
  return p;
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
  const bounds = clampToArea(roundBounds(view.bounds, view.camera.zoom), area);
  const params = eventsSearchParams(bounds, filters, view.camera, new Date(nowMs));
  // The whole zoom level the answer's clusters are drawn for (as the bounds' grid): a fraction of a level shares it.
  params.set('zoom', String(viewZoom(view.camera.zoom)));
  return params;
}

/** The zoom level a view's answer is clustered at: the whole level the camera is in. */
export function viewZoom(zoom: number): number {
  return Math.max(0, Math.min(22, Math.floor(zoom)));
}
