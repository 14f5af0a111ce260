import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import {
  DEFAULT_EXPLORER_FILTERS,
  EXPLORER_DATE_PRESETS,
  EXPLORER_SORTS,
  MAX_FILTER_PRICE,
  isCalendarDay,
  type TExplorerDatePreset,
  type TExplorerSort,
} from '@/lib/contract/filter-values';
import type { TExplorerFilters } from '@/lib/contract/filters';
import { wrapLongitude } from '@/lib/shared/longitude';

/*
 * The explorer's whole state lives in the URL, so links are shareable, a reload restores the view and back/forward
 * work. This module is the one codec between that state and the query string; unknown or invalid values decode to
 * the defaults instead of failing (a hand-edited link must still open the page).
 *
 *   ?at=48.8566,2.3522,12   camera: lat,lng,zoom (4/4/2 decimals)
 *   &live=1                 live now (excludes `when`)
 *   &cat=musique,expo       main categories
 *   &when=today|tonight|weekend|week|custom   date preset; custom uses &from=YYYY-MM-DD&to=YYYY-MM-DD
 *   &free=1 | &max=30 &known=1               price
 *   &sort=soonest|nearest|cheapest           (soonest is the default and is left out)
 *   &q=concert              results view: every event matching the text (absent: the map's viewport)
 *   &sel=123                selected event
 */

/** The longest `q` kept from a link: more is cut (the view then says the text is too long to search). */
const MAX_QUERY_PARAM = 1000;

export const DATE_PRESETS = EXPLORER_DATE_PRESETS;
export type DatePreset = TExplorerDatePreset;

export const SORTS = EXPLORER_SORTS;
export type Sort = TExplorerSort;

export interface Camera {
  lng: number;
  lat: number;
  zoom: number;
}

/**
 * The explorer's filters: the product's vocabulary (lib/contract/filters.ts), with the categories its chips offer
 * (the main ones; `none` is a feed's). The URL decodes to a value the contract's schema accepts.
 */
export type Filters = Omit<TExplorerFilters, 'categories'> & { categories: TMainCategory[] };

export interface ExplorerState {
  camera: Camera | null;
  filters: Filters;
  /** The results view's text, as given (even blank or unsearchable: the view says why); null for the map's view. */
  q: string | null;
  selected: number | null;
}

export const DEFAULT_FILTERS: Filters = { ...DEFAULT_EXPLORER_FILTERS, categories: [] };

/** Where the map opens without a camera in the URL: metropolitan France. */
export const DEFAULT_CAMERA: Camera = { lng: 2.35, lat: 46.6, zoom: 5 };

function isValidDay(value: string | null): value is string {
  return value !== null && isCalendarDay(value);
}

function decodeCamera(value: string | null): Camera | null {
  if (!value) return null;
  const parts = value.split(',').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return null;
  const [lat, lng, zoom] = parts as [number, number, number];
  if (lat < -85 || lat > 85 || lng < -180 || lng > 180 || zoom < 0 || zoom > 22) return null;
  return { lat, lng, zoom };
}

/** Rounds a camera to what the URL keeps (about 10 m, a hundredth of a zoom level). */
export function roundCamera(camera: Camera): Camera {
  // Longitudes of a map panned across the antimeridian run past ±180; the URL keeps them wrapped.
  const lng = wrapLongitude(camera.lng);
  return { lat: round(camera.lat, 4), lng: round(lng, 4), zoom: round(camera.zoom, 2) };
}

/** Whether two cameras are the same as the URL keeps them (rounded alike); two absent cameras are the same. */
export function sameCamera(a: Camera | null, b: Camera | null): boolean {
  if (!a || !b) return a === b;
  const ra = roundCamera(a);
  const rb = roundCamera(b);
  return ra.lng === rb.lng && ra.lat === rb.lat && ra.zoom === rb.zoom;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Decodes the explorer state from a query string; invalid parts fall back to their defaults. */
export function decodeState(params: URLSearchParams): ExplorerState {
  const filters: Filters = { ...DEFAULT_FILTERS, categories: [] };
  filters.live = params.get('live') === '1';

  const cats = (params.get('cat') ?? '').split(',');
  const known = new Set<string>(MAIN_CATEGORIES);
  filters.categories = MAIN_CATEGORIES.filter((c) => cats.includes(c) && known.has(c));

  const when = params.get('when');
  if (!filters.live && when && (DATE_PRESETS as readonly string[]).includes(when)) {
    filters.when = when as DatePreset;
    if (filters.when === 'custom') {
      const from = params.get('from');
      const to = params.get('to');
      filters.from = isValidDay(from) ? from : null;
      filters.to = isValidDay(to) ? to : null;
      if (filters.from && filters.to && filters.from > filters.to)
        [filters.from, filters.to] = [filters.to, filters.from];
      if (!filters.from && !filters.to) filters.when = null;
    }
  }

  filters.free = params.get('free') === '1';
  const max = Number(params.get('max') ?? '');
  if (!filters.free && params.get('max') && Number.isFinite(max) && max >= 0 && max <= MAX_FILTER_PRICE)
    filters.maxPrice = max;
  filters.knownPrice = filters.free || params.get('known') === '1';

  const sort = params.get('sort');
  if (sort && (SORTS as readonly string[]).includes(sort)) filters.sort = sort as Sort;

  const sel = params.get('sel');
  const selected = sel && /^\d{1,15}$/.test(sel) ? Number(sel) : null;

  const q = params.get('q');
  return {
    camera: decodeCamera(params.get('at')),
    filters,
    q: q === null ? null : q.trim().slice(0, MAX_QUERY_PARAM),
    selected,
  };
}

/** Encodes the explorer state into a canonical query string (stable key order, defaults left out). */
export function encodeState(state: ExplorerState): URLSearchParams {
  const params = new URLSearchParams();
  const { camera, filters } = state;
  if (camera) {
    const c = roundCamera(camera);
    params.set('at', `${c.lat},${c.lng},${c.zoom}`);
  }
  if (filters.live) params.set('live', '1');
  if (filters.categories.length > 0) {
    params.set('cat', MAIN_CATEGORIES.filter((c) => filters.categories.includes(c)).join(','));
  }
  if (!filters.live && filters.when) {
    params.set('when', filters.when);
    if (filters.when === 'custom') {
      if (filters.from) params.set('from', filters.from);
      if (filters.to) params.set('to', filters.to);
    }
  }
  if (filters.free) params.set('free', '1');
  else {
    if (filters.maxPrice !== null) params.set('max', String(filters.maxPrice));
    if (filters.knownPrice) params.set('known', '1');
  }
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (state.q !== null) params.set('q', state.q);
  if (state.selected !== null) params.set('sel', String(state.selected));
  return params;
}

/**
 * Number of filters that differ from `base` (for the "Clear filters" affordance): the defaults, or the filters of a
 * partner's locked preset (lib/explorer/preset.ts), which "Clear filters" returns to.
 */
export function activeFilterCount(filters: Filters, base: Filters = DEFAULT_FILTERS): number {
  let n = 0;
  if (filters.live !== base.live) n++;
  if (filters.categories.join(',') !== base.categories.join(',')) n++;
  if (filters.when !== base.when) n++;
  if (filters.free || filters.maxPrice !== null || filters.knownPrice) n++;
  return n;
}
