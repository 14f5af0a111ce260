'use client';

import { useSyncExternalStore } from 'react';
import type { BasemapScheme } from '@/lib/map/basemap-style';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The page's theme (`data-theme` of the embed: dark, light, or auto = the system's setting). */
function scheme(): BasemapScheme {
  const theme = document.querySelector('[data-theme]')?.getAttribute('data-theme');
  if (theme === 'dark') return 'dark';
  return theme === 'auto' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Whether the map under this page should be drawn dark; follows a system switch when the page says `auto`. */
export function useColorScheme(): BasemapScheme {
  return useSyncExternalStore(subscribe, scheme, () => 'light');
}
