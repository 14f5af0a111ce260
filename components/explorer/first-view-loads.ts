import 'client-only';
import type * as EventMapModule from '@/components/map/event-map';
import { bucketedNow, prefetchEvents } from '@/lib/explorer/events-request';
import { openingViewQuery } from '@/lib/explorer/first-view';
import { coveredInsets } from './covered-insets';

// The map chunk (the map island and react-map-gl) is not part of the page's scripts; the list never waits for it.
// MapLibre itself (~300 kB gzip) is a native ES module the app serves, loaded beside it (loadMapLibre) when the map
// starts (components/explorer/use-map-start.ts).
let mapChunk: Promise<typeof EventMapModule> | undefined;
export const loadMapChunk = () => (mapChunk ??= import('@/components/map/event-map'));

/**
 * Requests the first viewport's events from the server-rendered page, before hydration, when the server did not draw
 * them (`data-first-view` absent: a results view, date filters, the service slow): the camera comes from the URL
 * (else the brand's default, which the map area carries), the size from the map area's layout and what covers it
 * from the results panel's (the phone's half-open sheet). The explorer computes the same query string once hydrated
 * and picks the response up (fetchEvents).
 */
function prefetchFirstView() {
  const area = document.querySelector<HTMLElement>('[data-map-area]');
  const panel = document.getElementById('results');
  // Both laid out, or the explorer asks itself once hydrated: a query for an area the page does not show is wasted.
  if (!area || !panel || area.dataset.firstView !== undefined) return;
  if (area.clientWidth === 0 || area.clientHeight === 0) return;
  const [lng = NaN, lat = NaN, zoom = NaN] = (area.dataset.defaultCamera ?? '').split(',').map(Number);
  if (![lng, lat, zoom].every(Number.isFinite)) return;
  const fallback = { lng, lat, zoom };
  const box = {
    width: area.clientWidth,
    height: area.clientHeight,
    insets: coveredInsets(area, panel),
  };
  const { params } = openingViewQuery(
    new URLSearchParams(window.location.search),
    fallback,
    box,
    bucketedNow().getTime(),
  );
  prefetchEvents(new URLSearchParams(params));
}

let started = false;

/**
 * Starts the first events request, once, from the first script that runs (the explorer's loader), not after
 * hydration, when the server did not draw the first view. The map's own downloads wait for the page (useMapStart).
 */
export function startFirstViewLoads(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  prefetchFirstView();
}
