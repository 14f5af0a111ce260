import 'client-only';
import type { TEvent, TPagination } from '@/lib/contract';
import type { MapView } from '@/lib/map/view';
import { roundBounds, type Bounds } from './bounds';
import { dateWindow } from './dates';
import type { Camera, Filters } from './state';

/** How many events one viewport load draws (the API's maximum page). */
export const VIEWPORT_LIMIT = 500;

/** Time is bucketed so that the query key (and cache entry) stays the same for a few minutes. */
const NOW_BUCKET_MS = 5 * 60_000;

/** The start of the current five-minute bucket. */
export function bucketedNow(now = Date.now()): Date {
  return new Date(Math.floor(now / NOW_BUCKET_MS) * NOW_BUCKET_MS);
}

const SORT_PARAM = { soonest: 'soonest', nearest: 'nearest', cheapest: 'cheapest' } as const;

/** Builds the query string of `GET /api/events` for a viewport and the filters (stable parameter order). */
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

/** The query string of a view's events load: bounds rounded to the zoom's grid, so small pans share a cache entry. */
export function viewSearchParams(view: MapView, filters: Filters, nowMs: number): URLSearchParams {
  return eventsSearchParams(roundBounds(view.bounds, view.camera.zoom), filters, view.camera, new Date(nowMs));
}

/** A page of `/api/events`. */
export interface EventsPage {
  data: TEvent[];
  pagination: TPagination;
}

/** An HTTP failure of the web app's own API, with the status for retry decisions. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Requests started before the explorer hydrated, by query string. The first `fetchEvents` takes the one it matches and
 * drops the others, so a response never serves a later query (it would be as old as the page).
 */
const early = new Map<string, Promise<EventsPage>>();

/**
 * Starts loading a viewport page now, for a `fetchEvents` with the same parameters to pick up later: the first page is
 * requested while React is still hydrating, instead of after it (the explorer's effects run late on a busy thread).
 */
export function prefetchEvents(params: URLSearchParams): void {
  const key = params.toString();
  if (early.has(key)) return;
  const request = requestEvents(params);
  // An unclaimed failure must not surface as an unhandled rejection; the claimer still sees it.
  request.catch(() => {});
  early.set(key, request);
}

/** Fetches one viewport page; the signal cancels it when the viewport moves on. */
export async function fetchEvents(params: URLSearchParams, signal?: AbortSignal): Promise<EventsPage> {
  const key = params.toString();
  const started = early.get(key);
  early.clear();
  return started ?? requestEvents(params, signal);
}

async function requestEvents(params: URLSearchParams, signal?: AbortSignal): Promise<EventsPage> {
  const res = await fetch(`/api/events?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) {
    let detail = `HTTP ${res.status}`;
    try {
      const problem = (await res.json()) as { title?: string; detail?: string };
      detail = problem.detail ?? problem.title ?? detail;
    } catch {
      // not problem+json: keep the status line
    }
    throw new ApiError(res.status, detail);
  }
  return (await res.json()) as EventsPage;
}

/** The position drawn for an event: its map place, else its place's address (as the API filters by). */
export function eventPosition(event: TEvent): [number, number] | null {
  const lng = event.mapPlace?.lng ?? event.place?.address?.lng;
  const lat = event.mapPlace?.lat ?? event.place?.address?.lat;
  if (typeof lng !== 'number' || typeof lat !== 'number') return null;
  return [lng, lat];
}
