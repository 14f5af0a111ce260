import type { TExplorerView, TGetEventsRequest } from '@/lib/contract';
import type { MapView } from '@/lib/map/view';
import { boundsAround, roundBounds, type Bounds } from './bounds';
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
 * The map's box the server assumes, by kind of device (it cannot know the window's size). Typical rather than
 * largest: a phone of 430 px, the map beside the list on a 1600 × 1000 screen. The browser keeps the server's view
 * when its own map shows no more than that (coversView), and loads its own view otherwise.
 */
export const FIRST_VIEW_MAP_SIZES = {
  phone: { width: 430, height: 760 },
  desktop: { width: 1200, height: 900 },
} as const;
export type DeviceClass = keyof typeof FIRST_VIEW_MAP_SIZES;

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
 * The view a home page URL opens on in a map box of `box` pixels, and the query string of its events load: the one
 * function the server (the drawn first view), the browser before hydration (first-view-loads) and the explorer (the
 * same query string, the answer's cache key, byte for byte) share. The camera is the URL's, else `fallbackCamera`.
 */
export function openingViewQuery(
  search: URLSearchParams,
  fallbackCamera: Camera,
  box: { width: number; height: number },
  nowMs: number,
): ViewQuery {
  const state = decodeState(search);
  const preset = decodePreset(search);
  const camera = state.camera ?? fallbackCamera;
  const view = { camera, bounds: boundsAround(camera, box.width, box.height) };
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

/** Whether the events loaded for `loaded` (its bounds rounded as the query rounds them) cover all of `shown`. */
export function coversView(loaded: MapView, shown: Bounds): boolean {
  const area = roundBounds(loaded.bounds, loaded.camera.zoom);
  return area.west <= shown.west && area.east >= shown.east && area.south <= shown.south && area.north >= shown.north;
}
