import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { isLocale, type Locale } from '@/lib/i18n/config';

/*
 * The embed's URL parameters. The partner-facing ones (`categories`, `bbox`) are translated once into the explorer's
 * own state parameters (`cat`, `at`) by a redirect; `locale`, `theme` and `target` stay in the URL (the explorer
 * keeps them), so the embed never needs a cookie to remember anything.
 */

export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export const EMBED_TARGETS = ['_top', '_blank'] as const;
export type EmbedTarget = (typeof EMBED_TARGETS)[number];

export interface EmbedOptions {
  locale: Locale;
  theme: EmbedTheme;
  target: EmbedTarget;
}

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The embed's presentation options; invalid or missing values fall back to the brand's locale, light, `_top`. */
export function embedOptions(params: SearchParams, defaultLocale: Locale): EmbedOptions {
  const locale = first(params.locale);
  const theme = first(params.theme);
  const target = first(params.target);
  return {
    locale: isLocale(locale) ? locale : defaultLocale,
    theme: (EMBED_THEMES as readonly string[]).includes(theme ?? '') ? (theme as EmbedTheme) : 'light',
    target: (EMBED_TARGETS as readonly string[]).includes(target ?? '') ? (target as EmbedTarget) : '_top',
  };
}

/** A map camera (`at=lat,lng,zoom`) that shows a `minLng,minLat,maxLng,maxLat` box in a frame of about 600×450. */
export function cameraForBbox(bbox: string): string | null {
  const parts = bbox.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [minLng, minLat, maxLng, maxLat] = parts as [number, number, number, number];
  if (minLng < -180 || maxLng > 180 || minLat < -85 || maxLat > 85 || minLng >= maxLng || minLat >= maxLat) {
    return null;
  }
  const lng = (minLng + maxLng) / 2;
  const lat = (minLat + maxLat) / 2;
  // Web Mercator: 512 px span 360° at zoom 0; latitudes stretch by 1 / cos(lat).
  const zoomLng = Math.log2((600 * 360) / (512 * (maxLng - minLng)));
  const zoomLat = Math.log2((450 * 360 * Math.cos((lat * Math.PI) / 180)) / (512 * (maxLat - minLat)));
  const zoom = Math.min(18, Math.max(1, Math.min(zoomLng, zoomLat)));
  const round = (n: number, digits: number) => Number(n.toFixed(digits));
  return `${round(lat, 4)},${round(lng, 4)},${round(zoom, 2)}`;
}

/**
 * The explorer URL query for an embed URL that uses the partner-facing parameters, or `null` when there is nothing
 * to translate. `defaultCategories` (the brand's) apply when the URL chooses none.
 */
export function normalizedEmbedQuery(params: SearchParams, defaultCategories: readonly TMainCategory[]): string | null {
  const categories = first(params.categories);
  const bbox = first(params.bbox);
  const fresh = !('cat' in params) && !('at' in params) && categories === undefined && bbox === undefined;
  if (categories === undefined && bbox === undefined && !(fresh && defaultCategories.length > 0)) return null;

  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === 'categories' || key === 'bbox') continue;
    const v = first(value);
    if (v !== undefined) query.set(key, v);
  }
  const chosen = (categories ?? (fresh ? defaultCategories.join(',') : ''))
    .split(',')
    .map((c) => c.trim())
    .filter((c): c is TMainCategory => (MAIN_CATEGORIES as readonly string[]).includes(c));
  if (chosen.length > 0) query.set('cat', [...new Set(chosen)].join(','));
  const at = bbox === undefined ? null : cameraForBbox(bbox);
  if (at) query.set('at', at);
  if (first(params.live) === '1' || first(params.live) === 'true') query.set('live', '1');
  return query.toString();
}
