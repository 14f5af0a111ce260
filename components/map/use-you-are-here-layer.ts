'use client';

import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { youAreHereGeoJson, type Position } from '@/lib/map/you-are-here';
import { YOU_ARE_HERE_SOURCE_ID, youAreHereAccuracyLayer, youAreHereDotLayer } from './layers';

/**
 * Draws the visitor's position ("near me") and its accuracy circle over the events, in a source of its own. It keeps
 * them through style changes (the deferred basemap swaps the style) and notes on the container how many position
 * points are drawn once the map is idle (`data-you-are-here`, for tests).
 */
export function useYouAreHereLayer(
  mapRef: RefObject<MapRef | null>,
  containerRef: RefObject<HTMLDivElement | null>,
  position: Position | null,
  loaded: boolean,
) {
  const data = useMemo(() => youAreHereGeoJson(position), [position]);
  useEffect(() => {
    const map: MapLibreMap | undefined = mapRef.current?.getMap();
    if (!map || !loaded) return;
    const sync = () => {
      if (!map.style || (map.style as unknown as { _loaded?: boolean })._loaded !== true) return;
      const source = map.getSource<GeoJSONSource>(YOU_ARE_HERE_SOURCE_ID);
      if (source) void source.setData(data);
      else {
        map.addSource(YOU_ARE_HERE_SOURCE_ID, { type: 'geojson', data });
        map.addLayer({ ...youAreHereAccuracyLayer, source: YOU_ARE_HERE_SOURCE_ID });
        map.addLayer({ ...youAreHereDotLayer, source: YOU_ARE_HERE_SOURCE_ID });
      }
    };
    const count = () => {
      const container = containerRef.current;
      if (!container || !map.getLayer(youAreHereDotLayer.id)) return;
      container.dataset.youAreHere = String(map.queryRenderedFeatures({ layers: [youAreHereDotLayer.id] }).length);
    };
    sync();
    map.on('styledata', sync);
    map.on('idle', count);
    map.triggerRepaint();
    return () => {
      map.off('styledata', sync);
      map.off('idle', count);
    };
  }, [mapRef, containerRef, data, loaded]);
}
