'use client';

import type { GeoJSONSource, GeoJSONSourceSpecification } from 'maplibre-gl';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { EVENTS_SOURCE_ID, clusterCountLayer, type highlightLayer, pointLayer } from './layers';
import { eventLayers, eventsSource } from './use-map-style';

export interface EventsLayersState {
  data: GeoJSONSourceSpecification['data'];
  highlight: ReturnType<typeof highlightLayer>;
  /** The data the first style carries: the source already holds it. */
  initialData: GeoJSONSourceSpecification['data'];
  countsShown: boolean;
}

/**
 * Brings the map's events source and layers in line with the props: adds them to a style that lacks them (an
 * operator's style), sets new data, the highlight filter and the cluster counts. Idempotent; runs whenever the props
 * change, and the returned callback (for `styledata`) after every style change.
 */
export function useEventsLayers(
  mapRef: RefObject<MapRef | null>,
  { data, highlight, initialData, countsShown }: EventsLayersState,
) {
  /** The data the events source holds now (set with the style, or by `setData`). */
  const sourceData = useRef<unknown>(null);

  const sync = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || !map.style) return;
    const source = map.getSource<GeoJSONSource>(EVENTS_SOURCE_ID);
    if (!source) {
      // `isStyleLoaded()` would wait for every basemap tile too; sources can be added as soon as the style itself has
      // loaded (react-map-gl reads the same flag).
      if ((map.style as unknown as { _loaded?: boolean })._loaded !== true) return;
      map.addSource(EVENTS_SOURCE_ID, eventsSource(data));
      for (const layer of eventLayers(highlight)) map.addLayer(layer);
      sourceData.current = data;
    } else if (sourceData.current !== data) {
      // The style's own copy is the initial data: anything else is new.
      if (sourceData.current !== null || data !== initialData) void source.setData(data);
      sourceData.current = data;
    } else if (sourceData.current === null) {
      // The first style carried the data itself.
      sourceData.current = data;
    }
    if (map.getLayer(highlight.id)) map.setFilter(highlight.id, highlight.filter);
    if (countsShown && !map.getLayer(clusterCountLayer.id) && map.getLayer(pointLayer.id))
      map.addLayer({ ...clusterCountLayer, source: EVENTS_SOURCE_ID }, pointLayer.id);
  }, [mapRef, initialData, data, highlight, countsShown]);

  useEffect(sync, [sync]);
  // MapLibre fires `styledata` from inside a frame, after it has evaluated every layer's properties and before it
  // paints: a layer added then is painted unevaluated (the symbol painter throws on its missing layout). Changes made
  // on `styledata` wait for the end of the frame.
  const onStyleData = useCallback(() => queueMicrotask(sync), [sync]);
  return { onStyleData, sourceData };
}
