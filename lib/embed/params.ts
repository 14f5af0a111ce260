import type { TMainCategory } from '@/lib/contract/categories';
import { formatArea, parseArea, parseCategories } from '@/lib/explorer/preset';
import { isLocale, type Locale } from '@/lib/i18n/config';
import { cameraForVisible, NO_INSETS } from '@/lib/explorer/fit-camera';
import type { Bounds } from '@/lib/explorer/bounds';
import { FIRST_VIEW_MAP_SIZES, type DeviceClass, type MapBox } from '@/lib/explorer/first-view';
import { roundCamera, type Camera } from '@/lib/explorer/state';
import { cameraFitting } from './camera';
import { embedFilters } from './embed-filters';
import { parseNearKm } from './near';

/*
 * The embed's URL parameters. The partner-facing ones (`categories`, `bbox`) are translated once into the explorer's
 * own state parameters (`cat`, `at`) by a redirect; `locale`, `theme`, `target` and `near` stay in the URL (the explorer
 * keeps them), so the embed never needs a cookie to remember anything.
 */

/** `auto` follows the visitor's `prefers-color-scheme`. */
export const EMBED_THEMES = ['light', 'dark', 'auto'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export const EMBED_TARGETS = ['_top', '_blank'] as const;
export type EmbedTarget = (typeof EMBED_TARGETS)[number];

export interface EmbedOptions {
  locale: Locale;
  theme: EmbedTheme;
  target: EmbedTarget;
  /** `near=<km>`: the embed offers to open around the visitor's position, this radius around it (lib/embed/near.ts). */
  nearKm: number | null;
}

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The embed's presentation options; invalid or missing values fall back to the brand's locale, light, `_top`, and
 * no "near me".
 */
export function embedOptions(params: SearchParams, defaultLocale: Locale): EmbedOptions {
  const locale = first(params.locale);
  const theme = first(params.theme);
  const target = first(params.target);
  return {
    locale: isLocale(locale) ? locale : defaultLocale,
    theme: (EMBED_THEMES as readonly string[]).includes(theme ?? '') ? (theme as EmbedTheme) : 'light',
    target: (EMBED_TARGETS as readonly string[]).includes(target ?? '') ? (target as EmbedTarget) : '_top',
    nearKm: parseNearKm(first(params.near)),
  };
}

/**
 * The map a partner's box is fitted to, by the kind of device the server takes the visitor's for: a frame of about
 * 600×450 in a page's column; on a phone, the part of the map its half-open list leaves (the first view's phone box),
 * or the box's middle would sit at the list's edge with its south half under it.
 */
export const EMBED_FRAMES = {
  desktop: { width: 600, height: 450, insets: NO_INSETS },
  phone: FIRST_VIEW_MAP_SIZES.phone,
} as const satisfies Record<DeviceClass, MapBox>;

/** The camera that shows `area` in the uncovered part of `frame`, as the URL keeps it (lib/explorer/state.ts). */
export function areaCamera(area: Bounds, frame: MapBox): Camera {
  const { width, height, insets } = frame;
  const fitted = cameraFitting(area, width - insets.left - insets.right, height - insets.top - insets.bottom);
  return roundCamera(cameraForVisible(fitted, insets));
}

/** The `at=lat,lng,zoom` parameter that shows `area` in the uncovered part of `frame`. */
function atForArea(area: Bounds, frame: MapBox): string {
  const { lat, lng, zoom } = areaCamera(area, frame);
  return `${lat},${lng},${zoom}`;
}

/** A map camera (`at=lat,lng,zoom`) that shows a `minLng,minLat,maxLng,maxLat` box in the uncovered part of `frame`. */
export function cameraForBbox(bbox: string, frame: MapBox = EMBED_FRAMES.desktop): string | null {
  const area = parseArea(bbox);
  return area ? atForArea(area, frame) : null;
}

/** Preset parts a partner can lock: visitors filter within them and "Clear filters" returns to them. */
export const LOCKABLE = ['cat', 'live', 'area'] as const;
export type Lockable = (typeof LOCKABLE)[number];

/** Parses `lock=cat,live,area`; unknown names are dropped. */
export function parseLock(value: string | undefined): Lockable[] {
  const names = (value ?? '').split(',').map((name) => name.trim());
  return LOCKABLE.filter((name) => names.includes(name));
}

/**
 * The explorer URL query for an embed URL that uses the partner-facing parameters (`categories`, `bbox`, `live`,
 * `lock`), or `null` when there is nothing to translate. `defaultCategories` (the brand's) apply when the URL chooses
 * none. A locked part also goes into the preset parameters (`pcat`, `plive`, `parea`; lib/explorer/preset.ts).
 */
export function normalizedEmbedQuery(
  params: SearchParams,
  defaultCategories: readonly TMainCategory[],
  brandLocks: BrandLocks = {},
  frame: MapBox = EMBED_FRAMES.desktop,
): string | null {
  const categories = first(params.categories);
  const bbox = first(params.bbox);
  const lock = first(params.lock);
  const fresh = !('cat' in params) && !('at' in params) && categories === undefined && bbox === undefined;
  const partnerFacing = categories !== undefined || bbox !== undefined || lock !== undefined;
  if (!partnerFacing && !(fresh && defaultCategories.length > 0) && !missingBrandLocks(params, brandLocks)) {
    return null;
  }

  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === 'categories' || key === 'bbox' || key === 'lock') continue;
    const v = first(value);
    if (v !== undefined) query.set(key, v);
  }
  // The attributes' filters (lib/embed/embed-filters.ts), written back in the explorer's URL form (`cat`, `live`).
  const filters = embedFilters(params);
  const given = categories !== undefined || first(params.cat) !== undefined;
  const chosen = given || !fresh ? filters.categories : parseCategories(defaultCategories.join(','));
  query.delete('cat');
  if (chosen.length > 0) query.set('cat', chosen.join(','));
  const area = parseArea(bbox);
  if (area) {
    query.set('at', atForArea(area, frame));
    // The box itself, for the page to frame again if its map is not the kind of frame taken here (an iframe's width
    // is the host page's; components/explorer/arrival-fit.ts).
    query.set('fit', formatArea(area));
  }
  const live = filters.live;
  query.delete('live');
  if (live) query.set('live', '1');

  const locked = parseLock(lock);
  if (locked.includes('cat') && chosen.length > 0) query.set('pcat', chosen.join(','));
  if (locked.includes('live') && live) query.set('plive', '1');
  if (locked.includes('area') && area) query.set('parea', formatArea(area));
  applyBrandLocks(query, brandLocks);
  return query.toString();
}

