import type { TExplorerView, TGetEventsRequest } from '@/lib/contract';
import type { MapView } from '@/lib/map/view';
import { roundBounds, visibleBoundsAround, type Bounds } from './bounds';
import { mercatorY, type Insets } from './fit-camera';
import { viewEventsRequest, viewSearchParams, viewZoom } from './events-params';
import { constrainFilters, decodePreset } from './preset';
import { decodeState, type Camera, type Filters } from './state';

/**
 * The home page's first view, rendered by the server with its events: the cards are in the HTML (the page's largest
 * paint is the list, not a script's work), and the browser starts from the same query and answer instead of asking
 * again.
 */
export interface FirstView {
  view: MapView;
  /** The query string of the view's events load (`GET /api/explorer/events`), the answer's cache key. */
  params: string;
  /** The time the list was drawn at (the five-minute bucket): "live" badges and groups as the server drew them. */
  nowMs: number;
  page: TExplorerView;
  /** The kind of device the server assumed. */
  device: DeviceClass;
}

/**
 * The map's box the server assumes, by kind of device (it cannot know the window's size), and what covers it. Typical
 * rather than largest: a phone of 430 px whose list sheet opens half-way up the map, the map beside the list on a
 * 1600 × 1000 screen. The browser keeps the server's view when its own map shows no more than that (coversView), and
 * loads its own view otherwise.
 */
export const FIRST_VIEW_MAP_SIZES = {
  phone: { width: 430, height: 760, insets: { top: 0, right: 0, bottom: 380, left: 0 } },
  desktop: { width: 1200, height: 900, insets: { top: 0, right: 0, bottom: 0, left: 0 } },
} as const satisfies Record<string, MapBox>;
export type DeviceClass = keyof typeof FIRST_VIEW_MAP_SIZES;

/** A map's box in CSS pixels, and what covers it (the phone's list sheet): the view is the part left uncovered. */
export interface MapBox {
  width: number;
  height: number;
  insets: Insets;
}

/**
 * A view and its events load: the query string the browser sends (the answer's cache key) and the very events request
 * and zoom that query string carries, for the server to answer without reading its own query string back.
 */
export interface ViewQuery {
  view: MapView;
  params: string;
  request: TGetEventsRequest;
  zoom: number;
}

/**
 * The view a home page URL opens on in a map box, and the query string of its events load: the one function the
 * server (the drawn first view), the browser before hydration (first-view-loads) and the explorer (the same query
 * string, the answer's cache key, byte for byte) share. The camera is the URL's, else `fallbackCamera`; the view's
 * bounds are the part of the box nothing covers.
 */
export function openingViewQuery(
  search: URLSearchParams,
  fallbackCamera: Camera,
  box: MapBox,
  nowMs: number,
): ViewQuery {
  const state = decodeState(search);
  const preset = decodePreset(search);
  const camera = state.camera ?? fallbackCamera;
  const view = { camera, bounds: visibleBoundsAround(camera, box, box.insets) };
  const filters = constrainFilters(state.filters, preset);
  return {
    view,
    params: viewQueryString(view, filters, nowMs, preset.area),
    request: viewEventsRequest(view, filters, nowMs, preset.area),
    zoom: viewZoom(camera.zoom),
  };
}

/** The query string of a view's events load under the filters (inside a partner's locked area): the cache key. */
export function viewQueryString(view: MapView, filters: Filters, nowMs: number, area: Bounds | null): string {
  return viewSearchParams(view, filters, nowMs, area).toString();
}

/**
 * The first view of a home page URL and its events query, or null when the server does not draw it: the results
 * view (`q`), and date filters (their windows are in the browser's time zone, which the server does not know).
 */
export function firstViewQuery(
  search: URLSearchParams,
  defaultCamera: Camera,
  device: DeviceClass,
  nowMs: number,
): ViewQuery | null {
  const state = decodeState(search);
  if (state.q !== null || state.filters.when !== null) return null;
  return openingViewQuery(search, defaultCamera, FIRST_VIEW_MAP_SIZES[device], nowMs);
}

/**
 * Whether the server's drawing of the first view still shows what the URL asks for. Back to the explorer restores the
 * page the server drew for the first visit, while the URL holds the camera and filters of the visitor's last state:
 * the drawing and its answer are then another view's, and neither may stand for the current one.
 */
export function firstViewMatches(first: FirstView, search: URLSearchParams, defaultCamera: Camera): boolean {
  return firstViewQuery(search, defaultCamera, first.device, first.nowMs)?.params === first.params;
}

/**
 * How much larger than what the map shows a loaded area may be, each way, and still stand for it: the server's phone
 * box (430 px) kept on phones 390–430 px wide, its desktop box (1200 × 900) on maps from ~1 050 × 790 to its own
 * size; any other map loads its own view once hydrated. A few per cent of the edges may be counted without being
 * seen, never a whole band of the map.
 */
const LARGEST_STAND_IN = 1.15;

/**
 * Whether the events loaded for `loaded` stand for a map showing `shown`: they cover all of it (its bounds rounded as
 * the query rounds them) and not much more, so the list counts about what the map shows — the server's first view
 * for a phone kept on a phone, not a desktop's view kept on a phone whose browser the server took for a desktop.
 */
export function coversView(loaded: MapView, shown: Bounds): boolean {
  const area = roundBounds(loaded.bounds, loaded.camera.zoom);
  const covers =
    area.west <= shown.west && area.east >= shown.east && area.south <= shown.south && area.north >= shown.north;
  const width = (b: Bounds) => b.east - b.west;
  const height = (b: Bounds) => mercatorY(b.south) - mercatorY(b.north);
  return (
    covers &&
    width(loaded.bounds) <= width(shown) * LARGEST_STAND_IN &&
    height(loaded.bounds) <= height(shown) * LARGEST_STAND_IN
  );
}
