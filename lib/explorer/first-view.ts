import type { TExplorerEventsPage } from '@/lib/contract';
import type { MapView } from '@/lib/map/view';
import { boundsAround, roundBounds, type Bounds } from './bounds';
import { viewSearchParams } from './events-params';
import { constrainFilters, decodePreset } from './preset';
import { decodeState, type Camera } from './state';

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
  page: TExplorerEventsPage;
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
 * The first view of a home page URL and its events query, or null when the server does not draw it: the results
 * view (`q`), and date filters (their windows are in the browser's time zone, which the server does not know).
 */
export function firstViewQuery(
  search: URLSearchParams,
  defaultCamera: Camera,
  device: DeviceClass,
  nowMs: number,
): { view: MapView; params: string } | null {
  const state = decodeState(search);
  if (state.q !== null || state.filters.when !== null) return null;
  const preset = decodePreset(search);
  const camera = state.camera ?? defaultCamera;
  const { width, height } = FIRST_VIEW_MAP_SIZES[device];
  const view = { camera, bounds: boundsAround(camera, width, height) };
  const params = viewSearchParams(view, constrainFilters(state.filters, preset), nowMs, preset.area);
  return { view, params: params.toString() };
}

/** Whether the events loaded for `loaded` (its bounds rounded as the query rounds them) cover all of `shown`. */
export function coversView(loaded: MapView, shown: Bounds): boolean {
  const area = roundBounds(loaded.bounds, loaded.camera.zoom);
  return area.west <= shown.west && area.east >= shown.east && area.south <= shown.south && area.north >= shown.north;
}
