import { decodeState, encodeState, type Filters } from '@/lib/explorer/state';

/*
 * The filters of an embed URL, in the product's vocabulary (lib/contract/filters.ts): the partner-facing
 * `categories` and `live`, and the explorer's own `when`, `free`, `max`, `known`, `sort` (lib/explorer/state.ts).
 * The snippet page writes them here and the embed page reads them back here (then redirects to the explorer's URL
 * form, `cat` for `categories`), so both sides agree on every attribute.
 *   categories=musique,expo   main categories (the explorer's `cat`, which an embed URL may also carry)
 *   live=1                    live now (legacy: `live=true`)
 *   when, free, max, known, sort   as in the explorer's URL
 */

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The filters an embed URL's attributes choose; invalid values fall back to no filter, as in the explorer. */
export function embedFilters(params: SearchParams): Filters {
  const explorer = new URLSearchParams();
  for (const key of ['when', 'from', 'to', 'free', 'max', 'known', 'sort'] as const) {
    const value = first(params[key]);
    if (value !== undefined) explorer.set(key, value);
  }
  const categories = first(params.categories) ?? first(params.cat);
  if (categories !== undefined) explorer.set('cat', categories);
  const live = first(params.live);
  if (live === '1' || live === 'true') explorer.set('live', '1');
  return decodeState(explorer).filters;
}

/** The attributes of filters in an embed URL (defaults left out): the inverse of {@link embedFilters}. */
export function embedFilterParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of encodeState({ camera: null, filters, q: null, selected: null })) {
    params.set(key === 'cat' ? 'categories' : key, value);
  }
  return params;
}
