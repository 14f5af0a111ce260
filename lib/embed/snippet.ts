import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import { DEFAULT_FILTERS, type Filters, type Sort } from '@/lib/explorer/state';
import { embedFilterParams } from './embed-filters';
import type { EmbedTarget, EmbedTheme, Lockable } from './params';

/** The date presets an embed can start on (a custom window would go stale on a partner's page). */
export const EMBED_WHEN = ['', 'today', 'tonight', 'weekend', 'week'] as const;
export type EmbedWhen = (typeof EMBED_WHEN)[number];

/** What the snippet page lets a partner choose: only valid values (lib/embed/builder-draft.ts checks them). */
export interface SnippetOptions {
  categories: TMainCategory[];
  /** `minLng,minLat,maxLng,maxLat`, or '' for no area (with `near`, where the map opens until it knows the visitor's). */
  bbox: string;
  /** Open around the visitor's position, this radius in km (lib/embed/near.ts), or null for the fixed area. */
  near: number | null;
  live: boolean;
  when: EmbedWhen;
  free: boolean;
  maxPrice: number | null;
  sort: Sort;
  /** Preset parts visitors stay within (see lib/explorer/preset.ts). */
  lock: Lockable[];
  locale: 'fr' | 'en';
  theme: EmbedTheme;
  target: EmbedTarget;
  height: number;
}

/** The filters a snippet's options choose (lib/contract/filters.ts's vocabulary). */
export function snippetFilters(options: SnippetOptions): Filters {
  return {
    ...DEFAULT_FILTERS,
    // In the catalogue's order, as the explorer's URL keeps them.
    categories: MAIN_CATEGORIES.filter((category) => options.categories.includes(category)),
    live: options.live,
    when: options.live || !options.when ? null : options.when,
    free: options.free,
    maxPrice: options.free ? null : options.maxPrice,
    knownPrice: options.free,
    sort: options.sort,
  };
}

/** The embed URL for a set of options (only the parameters that differ from the defaults). */
export function embedUrl(origin: string, options: SnippetOptions): string {
  const query = new URLSearchParams();
  if (options.bbox) query.set('bbox', options.bbox);
  if (options.near !== null) query.set('near', String(options.near));
  for (const [key, value] of embedFilterParams(snippetFilters(options))) query.set(key, value);
  if (options.lock.length > 0) query.set('lock', options.lock.join(','));
  query.set('locale', options.locale);
  if (options.theme !== 'light') query.set('theme', options.theme);
  if (options.target !== '_top') query.set('target', options.target);
  return `${origin}/embed?${query.toString()}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The copy-paste HTML: the iframe, and a listener that follows the embed's `eventmap:height` messages (from the
 * embed's origin only) to size it. An embed that follows the visitor's position gets `allow="geolocation"`: browsers
 * deny the position to a cross-origin frame unless its host page delegates it.
 */
export function embedSnippet(origin: string, title: string, options: SnippetOptions): string {
  const id = 'eventmap-embed';
  return [
    `<iframe id="${id}" src="${escapeAttribute(embedUrl(origin, options))}" title="${escapeAttribute(title)}"`,
    `  width="100%" height="${Math.round(options.height)}" style="border:0;display:block" loading="lazy"`,
    `  allow="${options.near === null ? 'fullscreen' : 'fullscreen; geolocation'}"></iframe>`,
    '<script>',
    '  window.addEventListener("message", function (event) {',
    `    if (event.origin !== ${JSON.stringify(origin)} || !event.data || event.data.type !== "eventmap:height") return;`,
    `    var frame = document.getElementById("${id}");`,
    '    if (frame && event.data.height > 0) frame.style.height = Math.ceil(event.data.height) + "px";',
    '  });',
    '</script>',
  ].join('\n');
}

/** The plain link: the same embed as a page of its own, for a newsletter or a button. */
export function embedLink(origin: string, title: string, options: SnippetOptions): string {
  return `<a href="${escapeAttribute(embedUrl(origin, options))}">${escapeAttribute(title)}</a>`;
}
