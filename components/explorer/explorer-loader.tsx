'use client';

import { lazy } from 'react';
import { startFirstViewLoads } from './first-view-loads';
import type * as ExplorerModule from './explorer';
import type { ExplorerProps } from './explorer';

// The explorer's interface (list, filters, search, TanStack Query) is a chunk of its own, requested as this module
// runs, beside the map chunk, MapLibre and the first events request: the page's first scripts are then React, Next
// and this loader. The server renders the explorer in full, so its HTML shows at once and is hydrated when the chunk
// arrives.
let explorerChunk: Promise<typeof ExplorerModule> | undefined;
const loadExplorer = () => (explorerChunk ??= import('./explorer'));

if (typeof window !== 'undefined') {
  startFirstViewLoads();
  void loadExplorer();
}

const LazyExplorer = lazy(() => loadExplorer().then((m) => ({ default: m.Explorer })));

/** The explorer, loaded as its own chunk (see above). */
export function ExplorerLoader(props: ExplorerProps) {
  return <LazyExplorer {...props} />;
}
