'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bucketedNow, fetchEvents, viewSearchParams } from '@/lib/explorer/events-request';
import type { Filters } from '@/lib/explorer/state';
import type { MapView } from '@/lib/map/view';

/** The events of a view under the filters: the query, what it drew, and which loading state the list is in. */
export function useViewEvents(view: MapView | null, filters: Filters) {
  // Changes every five minutes, so the query key (and the cache) holds still in between.
  const nowMs = bucketedNow().getTime();
  const params = useMemo(() => (view ? viewSearchParams(view, filters, nowMs) : null), [view, filters, nowMs]);
  const query = useQuery({
    queryKey: ['events', params?.toString() ?? ''],
    queryFn: ({ signal }) => fetchEvents(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => query.data?.data ?? [], [query.data]);
  const firstLoad = query.isPending || (params === null && !query.data);
  return {
    query,
    events,
    total: query.data?.pagination.totalItems ?? 0,
    nowMs,
    firstLoad,
    updating: query.isFetching && !firstLoad,
  };
}
