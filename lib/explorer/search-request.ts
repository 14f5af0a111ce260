import 'client-only';
import type { TSearchItem, TSearchResponse } from '@/lib/contract';
import { ApiError } from './events-request';

/** Debounce of the search bar's typing, and the shortest query worth sending. */
export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_CHARS = 2;
const SEARCH_LIMIT = 15;

/** One option of the search bar, flattened from the API's item union. */
export type SearchOption =
  | { kind: 'event'; id: number; label: string; detail: string }
  | { kind: 'place'; id: string; label: string; detail: string; lng: number; lat: number }
  | { kind: 'performer'; id: number; label: string; detail: string };

/** The query string of `GET /api/search` for a text around a point (the map centre). */
export function searchParams(q: string, center: { lng: number; lat: number } | null): URLSearchParams {
  const p = new URLSearchParams({ q: q.trim(), limit: String(SEARCH_LIMIT) });
  if (center) {
    p.set('lng', center.lng.toFixed(3));
    p.set('lat', center.lat.toFixed(3));
  }
  return p;
}

function toOption(item: TSearchItem): SearchOption {
  if ('event' in item) {
    const e = item.event;
    return { kind: 'event', id: e.id, label: e.name, detail: [e.place.name, e.place.address.city].join(' · ') };
  }
  if ('place' in item) {
    const p = item.place;
    return { kind: 'place', id: p.id, label: p.name, detail: p.city ?? p.address, lng: p.lng, lat: p.lat };
  }
  return { kind: 'performer', id: item.performer.id, label: item.performer.name, detail: '' };
}

/** Results grouped as the bar shows them: events, then places, then performers, each in the API's rank order. */
export function groupResults(items: TSearchResponse): SearchOption[] {
  const options = items.map(toOption);
  const order = { event: 0, place: 1, performer: 2 } as const;
  return options
    .map((option, rank) => ({ option, rank }))
    .sort((a, b) => order[a.option.kind] - order[b.option.kind] || a.rank - b.rank)
    .map(({ option }) => option);
}

/** Fetches search results; the signal cancels a request the user has typed past. */
export async function fetchSearch(params: URLSearchParams, signal?: AbortSignal): Promise<SearchOption[]> {
  const res = await fetch(`/api/search?${params.toString()}`, { signal, headers: { accept: 'application/json' } });
  if (!res.ok) throw new ApiError(res.status, `HTTP ${res.status}`);
  return groupResults((await res.json()) as TSearchResponse);
}
