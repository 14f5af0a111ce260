'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import type { GeoJSONSource, GeoJSONSourceSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Map, {
  AttributionControl,
  NavigationControl,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import type { TEvent } from '@/lib/contract';
import type { Bounds } from '@/lib/explorer/bounds';
import { eventsToGeoJson } from '@/lib/explorer/geojson';
import type { Camera } from '@/lib/explorer/state';
import type { MapLibreModule } from '@/lib/map/load-maplibre';
import { buildBasemapStyle, splitStyle, type SplitStyle } from '@/lib/map/basemap-style';
import {
  CLUSTER_OPTIONS,
  EVENTS_SOURCE_ID,
  INTERACTIVE_LAYER_IDS,
  clusterCountLayer,
  clusterLayer,
  highlightLayer,
  pointLayer,
} from './layers';

/** A camera move asked for from outside the map (history navigation, a chosen place, "near me"). */
export interface CameraRequest {
  camera: Camera;
  /** Changes with every request, so asking twice for the same camera still moves the map. */
  seq: number;
  animate: boolean;
}

export interface MapView {
  camera: Camera;
  bounds: Bounds;
}

export interface EventMapProps {
  /** MapLibre, loading or loaded (loadMapLibre): react-map-gl builds the map once it is there. */
  mapLib: Promise<MapLibreModule>;
  initialCamera: Camera;
  cameraRequest: CameraRequest | null;
  /** A MapLibre style URL (MAP_STYLE_URL), or undefined for the offline basemap. */
  mapStyleUrl: string | undefined;
  events: readonly TEvent[];
  /** The first events query has settled (with data or an error): with nothing to draw, the basemap need not wait. */
  eventsSettled: boolean;
  highlighted: number[];
  onViewChange: (view: MapView) => void;
  onSelect: (id: number) => void;
  onHover: (id: number | null) => void;
  /** WebGL went away (context lost): the page falls back to the list. */
  onFailure: () => void;
}

/** The clustered events source, holding `data`. */
function eventsSource(data: GeoJSONSourceSpecification['data']): GeoJSONSourceSpecification {
  return { type: 'geojson', data, ...CLUSTER_OPTIONS };
}

/** The event layers, bottom to top (the cluster counts are added later, under the points). */
function eventLayers(highlight: ReturnType<typeof highlightLayer>): LayerSpecification[] {
  return [clusterLayer, pointLayer, highlight].map((layer) => ({ ...layer, source: EVENTS_SOURCE_ID }));
}

/** How long the basemap waits for the first events before it loads anyway (events outside the view, slow API). */
const BASEMAP_WAIT_MS = 2_500;

function viewOf(map: MapRef): MapView {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    camera: { lng: c.lng, lat: c.lat, zoom: map.getZoom() },
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
  };
}

/**
 * The map island: MapLibre through react-map-gl with an uncontrolled camera. It reports the view on `moveend` (not
 * every frame) and draws the events as one clustered GeoJSON source.
 */
