import 'client-only';
import type * as EventMapModule from '@/components/map/event-map';
import { boundsAround } from '@/lib/explorer/bounds';
import { bucketedNow, prefetchEvents, viewSearchParams } from '@/lib/explorer/events-request';
import { decodeState } from '@/lib/explorer/state';
import { hasWebGl } from '@/lib/explorer/webgl';
import { loadMapLibre, mapLibUrl } from '@/lib/map/load-maplibre';

// The map chunk (the map island and react-map-gl) is not part of the page's scripts; the list never waits for it.
// MapLibre itself (~300 kB gzip) is a native ES module the app serves, loaded beside it (loadMapLibre).
let mapChunk: Promise<typeof EventMapModule> | undefined;
export const loadMapChunk = () => (mapChunk ??= import('@/components/map/event-map'));

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
