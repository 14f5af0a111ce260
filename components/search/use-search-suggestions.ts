'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failedSoFar } from '@/components/explorer/query-client';
import { namesTown } from '@/lib/gazetteer/gazetteer';
import type { Locale } from '@/lib/i18n/config';
import {
  fetchSearch,
  fetchTowns,
  SEARCH_DEBOUNCE_MS,
  searchParams,
  townsNear,
  type SearchOption,
  type TownOption,
} from '@/lib/explorer/search-request';
import { searchText } from '@/lib/explorer/search-text';
import { rankSuggestions } from '@/lib/search/rank-suggestions';

/**
 * Towns first when the text is a town's whole name ("lyon", "st etienne", "aix"), after the API's matches otherwise;
 * then whatever is named exactly (or nearly) as typed comes first, whatever its kind.
 */
function merge(text: string, towns: readonly TownOption[], matches: readonly SearchOption[]): SearchOption[] {
  const first = towns[0];
  const merged = first && namesTown(text, { name: first.label }) ? [...towns, ...matches] : [...matches, ...towns];
  return rankSuggestions(text, merged);
}

/**
 * The suggestions for what is typed: once the text has held still for the debounce, the API's best matches (ranked
 * around the map's centre) and the gazetteer's towns are asked together. `settled` tells whether the options shown
 * answer the text as it is now; `check` says why a text is not searched.
 */
export function useSearchSuggestions(text: string, center: { lng: number; lat: number } | null, locale: Locale) {
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      // The benchmark (bench/search-ui.ts) measures from here to the list on screen.
      performance.mark('eventmap:search-asked');
      setDebounced(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const check = searchText(text);
  const asked = searchText(debounced);
  const q = asked.ok ? asked.q : '';
  // The centre is part of the key only to a kilometre or so: results barely change within that.
  const params = searchParams(q, center ? { lng: center.lng, lat: center.lat } : null);
  const enabled = asked.ok;
  const matches = useQuery({
    queryKey: ['search', params.toString()],
    queryFn: ({ signal }) => fetchSearch(params, signal),
    enabled,
    staleTime: 60_000,
  });
  const near = townsNear(center);
  const towns = useQuery({
    queryKey: ['towns', locale, q.toLowerCase(), near?.lng, near?.lat],
    queryFn: ({ signal }) => fetchTowns(q, locale, near, signal),
    enabled,
    staleTime: Infinity,
  });
  const matchOptions = enabled ? (matches.data ?? []) : [];
  const townOptions = enabled ? (towns.data ?? []) : [];
  const options = merge(q, townOptions, matchOptions);
  // Said from the first failed attempt, not after the retries' seven seconds of "Searching…".
  const matchesFailing = failedSoFar(matches);
  return {
    options,
    check,
    /** How many of the options are the API's matches (the rest are towns). */
    matchCount: matchOptions.length,
    townCount: townOptions.length,
    settled: enabled && debounced === text.trim() && (!matches.isFetching || matchesFailing) && !towns.isFetching,
    // Towns alone still help when the API is down; the status says search is unavailable only with nothing to show.
    failed: matchesFailing && !towns.isFetching && townOptions.length === 0,
    /** The events could not be searched (the service is down) though towns were found: the status says so. */
    eventsFailed: enabled && matchesFailing && townOptions.length > 0,
  };
}
