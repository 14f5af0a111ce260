'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { EVENTS_SOURCE_ID, clusterLayer, pointLayer } from './layers';
import type { MapStyle } from './use-map-style';

/** How long the basemap waits for the first events before it loads anyway (events outside the view, slow API). */
const BASEMAP_WAIT_MS = 2_500;

export interface DeferredBasemapState {
  /** The map has fired `load`. */
  loaded: boolean;
  /** The first events query has settled (with data or an error). */
  eventsSettled: boolean;
  events: readonly unknown[];
}

/**
 * The offline basemap's deferred part and the cluster counts wait for the first frame that shows events, so that
 * frame comes as early as it can; with nothing to draw (an empty viewport, an error), or after a while in any case,
 * they stop waiting. Cluster counts wait too: text needs glyphs drawn on the main thread and a shader that software
 * WebGL compiles on first use (~0.5 s), while the circles alone already show where the events are.
 */
export function useDeferredBasemap(
  mapRef: RefObject<MapRef | null>,
  deferred: MapStyle['deferred'],
  { loaded, eventsSettled, events }: DeferredBasemapState,
) {
  const [countsShown, setCountsShown] = useState(false);
  const basemapAdded = useRef(false);
  const drawnOnce = useRef(false);

  /** Adds the deferred basemap under the event layers (once). */
  const addBasemap = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || basemapAdded.current || !deferred) return;
    basemapAdded.current = true;
    const before = map.getLayer(clusterLayer.id) ? clusterLayer.id : undefined;
    for (const [id, source] of Object.entries(deferred.sources)) if (!map.getSource(id)) map.addSource(id, source);
    for (const layer of deferred.layers) if (!map.getLayer(layer.id)) map.addLayer(layer, before);
  }, [mapRef, deferred]);

  useEffect(() => {
    if (!loaded || !eventsSettled || !deferred) return;
    const settle = () => {
      addBasemap();
      setCountsShown(true);
    };
    if (events.length === 0) settle();
    const timer = setTimeout(settle, BASEMAP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [loaded, eventsSettled, events, deferred, addBasemap]);

  /**
   * The first frame that shows events: marks it (the benchmark's "first events drawn") and lets the basemap load.
   * MapLibre renders a source's layers as soon as its tiles are ready, before every other source has loaded.
   */
  const onRender = useCallback(() => {
    if (drawnOnce.current) return;
    const map = mapRef.current;
    if (!map || !map.getLayer(pointLayer.id) || !map.isSourceLoaded(EVENTS_SOURCE_ID)) return;
    if (map.queryRenderedFeatures({ layers: [clusterLayer.id, pointLayer.id] }).length === 0) return;
    drawnOnce.current = true;
    performance.mark('eventmap:first-events-drawn');
    addBasemap();
    setCountsShown(true);
  }, [mapRef, addBasemap]);

  return { countsShown, onRender };
}
