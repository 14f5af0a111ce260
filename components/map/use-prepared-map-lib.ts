'use client';

import { useMemo } from 'react';
import type { MapLibreModule } from '@/lib/map/load-maplibre';
import { prepareStyle } from '@/lib/map/style-protocols';

/**
 * MapLibre, readied for the operator's style (MAP_STYLE_URL) before the map is built: the `pmtiles://` protocol is
 * registered when the style uses it. The offline basemap needs nothing, and gets MapLibre as it comes.
 */
export function usePreparedMapLib(
  mapLib: Promise<MapLibreModule>,
  mapStyleUrl: string | undefined,
): Promise<MapLibreModule> {
  return useMemo(
    () =>
      mapStyleUrl
        ? mapLib.then(async (lib) => {
            await prepareStyle(lib, mapStyleUrl);
            return lib;
          })
        : mapLib,
    [mapLib, mapStyleUrl],
  );
}
