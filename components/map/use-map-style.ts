'use client';

import type { GeoJSONSourceSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { useMemo, useState } from 'react';
import {
  BASEMAP_COLORS,
  BASEMAP_DARK_COLORS,
  BASEMAP_LAND_SOURCE,
  buildBasemapStyle,
  splitStyle,
  type SplitStyle,
} from '@/lib/map/basemap-style';
import { isLocale, type Locale } from '@/lib/i18n/config';
import { EVENTS_SOURCE_ID, clusterLayer, type highlightLayer, pointLayer } from './layers';
import { useColorScheme } from './use-color-scheme';

type Highlight = ReturnType<typeof highlightLayer>;

/** The events source, holding `data` (the answer's clusters, grouped by the server). */
export function eventsSource(data: GeoJSONSourceSpecification['data']): GeoJSONSourceSpecification {
  return { type: 'geojson', data };
}

/** The event layers, bottom to top (the cluster counts are added later, under the points). */
export function eventLayers(highlight: Highlight): LayerSpecification[] {
  return [clusterLayer, pointLayer, highlight].map((layer) => ({ ...layer, source: EVENTS_SOURCE_ID }));
}

/** The language of the page around the map (the embed's own `lang`, else the document's), for the map's labels. */
export function pageLocale(): Locale | undefined {
  const lang = (document.querySelector('[data-theme][lang]') ?? document.documentElement).getAttribute('lang');
  return isLocale(lang) ? lang : undefined;
}

export interface MapStyle {
  mapStyle: string | StyleSpecification;
  /** The offline basemap's sources and layers that wait for the first events frame; null for an operator's style. */
  deferred: SplitStyle['deferred'] | null;
  /** The background to restore once the land has loaded (the offline basemap starts land-coloured). */
  restoreBackground?: SplitStyle['restoreBackground'];
  /** The events the first style was built with (the source's own copy until new data is set). */
  initialData: GeoJSONSourceSpecification['data'];
}

/**
 * The map's first style. The offline basemap is split: its background first, its sources once the first events are
 * drawn (splitStyle). The events source and layers are part of the first style, with the events known at that point:
 * MapLibre then tiles them as soon as the style is parsed, instead of after the React components that used to add
 * them had re-rendered on `styledata` (several frames, each ~0.1–0.2 s in software WebGL, before the first events
 * frame). An operator's style (MAP_STYLE_URL) loads as a whole, by URL: the events are added once it has loaded.
 */
export function useMapStyle(
  mapStyleUrl: string | undefined,
  data: GeoJSONSourceSpecification['data'],
  highlight: Highlight,
): MapStyle {
  const [initial] = useState(() => ({ data, highlight }));
  const scheme = useColorScheme();
  return useMemo<MapStyle>(() => {
    if (mapStyleUrl) return { mapStyle: mapStyleUrl, deferred: null, initialData: initial.data };
    const basemap = buildBasemapStyle(`${window.location.origin}/basemap`, { scheme, locale: pageLocale() });
    const { initial: base, ...rest } = splitStyle(basemap, {
      loadingBackground: {
        color: (scheme === 'dark' ? BASEMAP_DARK_COLORS : BASEMAP_COLORS).land,
        until: BASEMAP_LAND_SOURCE,
      },
    });
    const withEvents: StyleSpecification = {
      ...base,
      sources: { ...base.sources, [EVENTS_SOURCE_ID]: eventsSource(initial.data) },
      layers: [...base.layers, ...eventLayers(initial.highlight)],
    };
    return { mapStyle: withEvents, ...rest, initialData: initial.data };
  }, [mapStyleUrl, initial, scheme]);
}
