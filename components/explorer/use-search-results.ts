'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bucketedNow } from '@/lib/explorer/events-request';
import { fetchSearchEvents } from '@/lib/explorer/search-request';
import {
  filterSearchEvents,
  searchFiltersActive,
  searchFoundCount,
  searchItemsToEvents,
} from '@/lib/explorer/search-results';
import { searchText } from '@/lib/explorer/search-text';
import type { Filters } from '@/lib/explorer/state';

/**
 * The results view's events: every event the search finds for the text, with the explorer's filters applied here
 * (the search takes no filters). `check` says why a text is not searched; `matched` counts what the search found
 * before the visitor's filters (equal to what is shown when none is chosen).
 */
export function useSearchResults(q: string | null, filters: Filters) {
  const nowMs = bucketedNow().getTime();
  const check = q === null ? null : searchText(q);
  const text = check?.ok ? check.q : '';
  const query = useQuery({
    queryKey: ['search-results', text],
    queryFn: async ({ signal }) => searchItemsToEvents(await fetchSearchEvents(text, signal)),
    enabled: check?.ok === true,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const matched = query.data;
  const events = useMemo(() => (matched ? filterSearchEvents(matched, filters, nowMs) : []), [matched, filters, nowMs]);
  // What the search found that can be listed; more than is shown only when the visitor's filters hide some.
  const found = useMemo(
    () => (matched && searchFiltersActive(filters) ? searchFoundCount(matched, nowMs) : events.length),
    [matched, filters, nowMs, events.length],
  );
  const firstLoad = check?.ok === true && query.isPending;
  return {
    check,
    query,
    events,
    matched: found,
    nowMs,
    firstLoad,
    updating: query.isFetching && !firstLoad,
  };
}
