'use client';

import { useCallback, useState, useSyncExternalStore } from 'react';
import { hasWebGl, hasWebGlApi } from '@/lib/explorer/webgl';

/** Whether the explorer shows a map: not known yet, yes, no WebGL at all, or WebGL lost while running. */
export type MapMode = 'pending' | 'map' | 'no-webgl' | 'lost';

const noSubscribe = () => () => {};

/**
 * The explorer's map mode, known on the client only (the server renders the list and the map's box). At hydration
 * only the API's presence is read; whether a WebGL context can really be made is probed by `probeWebGl` when the map
 * is about to start (useMapStart), so a browser without WebGL finds out at its first reach for the map — the drawn
 * first view stands in until then — and no page load pays for a context it may never use.
 */
export function useMapMode(): { mode: MapMode; onMapFailure: () => void; probeWebGl: () => boolean } {
  const api = useSyncExternalStore(noSubscribe, hasWebGlApi, () => null);
  const [noContext, setNoContext] = useState(false);
  const [lost, setLost] = useState(false);
  const mode: MapMode = lost ? 'lost' : api === null ? 'pending' : api && !noContext ? 'map' : 'no-webgl';
  const probeWebGl = useCallback(() => {
    const ok = hasWebGl();
    if (!ok) setNoContext(true);
    return ok;
  }, []);
  const onMapFailure = useCallback(() => setLost(true), []);
  return { mode, onMapFailure, probeWebGl };
}
