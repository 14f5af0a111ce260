'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchSearch, SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, searchParams } from '@/lib/explorer/search-request';

/**
 * The suggestions for what is typed: asked once the text has held still for the debounce, ranked around the map's
 * centre. `settled` tells whether the options shown answer the text as it is now.
 */
export function useSearchSuggestions(text: string, center: { lng: number; lat: number } | null) {
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // The centre is part of the key only to a kilometre or so: results barely change within that.
  const params = searchParams(debounced, center ? { lng: center.lng, lat: center.lat } : null);
  const enabled = debounced.length >= SEARCH_MIN_CHARS;
  const query = useQuery({
    queryKey: ['search', params.toString()],
    queryFn: ({ signal }) => fetchSearch(params, signal),
    enabled,
    staleTime: 60_000,
  });
  return {
    options: enabled && query.data ? query.data : [],
    typedEnough: text.trim().length >= SEARCH_MIN_CHARS,
    settled: enabled && debounced === text.trim() && !query.isFetching,
    failed: query.isError,
  };
}
