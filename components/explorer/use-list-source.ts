'use client';

import type { Bounds } from '@/lib/explorer/bounds';
import type { FirstView } from '@/lib/explorer/first-view';
import type { Filters } from '@/lib/explorer/state';
import type { MapView } from '@/lib/map/view';
import { useSearchResults } from './use-search-results';
import { useViewEvents } from './use-view-events';

/** What the results view adds to the list: its text, why it is not searched (if so), and the count before filters. */
export interface SearchListState {
  q: string;
  /** The message in place of results when the text cannot be searched (blank, too long, no letters). */
  refused: 'empty' | 'short' | 'long' | 'no-words' | null;
  matched: number;
}

/**
 * The events the list and the map show: the viewport's (the map's view) or, with a `q`, every event the search finds
 * for it. Only one of the two asks the API at a time.
 */
export function useListSource(
  q: string | null,
  view: MapView | null,
  filters: Filters,
  area: Bounds | null = null,
  first: FirstView | null = null,
) {
  const viewport = useViewEvents(q === null ? view : null, filters, area, first);
  const results = useSearchResults(q, filters);
  if (q === null) {
    const { query } = viewport;
    return {
      events: viewport.events,
      total: viewport.total,
      nowMs: viewport.nowMs,
      loading: { first: viewport.firstLoad, updating: viewport.updating, fetching: query.isFetching },
      error: { failed: query.isError, retry: () => void query.refetch() },
      answered: query.data !== undefined,
      settled: query.data !== undefined || query.isError,
      /** The answer is for the current filters (not the previous one kept on screen while loading). */
      fresh: query.data !== undefined && !query.isPlaceholderData,
      search: null,
    };
  }
  const { query, check } = results;
  const refused = check && !check.ok ? check.reason : null;
  const search: SearchListState = { q, refused, matched: results.matched };
  return {
    events: results.events,
    total: results.events.length,
    nowMs: results.nowMs,
    loading: { first: results.firstLoad, updating: results.updating, fetching: query.isFetching },
    error: { failed: query.isError, retry: () => void query.refetch() },
    answered: refused !== null || query.data !== undefined,
    settled: refused !== null || query.data !== undefined || query.isError,
    fresh: refused !== null || (query.data !== undefined && !query.isPlaceholderData),
    search,
  };
}
