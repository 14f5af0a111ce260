'use client';

import { useState, useSyncExternalStore } from 'react';
import { hasWebGl } from '@/lib/explorer/webgl';

/** Whether the explorer shows a map: not known yet, yes, no WebGL at all, or WebGL lost while running. */
export type MapMode = 'pending' | 'map' | 'no-webgl' | 'lost';

const noSubscribe = () => () => {};

/** The explorer's map mode; WebGL is probed on the client only (the server renders the list, the map area empty). */
export function useMapMode(): { mode: MapMode; onMapFailure: () => void } {
  const webgl = useSyncExternalStore(noSubscribe, hasWebGl, () => null);
  const [lost, setLost] = useState(false);
  const mode: MapMode = lost ? 'lost' : webgl === null ? 'pending' : webgl ? 'map' : 'no-webgl';
  return { mode, onMapFailure: () => setLost(true) };
}
