'use client';

import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bucketedNow, fetchEvents } from '@/lib/explorer/events-request';
import type { Bounds } from '@/lib/explorer/bounds';
import { viewQueryString, type FirstView } from '@/lib/explorer/first-view';
import type { Filters } from '@/lib/explorer/state';
import type { MapView } from '@/lib/map/view';

const viewEventsKey = (params: string) => ['events', params] as const;

/** Puts the server's answer for the first view in the cache, so the browser starts from it instead of asking again. */
export function seedFirstView(client: QueryClient, first: FirstView | null): void {
  if (!first || client.getQueryData(viewEventsKey(first.params)) !== undefined) return;
  client.setQueryData(viewEventsKey(first.params), first.page);
}

/**
 * The events of a view under the filters (only those inside the partner's locked area, when there is one): the
 * query, what it drew, and which loading state the list is in.
 */
export function useViewEvents(
  view: MapView | null,
  filters: Filters,
  area: Bounds | null = null,
  first: FirstView | null = null,
) {
  // Changes every five minutes, so the query key (and the cache) holds still in between.
  const bucketMs = bucketedNow().getTime();
  const params = useMemo(
    () => (view ? viewQueryString(view, filters, bucketMs, area) : null),
    [view, filters, bucketMs, area],
  );
  const query = useQuery({
    queryKey: viewEventsKey(params ?? ''),
    queryFn: ({ signal }) => fetchEvents(new URLSearchParams(params ?? ''), signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => query.data?.data ?? [], [query.data]);
  // The server's answer is drawn at the server's time, so that the hydrated list is the server's, badge for badge.
  const nowMs = first !== null && query.data === first.page ? first.nowMs : bucketMs;
  const firstLoad = query.isPending || (params === null && !query.data);
  return {
    query,
    /** The query string the current state asks for (the view's key; null before the view is known). */
    params,
    answer: query.data ?? null,
    events,
    total: query.data?.pagination.totalItems ?? 0,
    nowMs,
    firstLoad,
    updating: query.isFetching && !firstLoad,
  };
}
