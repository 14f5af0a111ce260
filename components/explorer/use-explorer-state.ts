'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { constrainFilters, decodePreset, PRESET_PARAMS } from '@/lib/explorer/preset';
import { decodeState, encodeState, type Camera, type ExplorerState, type Filters } from '@/lib/explorer/state';

type HistoryMode = 'push' | 'replace';

/**
 * Parameters the explorer does not own but must keep: the embed's configuration and the partner's locked preset
 * survive filtering and reloads.
 */
const KEPT_PARAMS = ['locale', 'theme', 'target', 'near', ...PRESET_PARAMS] as const;

/** The state a query string holds, with its filters inside the partner's locked preset. */
function decodeWithin(params: URLSearchParams): ExplorerState {
  const state = decodeState(params);
  return { ...state, filters: constrainFilters(state.filters, decodePreset(params)) };
}

function sortedQuery(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.sort();
  return copy.toString();
}

function write(state: ExplorerState, mode: HistoryMode): void {
  const encoded = encodeState(state);
  const live = new URLSearchParams(window.location.search);
  for (const key of KEPT_PARAMS) {
    const value = live.get(key);
    if (value !== null) encoded.set(key, value);
  }
  // Nothing to write when the URL already says this, however it is spelt (`at=46.6,2.35,6` as typed or shared,
  // `at=46.6%2C2.35%2C6` as written here; parameters in another order). A needless write is not harmless: Next.js
  // applies each native history call to its router in a transition, and a write that lands just before another one
  // (the live map reporting the first view's camera as it loads, then the end of a swipe on the drawn view) can be
  // committed after it, putting the older URL back for a moment, which the camera follows.
  if (sortedQuery(encoded) === sortedQuery(live)) return;
  const query = encoded.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  // Next.js syncs useSearchParams with the native history calls, without a server round trip.
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/**
 * The explorer's state, read from and written to the URL. Filter changes push a history entry (back undoes them);
 * camera moves and selection replace the current one, so panning around does not bury the previous page.
 */
export function useExplorerState() {
  const params = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => decodeWithin(new URLSearchParams(query)), [query]);
  const preset = useMemo(() => decodePreset(new URLSearchParams(query)), [query]);

  // Always start from the live URL: several updates may land before React re-renders (and before Next.js applies
  // them to useSearchParams, which on a busy phone can take seconds).
  const current = useCallback(() => decodeWithin(new URLSearchParams(window.location.search)), []);

  const setFilters = useCallback(
    (patch: Partial<Filters>) => {
      const s = current();
      const filters = constrainFilters(
        { ...s.filters, ...patch },
        decodePreset(new URLSearchParams(window.location.search)),
      );
      write({ ...s, filters, selected: null }, 'push');
    },
    [current],
  );
  const setCamera = useCallback(
    (camera: Camera, mode: HistoryMode = 'replace') => write({ ...current(), camera }, mode),
    [current],
  );
  const setSelected = useCallback((selected: number | null) => write({ ...current(), selected }, 'replace'), [current]);
  /** Opens the results view for a text (a history entry: Back returns to the view before), or leaves it. */
  const setQuery = useCallback(
    (q: string | null, mode: HistoryMode = 'push') => write({ ...current(), q, selected: null }, mode),
    [current],
  );

  return { state, preset, search: query, setFilters, setCamera, setSelected, setQuery, current };
}