/** The preset parts a brand locks in every embed (lib/brand/schema.ts `lockedPreset`). */
export interface BrandLocks {
  categories?: TMainCategory[];
  live?: boolean;
  area?: [number, number, number, number];
}

function missingBrandLocks(params: SearchParams, locks: BrandLocks): boolean {
  return (
    (locks.categories !== undefined && first(params.pcat) === undefined) ||
    (locks.live === true && first(params.plive) === undefined) ||
    (locks.area !== undefined && first(params.parea) === undefined)
  );
}

/**
 * Writes the brand's locks over whatever the URL says: a partner page of that brand cannot widen them. The URL's
 * categories are kept where they fall inside the brand's; the map starts on the brand's area unless the URL's
 * camera is already inside it.
 */
function applyBrandLocks(query: URLSearchParams, locks: BrandLocks): void {
  if (locks.categories) {
    const allowed = locks.categories;
    query.set('pcat', allowed.join(','));
    const chosen = parseCategories(query.get('cat')).filter((c) => allowed.includes(c));
    query.set('cat', (chosen.length > 0 ? chosen : allowed).join(','));
  }
  if (locks.live) {
    query.set('plive', '1');
    query.set('live', '1');
  }
  if (locks.area) {
    const [west, south, east, north] = locks.area;
    query.set('parea', formatArea({ west, south, east, north }));
    const at = (query.get('at') ?? '').split(',').map(Number);
    const inside = at.length === 3 && at[1]! >= west && at[1]! <= east && at[0]! >= south && at[0]! <= north;
    if (!inside) query.set('at', cameraForBbox(locks.area.join(','))!);
  }
}
