import 'client-only';
import type { TSearchItem, TSearchResponse, TTown } from '@/lib/contract';
import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import type { Locale } from '@/lib/i18n/config';
import { wireInstant } from './card-format';
import { ApiError } from './events-request';

/** Debounce of the search bar's typing. */
export const SEARCH_DEBOUNCE_MS = 250;
export { SEARCH_MIN_CHARS } from './search-text';
/** How many items the bar asks for: the best matches, not every match (the results view has those). */
export const SEARCH_LIMIT = 15;
/** How many towns the bar offers. */
export const TOWN_LIMIT = 4;

/** An event of the bar; a recurring one (same name at the same venue) is one option for all its dates. */
export interface EventOption {
  kind: 'event';
  /** The soonest date's event, which the option opens. */
  id: number;
  label: string;
  venue: string;
  city: string | null;
  /** The soonest date (wire form), or null when the item carried none. */
  startDate: string | null;
  endDate: string | null;
  /** How many dates this option stands for. */
  dates: number;
  category: TMainCategory | null;
  image: string | null;
}
export interface PlaceOption {
  kind: 'place';
  id: string;
  label: string;
  city: string | null;
  address: string;
  lng: number;
  lat: number;
}
export interface PerformerOption {
  kind: 'performer';
  id: number;
  label: string;
  image: string | null;
}
export interface TownOption {
  kind: 'town';
  id: number;
  label: string;
  country: string;
  region: string | null;
  lng: number;
  lat: number;
  population: number;
}

/** One option of the search bar, flattened from the API's item union or the gazetteer. */
export type SearchOption = EventOption | PlaceOption | PerformerOption | TownOption;

/** The query string of `GET /api/search` for a text around a point (the map centre). */
export function searchParams(q: string, center: { lng: number; lat: number } | null): URLSearchParams {
  const p = new URLSearchParams({ q: q.trim(), limit: String(SEARCH_LIMIT) });
  if (center) {
    p.set('lng', center.lng.toFixed(3));
    p.set('lat', center.lat.toFixed(3));
  }
  return p;
}

function mainCategory(categories: readonly { mainCategory?: string }[] | undefined): TMainCategory | null {
  const cat = categories?.[0]?.mainCategory;
  return cat && (MAIN_CATEGORIES as readonly string[]).includes(cat) ? (cat as TMainCategory) : null;
}

function toOption(item: TSearchItem): SearchOption {
  if ('event' in item) {
    const e = item.event;
    return {
      kind: 'event',
      id: e.id,
      label: e.name,
      venue: e.place?.name ?? '',
      city: e.place?.address?.city ?? null,
      startDate: e.startDate ?? null,
      endDate: e.endDate ?? null,
      dates: 1,
      category: mainCategory(e.categories),
      image: e.squareImage ?? e.image ?? null,
    };
  }
  if ('place' in item) {
    const p = item.place;
    return { kind: 'place', id: p.id, label: p.name, city: p.city, address: p.address, lng: p.lng, lat: p.lat };
  }
  const p = item.performer;
  return { kind: 'performer', id: p.id, label: p.name, image: p.webImage ?? p.image ?? null };
}

/**
 * Folds the dates of one recurring event into one option: same name at the same venue. The option keeps the rank of
 * its best-ranked date and opens the soonest one.
 */
export function groupRecurring(options: readonly SearchOption[]): SearchOption[] {
  const out: SearchOption[] = [];
  const byKey = new Map<string, number>();
  for (const option of options) {
    if (option.kind !== 'event') {
      out.push(option);
      continue;
    }
    const key = `${option.label.trim().toLowerCase()}|${option.venue.trim().toLowerCase()}|${option.city ?? ''}`;
    const at = byKey.get(key);
    if (at === undefined) {
      byKey.set(key, out.length);
      out.push(option);
      continue;
    }
    const kept = out[at] as EventOption;
    const sooner = option.startDate && (!kept.startDate || wireInstant(option.startDate) < wireInstant(kept.startDate));
    out[at] = sooner ? { ...option, dates: kept.dates + 1 } : { ...kept, dates: kept.dates + 1 };
  }
  return out;
}

const GROUP_ORDER = { town: 0, event: 1, place: 2, performer: 3 } as const;

/** Results grouped as the bar shows them: events, then places, then performers, each in the API's rank order. */
export function groupResults(items: TSearchResponse): SearchOption[] {
  const options = groupRecurring(items.map(toOption));
  return options
    .map((option, rank) => ({ option, rank }))
    .sort((a, b) => GROUP_ORDER[a.option.kind] - GROUP_ORDER[b.option.kind] || a.rank - b.rank)
    .map(({ option }) => option);
}

/** Fetches search results; the signal cancels a request the user has typed past. */
export async function fetchSearch(params: URLSearchParams, signal?: AbortSignal): Promise<SearchOption[]> {
  const res = await fetch(`/api/search?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
  return groupResults((await res.json()) as TSearchResponse);
}

/**
 * The point town suggestions are ranked from: the map's centre to a tenth of a degree (~10 km), so that nearby views
 * share a cached answer.
 */
export function townsNear(center: { lng: number; lat: number } | null): { lng: number; lat: number } | null {
  return center ? { lng: Math.round(center.lng * 10) / 10, lat: Math.round(center.lat * 10) / 10 } : null;
}

/**
 * Fetches the towns whose name starts with the text (the web app's own gazetteer, no upstream call), named in the
 * page's language: "Bruxelles" on the French site, "Antwerp" on the English one; nearer ones first from `near`
 * (townsNear).
 */
export async function fetchTowns(
  q: string,
  locale: Locale,
  near: { lng: number; lat: number } | null,
  signal?: AbortSignal,
): Promise<TownOption[]> {
  const params = new URLSearchParams({ q: q.trim(), limit: String(TOWN_LIMIT), lang: locale });
  if (near) {
    params.set('lng', String(near.lng));
    params.set('lat', String(near.lat));
  }
  const res = await fetch(`/api/towns?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
  return ((await res.json()) as TTown[]).map((t) => ({
    kind: 'town',
    id: t.id,
    label: t.name,
    country: t.country,
    region: t.region,
    lng: t.lng,
    lat: t.lat,
    population: t.population,
  }));
}

/**
 * The results view asks for this many events first, and this many more each time the visitor asks for more. The
 * search has no page number: a longer list is asked for again, so every list is one ranking (no event twice or lost
 * between pages).
 */
export const SEARCH_RESULTS_PAGE = 50;
/** The most the results view lists (the service's most for one search); beyond it, a narrower text is the way. */
export const SEARCH_RESULTS_MAX = 200;

/** The events matching a text, the best `limit` of them, for the results view: not ranked around the map. */
export async function fetchSearchEvents(q: string, limit: number, signal?: AbortSignal): Promise<TSearchResponse> {
  const params = new URLSearchParams({ q: q.trim(), type: 'events', limit: String(limit) });
  const res = await fetch(`/api/search?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
  return (await res.json()) as TSearchResponse;
}
