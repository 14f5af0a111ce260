'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bucketedNow } from '@/lib/explorer/events-request';
import { toExplorerEvent } from '@/lib/explorer/explorer-event';
import { fetchSearchEvents } from '@/lib/explorer/search-request';
import { filterSearchEvents, searchItemsToEvents } from '@/lib/explorer/search-results';
import { searchText } from '@/lib/explorer/search-text';
import type { Filters } from '@/lib/explorer/state';

/**
 * The results view's events: every event the search finds for the text, with the explorer's filters applied here
 * (the search takes no filters). `check` says why a text is not searched; `matched` counts before the filters.
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
  const events = useMemo(
    () => (matched ? filterSearchEvents(matched, filters, nowMs).map(toExplorerEvent) : []),
    [matched, filters, nowMs],
  );
  const firstLoad = check?.ok === true && query.isPending;
  return {
    check,
    query,
    events,
    matched: matched?.length ?? 0,
    nowMs,
    firstLoad,
    updating: query.isFetching && !firstLoad,
  };
}
