import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import type { Bounds } from './bounds';
import { DEFAULT_FILTERS, type Filters } from './state';

/*
 * A partner's locked preset: the frame an embed's visitors filter within. Each part is optional; a part that is set
 * is locked. It travels in the URL beside the explorer's own state, so it survives every filter change and reload:
 *
 *   &pcat=musique,spectacle   visitors choose among these categories only (none chosen = all of them)
 *   &plive=1                  live now, always
 *   &parea=minLng,minLat,maxLng,maxLat   the map stays inside this area and only its events are listed
 *
 * A preset part that is not locked is only the embed's starting state (`cat`, `live`, `at`), which the visitor may
 * leave and "Clear filters" clears.
 */

export interface Preset {
  categories: TMainCategory[] | null;
  live: boolean;
  area: Bounds | null;
}

export const NO_PRESET: Preset = { categories: null, live: false, area: null };

/** The URL parameters of a preset, kept by every state change of the explorer. */
export const PRESET_PARAMS = ['pcat', 'plive', 'parea'] as const;

/** Parses `minLng,minLat,maxLng,maxLat`; null unless it is a non-empty box inside the Web Mercator world. */
export function parseArea(value: string | null | undefined): Bounds | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [west, south, east, north] = parts as [number, number, number, number];
  if (west < -180 || east > 180 || south < -85 || north > 85 || west >= east || south >= north) return null;
  return { west, south, east, north };
}

/** `minLng,minLat,maxLng,maxLat`, four decimals (about 10 m). */
export function formatArea(area: Bounds): string {
  const r = (n: number) => Number(n.toFixed(4));
  return [r(area.west), r(area.south), r(area.east), r(area.north)].join(',');
}

/** Parses a list of main categories, keeping the catalogue's order; unknown names are dropped. */
export function parseCategories(value: string | null | undefined): TMainCategory[] {
  const names = (value ?? '').split(',').map((name) => name.trim());
  return MAIN_CATEGORIES.filter((category) => names.includes(category));
}

/** The preset a query string carries (see above); invalid parts are not locked. */
export function decodePreset(params: URLSearchParams): Preset {
  const categories = parseCategories(params.get('pcat'));
  return {
    categories: categories.length > 0 ? categories : null,
    live: params.get('plive') === '1',
    area: parseArea(params.get('parea')),
  };
}

export function hasPreset(preset: Preset): boolean {
  return preset.categories !== null || preset.live || preset.area !== null;
}

/** The filters held inside the preset: categories among the locked ones (all of them when none), live when locked. */
export function constrainFilters(filters: Filters, preset: Preset): Filters {
  let next = filters;
  if (preset.categories) {
    const allowed = preset.categories;
    const chosen = filters.categories.filter((category) => allowed.includes(category));
    next = { ...next, categories: chosen.length > 0 ? chosen : [...allowed] };
  }
  if (preset.live) next = { ...next, live: true, when: null, from: null, to: null };
  return next;
}

/** What "Clear filters" returns to: the defaults inside the preset, the visitor's sort kept. */
export function presetFilters(preset: Preset, sort: Filters['sort']): Filters {
  return constrainFilters({ ...DEFAULT_FILTERS, categories: [], sort }, preset);
}

/** The part of `bounds` inside the preset's area (the area itself when they do not overlap). */
export function clampToArea(bounds: Bounds, area: Bounds | null): Bounds {
  if (!area) return bounds;
  const clamped = {
    west: Math.max(bounds.west, area.west),
    south: Math.max(bounds.south, area.south),
    east: Math.min(bounds.east, area.east),
    north: Math.min(bounds.north, area.north),
  };
  return clamped.west < clamped.east && clamped.south < clamped.north ? clamped : area;
}
