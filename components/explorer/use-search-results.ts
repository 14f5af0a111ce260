'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { ApiError, bucketedNow } from '@/lib/explorer/events-request';
import { fetchSearchEvents, SEARCH_RESULTS_MAX, SEARCH_RESULTS_PAGE } from '@/lib/explorer/search-request';
import {
  filterSearchEvents,
  searchFiltersActive,
  searchFoundCount,
  searchItemsToEvents,
  type TSearchEvent,
} from '@/lib/explorer/search-results';
import { searchText } from '@/lib/explorer/search-text';
import type { Filters } from '@/lib/explorer/state';
import { failedSoFar } from './query-client';

interface SearchAnswer {
  events: TSearchEvent[];
  /** The search may hold more than this list: it filled the length asked for. */
  full: boolean;
  /** The API refused a longer list (an operator's search with a lower most): this list is as long as it gets. */
  capped: boolean;
}

/**
 * A list of `limit` events for the text. When a longer list than the first page is refused as bad input (an API whose
 * search takes fewer), the previous length is asked for again and the list says it cannot grow.
 */
async function searchAnswer(text: string, limit: number, signal: AbortSignal): Promise<SearchAnswer> {
  try {
    const events = searchItemsToEvents(await fetchSearchEvents(text, limit, signal));
    return { events, full: events.length >= limit, capped: limit >= SEARCH_RESULTS_MAX };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 400 && limit > SEARCH_RESULTS_PAGE)) throw error;
    const shorter = limit - SEARCH_RESULTS_PAGE;
    const events = searchItemsToEvents(await fetchSearchEvents(text, shorter, signal));
    return { events, full: events.length >= shorter, capped: true };
  }
}

/**
 * The results view's events: the best matches of the text, a page more each time the visitor asks (`more`), with the
 * explorer's filters applied here (the search takes no filters). `check` says why a text is not searched; `matched`
 * counts what the search found before the visitor's filters (equal to what is shown when none is chosen).
 */
export function useSearchResults(q: string | null, filters: Filters) {
  const nowMs = bucketedNow().getTime();
  const check = q === null ? null : searchText(q);
  const text = check?.ok ? check.q : '';
  // How long a list the visitor asked for, for the text it was asked for: a new text starts at one page.
  const [asked, setAsked] = useState({ text, limit: SEARCH_RESULTS_PAGE });
  const limit = asked.text === text ? asked.limit : SEARCH_RESULTS_PAGE;
  const query = useQuery({
    queryKey: ['search-results', text, limit],
    queryFn: ({ signal }) => searchAnswer(text, limit, signal),
    enabled: check?.ok === true,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const answer = query.data;
  const matched = answer?.events;
  const events = useMemo(() => (matched ? filterSearchEvents(matched, filters, nowMs) : []), [matched, filters, nowMs]);
  // What the search found that can be listed; more than is shown only when the visitor's filters hide some.
  const found = useMemo(
    () => (matched && searchFiltersActive(filters) ? searchFoundCount(matched, nowMs) : events.length),
    [matched, filters, nowMs, events.length],
  );
  // Said from the first failed attempt, as the suggestions do.
  const failing = failedSoFar(query);
  const firstLoad = check?.ok === true && query.isPending && !failing;
  // The list answered is the one asked for, it filled it, and a longer one may be asked for.
  const canGrow = answer !== undefined && !query.isPlaceholderData && answer.full && !answer.capped;
  const more = useCallback(
    () => setAsked({ text, limit: Math.min(limit + SEARCH_RESULTS_PAGE, SEARCH_RESULTS_MAX) }),
    [text, limit],
  );
  return {
    check,
    query,
    events,
    matched: found,
    /** The search may find more than this list: the count is a floor ("at least"). */
    partial: answer?.full === true,
    /** Asks for a page more; null when the list is all there is or as long as the view lists. */
    more: canGrow ? more : null,
    /** A longer list is on its way (the shorter one stays listed). */
    loadingMore: query.isPlaceholderData && query.isFetching && asked.text === text && limit > SEARCH_RESULTS_PAGE,
    nowMs,
    firstLoad,
    /** The search failed (at least its first attempt) and nothing is listed: the view says it cannot search now. */
    failing,
    updating: query.isFetching && !firstLoad,
  };
}