export function EventMap(props: EventMapProps) {
  const {
    mapLib,
    initialCamera,
    cameraRequest,
    mapStyleUrl,
    events,
    eventsSettled,
    highlighted,
    onViewChange,
    onSelect,
    onHover,
    onFailure,
  } = props;
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const hoveredRef = useRef<number | null>(null);
  const drawnOnce = useRef(false);
  const lastDrawnData = useRef<unknown>(null);

  const data = useMemo(() => eventsToGeoJson(events), [events]);
  const highlight = useMemo(() => highlightLayer(highlighted), [highlighted]);
  // Cluster counts wait for the first events frame too: text needs glyphs drawn on the main thread and a shader that
  // software WebGL compiles on first use (~0.5 s), while the circles alone already show where the events are.
  const [countsShown, setCountsShown] = useState(false);

  /** The data the events source holds now (set with the style, or by `setData`). */
  const sourceData = useRef<unknown>(null);

  // The offline basemap is split: its background first, its sources once the first events are drawn (splitStyle).
  // The events source and layers are part of the first style, with the events known at that point: MapLibre then
  // tiles them as soon as the style is parsed, instead of after the React components that used to add them had
  // re-rendered on `styledata` (several frames, each ~0.1–0.2 s in software WebGL, before the first events frame).
  // An operator's style (MAP_STYLE_URL) loads as a whole, by URL: the events are added once it has loaded (`sync`).
  const [initialEvents] = useState(() => ({ data, highlight }));
  const style = useMemo<{ mapStyle: string | StyleSpecification; deferred: SplitStyle['deferred'] | null }>(() => {
    if (mapStyleUrl) return { mapStyle: mapStyleUrl, deferred: null };
    const { initial, deferred } = splitStyle(buildBasemapStyle(`${window.location.origin}/basemap`));
    const withEvents: StyleSpecification = {
      ...initial,
      sources: { ...initial.sources, [EVENTS_SOURCE_ID]: eventsSource(initialEvents.data) },
      layers: [...initial.layers, ...eventLayers(initialEvents.highlight)],
    };
    return { mapStyle: withEvents, deferred };
  }, [mapStyleUrl, initialEvents]);
  const basemapAdded = useRef(false);
  const [loaded, setLoaded] = useState(false);

  /**
   * Brings the map's events source and layers in line with the props: adds them to a style that lacks them (an
   * operator's style), sets new data, the highlight filter and the cluster counts. Idempotent; runs on every style
   * change and whenever the props change.
   */
  const sync = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || !map.style) return;
    const source = map.getSource(EVENTS_SOURCE_ID) as GeoJSONSource | undefined;
    if (!source) {
      // `isStyleLoaded()` would wait for every basemap tile too; sources can be added as soon as the style itself has
      // loaded (react-map-gl reads the same flag).
      if ((map.style as unknown as { _loaded?: boolean })._loaded !== true) return;
      map.addSource(EVENTS_SOURCE_ID, eventsSource(data));
      for (const layer of eventLayers(highlight)) map.addLayer(layer);
      sourceData.current = data;
    } else if (sourceData.current !== data) {
      // The style's own copy is the initial data: anything else is new.
      if (sourceData.current !== null || data !== initialEvents.data) source.setData(data);
      sourceData.current = data;
    }
    if (map.getLayer(highlight.id)) map.setFilter(highlight.id, highlight.filter);
    if (countsShown && !map.getLayer(clusterCountLayer.id) && map.getLayer(pointLayer.id))
      map.addLayer({ ...clusterCountLayer, source: EVENTS_SOURCE_ID }, pointLayer.id);
  }, [initialEvents, data, highlight, countsShown]);

  useEffect(sync, [sync]);

  // Moves asked for from outside; the first one is the initial camera, already applied.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !cameraRequest) return;
    const { lng, lat, zoom } = cameraRequest.camera;
    if (cameraRequest.animate) map.flyTo({ center: [lng, lat], zoom, essential: false });
    else map.jumpTo({ center: [lng, lat], zoom });
  }, [cameraRequest]);

  /** Adds the deferred basemap under the event layers (once). */
  const addBasemap = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || basemapAdded.current || !style.deferred) return;
    basemapAdded.current = true;
    const before = map.getLayer(clusterLayer.id) ? clusterLayer.id : undefined;
    for (const [id, source] of Object.entries(style.deferred.sources))
      if (!map.getSource(id)) map.addSource(id, source);
    for (const layer of style.deferred.layers) if (!map.getLayer(layer.id)) map.addLayer(layer, before);
  }, [style]);

  // With nothing to draw (an empty viewport, an error) or after a while in any case, the basemap stops waiting.
  useEffect(() => {
    if (!loaded || !eventsSettled || !style.deferred) return;
    const settle = () => {
      addBasemap();
      setCountsShown(true);
    };
    if (events.length === 0) settle();
    const timer = setTimeout(settle, BASEMAP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [loaded, eventsSettled, events, style, addBasemap]);

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
  }, [addBasemap]);

  /** Counts what is drawn once the map is idle: a hook for tests and the benchmark. */
  const onIdle = useCallback(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !container || !map.getLayer(pointLayer.id)) return;
    const rendered = map.queryRenderedFeatures({ layers: [clusterLayer.id, pointLayer.id] });
    let points = 0;
    for (const f of rendered) points += Number(f.properties?.point_count ?? 1);
    container.dataset.drawn = String(points);
    container.dataset.features = String(data.features.length);
    // Benchmarks measure from the last moveend to the first idle frame that shows the new results.
    if (lastDrawnData.current !== data) {
      lastDrawnData.current = data;
      performance.mark('eventmap:events-drawn');
    }
  }, [data]);

  const onClick = useCallback(
    async (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const map = mapRef.current;
      if (!feature || !map) return;
      const props = feature.properties ?? {};
      if (props.cluster_id !== undefined && feature.geometry.type === 'Point') {
        const source = map.getSource(EVENTS_SOURCE_ID) as GeoJSONSource | undefined;
        if (!source) return;
        const zoom = await source.getClusterExpansionZoom(Number(props.cluster_id));
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, 18) });
        return;
      }
      if (props.id !== undefined) onSelect(Number(props.id));
    },
    [onSelect],
  );

  const onMouseMove = useCallback(
    (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.id;
      const next = id === undefined ? null : Number(id);
      if (next !== hoveredRef.current) {
        hoveredRef.current = next;
        onHover(next);
      }
    },
    [onHover],
  );

  const onMouseLeave = useCallback(() => {
    if (hoveredRef.current !== null) {
      hoveredRef.current = null;
      onHover(null);
    }
  }, [onHover]);

  return (
    <div ref={containerRef} className="event-map" data-testid="event-map" data-drawn="0">
      <Map
        ref={mapRef}
        mapLib={mapLib}
        initialViewState={{ longitude: initialCamera.lng, latitude: initialCamera.lat, zoom: initialCamera.zoom }}
        mapStyle={style.mapStyle}
        // Symbols (cluster counts, country names) appear at once: in software WebGL every fade frame costs ~0.1 s.
        fadeDuration={0}
        style={{ position: 'absolute', inset: 0 }}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        maxPitch={0}
        attributionControl={false}
        interactiveLayerIds={INTERACTIVE_LAYER_IDS}
        cursor={undefined}
        onLoad={(e) => {
          const map = e.target;
          map.getCanvas().addEventListener('webglcontextlost', onFailure, { once: true });
          map.getCanvas().setAttribute('aria-label', 'Map of events. The list of events holds the same results.');
          onViewChange(viewOf(mapRef.current!));
          setLoaded(true);
        }}
        onMoveEnd={() => {
          performance.mark('eventmap:moveend');
          if (mapRef.current) onViewChange(viewOf(mapRef.current));
        }}
        onStyleData={sync}
        onIdle={onIdle}
        onRender={onRender}
        onClick={(e) => void onClick(e)}
        onMouseMove={onMouseMove}
        onMouseEnter={(e) => (e.target.getCanvas().style.cursor = 'pointer')}
        onMouseLeave={(e) => {
          e.target.getCanvas().style.cursor = '';
          onMouseLeave();
        }}
        onError={(e) => console.error('[map]', e.error?.message ?? e)}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <AttributionControl
          position="bottom-right"
          compact
          customAttribution={mapStyleUrl ? undefined : 'Basemap: Natural Earth'}
        />
      </Map>
    </div>
  );
}
