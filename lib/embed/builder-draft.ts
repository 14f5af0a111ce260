import type { TMainCategory } from '@/lib/contract/categories';
import { formatArea, parseArea } from '@/lib/explorer/preset';
import type { Sort } from '@/lib/explorer/state';
import { parseNearKm } from './near';
import type { EmbedTarget, EmbedTheme, Lockable } from './params';
import type { EmbedWhen, SnippetOptions } from './snippet';

/*
 * The embed builder's form as the partner edits it (free text where they type), and the check that turns it into
 * snippet options. An invalid field is reported beside itself and never reaches the snippet: the snippet keeps that
 * field's last valid value.
 */

export const MIN_HEIGHT = 300;
export const MAX_HEIGHT = 2000;
/** The radius "near the visitor" starts with (a town's centre and its neighbours). */
const DEFAULT_NEAR_KM = 5;

export interface BuilderDraft {
  categories: TMainCategory[];
  /**
   * `none`: no area; `map`: the area typed, drawn on the map or taken from a town; `near`: around the visitor's
   * position, with that area as the fallback.
   */
  areaMode: 'none' | 'map' | 'near';
  areaText: string;
  /** The radius around the visitor, in km, as typed (`near` only). */
  nearText: string;
  live: boolean;
  when: EmbedWhen;
  /** '' any, 'free', or a ceiling in euros as typed. */
  price: string;
  sort: Sort;
  lock: Lockable[];
  locale: 'fr' | 'en';
  theme: EmbedTheme;
  target: EmbedTarget;
  heightText: string;
}

/** What is wrong with a field, as a key of the builder's messages. */
export type DraftError =
  'areaInvalid' | 'nearInvalid' | 'heightInvalid' | 'priceInvalid' | 'lockCategories' | 'lockLive' | 'lockArea';

export type DraftErrors = Partial<Record<'area' | 'near' | 'height' | 'price' | 'lock', DraftError>>;

export function initialDraft(defaults: { categories: readonly TMainCategory[]; locale: 'fr' | 'en' }): BuilderDraft {
  return {
    categories: [...defaults.categories],
    areaMode: 'none',
    areaText: '',
    nearText: String(DEFAULT_NEAR_KM),
    live: false,
    when: '',
    price: '',
    sort: 'soonest',
    lock: [],
    locale: defaults.locale,
    theme: 'light',
    // A new tab: "the same window" would replace the partner's whole page with the event's (the builder says so).
    target: '_blank',
    heightText: '600',
  };
}

function parseHeight(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null;
  const height = Number(text);
  return height >= MIN_HEIGHT && height <= MAX_HEIGHT ? height : null;
}

function parsePrice(text: string): { free: boolean; maxPrice: number | null } | null {
  if (text === '') return { free: false, maxPrice: null };
  if (text === 'free') return { free: true, maxPrice: null };
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const max = Number(text);
  return max <= 100_000 ? { free: false, maxPrice: max } : null;
}

/**
 * The snippet options of a draft, its errors, and the options the snippet shows: each invalid field replaced by its
 * value in `lastValid` (the options the snippet showed before).
 */
export function checkDraft(
  draft: BuilderDraft,
  lastValid: SnippetOptions,
): { options: SnippetOptions; errors: DraftErrors } {
  const errors: DraftErrors = {};
  let bbox = '';
  if (draft.areaMode !== 'none') {
    const area = parseArea(draft.areaText);
    if (area) bbox = formatArea(area);
    else {
      errors.area = 'areaInvalid';
      bbox = lastValid.bbox;
    }
  }
  let near: number | null = null;
  if (draft.areaMode === 'near') {
    near = parseNearKm(draft.nearText);
    if (near === null) {
      errors.near = 'nearInvalid';
      near = lastValid.near ?? DEFAULT_NEAR_KM;
    }
  }
  const height = parseHeight(draft.heightText);
  if (height === null) errors.height = 'heightInvalid';
  const price = parsePrice(draft.price);
  if (price === null) errors.price = 'priceInvalid';

  const lock = draft.lock.filter((part) => {
    const bad =
      part === 'cat' ? draft.categories.length === 0 : part === 'live' ? !draft.live : draft.areaMode === 'none';
    if (bad) errors.lock ??= part === 'cat' ? 'lockCategories' : part === 'live' ? 'lockLive' : 'lockArea';
    return !bad;
  });

  const options: SnippetOptions = {
    categories: [...draft.categories],
    bbox,
    near,
    live: draft.live,
    when: draft.live ? '' : draft.when,
    free: price ? price.free : lastValid.free,
    maxPrice: price ? price.maxPrice : lastValid.maxPrice,
    sort: draft.sort,
    lock,
    locale: draft.locale,
    theme: draft.theme,
    target: draft.target,
    height: height ?? lastValid.height,
  };
  return { options, errors };
}
