import type { MapView } from '@/components/map/event-map';
import { boundsAround, roundBounds } from './bounds';
import { bucketedNow, eventsSearchParams, prefetchEvents } from './events-request';
import { decodeState, type Filters } from './state';
import { hasWebGl } from './webgl';
import { loadMapLibre } from '@/lib/map/load-maplibre';

// The map chunk (the map island and react-map-gl) is not part of the page's scripts; the list never waits for it.
// MapLibre itself (~300 kB gzip) is a native ES module the app serves, loaded beside it (loadMapLibre).
let mapChunk: Promise<typeof import('@/components/map/event-map')> | undefined;
export const loadMapChunk = () => (mapChunk ??= import('@/components/map/event-map'));

/** The absolute URL of the MapLibre modules, from the path the server gave. */
export const mapLibUrl = (path: string) => `${window.location.origin}${path}`;

/** The query string of a view's events load: bounds rounded to the zoom's grid, so small pans share a cache entry. */
export function viewSearchParams(view: MapView, filters: Filters, nowMs: number): URLSearchParams {
  return eventsSearchParams(roundBounds(view.bounds, view.camera.zoom), filters, view.camera, new Date(nowMs));
}

/**
 * Requests the first viewport's events from the server-rendered page, before hydration: the camera comes from the
 * URL (else the brand's default, which the map area carries) and the size from the map area's layout. The explorer
 * computes the same query string once hydrated and picks the response up (fetchEvents).
 */
function prefetchFirstView() {
  const area = document.querySelector<HTMLElement>('[data-map-area]');
  if (!area) return;
  if (area.dataset.maplibre) void loadMapLibre(mapLibUrl(area.dataset.maplibre));
  if (area.clientWidth === 0 || area.clientHeight === 0) return;
  const state = decodeState(new URLSearchParams(window.location.search));
  const [lng, lat, zoom] = (area.dataset.defaultCamera ?? '').split(',').map(Number);
  const fallback = lng !== undefined && lat !== undefined && zoom !== undefined ? { lng, lat, zoom } : null;
  const camera = state.camera ?? fallback;
  if (!camera || ![camera.lng, camera.lat, camera.zoom].every(Number.isFinite)) return;
  const nowMs = bucketedNow().getTime();
  const view = { camera, bounds: boundsAround(camera, area.clientWidth, area.clientHeight) };
  prefetchEvents(viewSearchParams(view, state.filters, nowMs));
}

let started = false;

/**
 * In a browser that can show a map, starts the map chunk's and MapLibre's downloads and the first events request,
 * once, from the first script that runs (the explorer's loader), not after hydration.
 */
export function startFirstViewLoads(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (!hasWebGl()) return;
  void loadMapChunk();
  prefetchFirstView();
}
