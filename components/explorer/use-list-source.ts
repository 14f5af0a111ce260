'use client';

import type { TExplorerCluster } from '@/lib/contract';
import type { Bounds } from '@/lib/explorer/bounds';
import type { FirstView } from '@/lib/explorer/first-view';
import { useMemo } from 'react';
import { chipCounts } from '@/lib/explorer/chip-counts';
import { viewZoom } from '@/lib/explorer/events-params';
import { pageClusters } from '@/lib/explorer/page-clusters';
import type { Filters } from '@/lib/explorer/state';
import type { MapView } from '@/lib/map/view';
import { useSearchResults } from './use-search-results';
import { useViewEvents } from './use-view-events';

const NO_CLUSTERS: TExplorerCluster[] = [];

/** What the results view adds to the list: its text, why it is not searched (if so), and the count before filters. */
export interface SearchListState {
  q: string;
  /** The message in place of results when the text cannot be searched (blank, too long, no letters). */
  refused: 'empty' | 'short' | 'long' | 'no-words' | null;
  matched: number;
  /** The search filled the list it was asked for: it may find more, and the count is a floor. */
  partial: boolean;
  /** Asks the search for a page more; null when the list is all there is or as long as the view lists. */
  more: (() => void) | null;
  /** A longer list is on its way; the shorter one stays listed, not dimmed. */
  loadingMore: boolean;
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
  // A search's events grouped as the map's view would group them at its zoom: events at one place are one circle
  // with their number (30 results in 3 places drew as 3 dots).
  const resultZoom = viewZoom(view?.camera.zoom ?? 0);
  const resultClusters = useMemo(() => pageClusters(results.events, resultZoom), [results.events, resultZoom]);
  const viewCounts = useMemo(() => chipCounts(viewport.answer), [viewport.answer]);
  if (q === null) {
    const { query, answer } = viewport;
    return {
      events: viewport.events,
      /** The circles the map draws and its text alternative names: the answer's, exact over every match. */
      clusters: answer?.clusters ?? NO_CLUSTERS,
      /** `live`: the clusters cover only the list's page (the header says how many of how many). */
      source: answer?.source ?? 'mirror',
      /** The answer comes from the copy while the Partner API fails: it may be a few minutes old. */
      degraded: answer?.degraded ?? false,
      /** What each category chip reads, from this same answer (null: none to show, the answer is live). */
      chipCounts: { values: viewCounts, stale: query.isPlaceholderData },
      /** The state the current answer is for (the view's query string): the map reports it drawn. */
      key: query.isPlaceholderData ? null : viewport.params,
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
  const search: SearchListState = {
    q,
    refused,
    matched: results.matched,
    partial: results.partial,
    more: results.more,
    loadingMore: results.loadingMore,
  };
  // While a longer list loads, the one listed is still this text's answer: not stale, only shorter.
  const current = query.data !== undefined && (!query.isPlaceholderData || results.loadingMore);
  return {
    events: results.events,
    clusters: resultClusters,
    source: 'mirror' as const,
    degraded: false,
    // A search's events are not the view's: the chips show no counts.
    chipCounts: { values: null, stale: false },
    key: refused !== null || (query.data !== undefined && !query.isPlaceholderData) ? `q=${q}` : null,
    total: results.events.length,
    nowMs: results.nowMs,
    loading: {
      first: results.firstLoad,
      updating: results.updating && !results.loadingMore,
      fetching: query.isFetching,
    },
    error: { failed: results.failing, retry: () => void query.refetch() },
    answered: refused !== null || query.data !== undefined,
    settled: refused !== null || query.data !== undefined || results.failing,
    fresh: refused !== null || current,
    search,
  };
}
