'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Map, { AttributionControl, NavigationControl, type MapRef } from 'react-map-gl/maplibre';
import type { TExplorerCluster, TExplorerEvent } from '@/lib/contract';
import { clustersToGeoJson } from '@/lib/explorer/geojson';
import type { Bounds } from '@/lib/explorer/bounds';
import type { Camera } from '@/lib/explorer/state';
import { mapMessages } from '@/lib/i18n/map-messages';
import { PLACES_LAYER_ID } from '@/lib/map/basemap-style';
import type { MapLibreModule } from '@/lib/map/load-maplibre';
import type { Position } from '@/lib/map/you-are-here';
import type { CameraRequest, MapView } from '@/lib/map/view';
import { INTERACTIVE_LAYER_IDS, clusterLayer, highlightLayer, pointLayer } from './layers';
import { useDeferredBasemap } from './use-deferred-basemap';
import { useEventsLayers } from './use-events-layers';
import { useMapPointer } from './use-map-pointer';
import { pageLocale, useMapStyle } from './use-map-style';
import { usePreparedMapLib } from './use-prepared-map-lib';
import { useYouAreHereLayer } from './use-you-are-here-layer';

export interface EventMapProps {
  /** MapLibre, loading or loaded (loadMapLibre): react-map-gl builds the map once it is there. */
  mapLib: Promise<MapLibreModule>;
  initialCamera: Camera;
  cameraRequest: CameraRequest | null;
  /** A MapLibre style URL (MAP_STYLE_URL), or undefined for the offline basemap. */
  mapStyleUrl: string | undefined;
  /** The circles to draw: the answer's clusters (exact counts over every match), single events as points. */
  clusters?: readonly TExplorerCluster[];
  /** The list's events: a single event's category and state colour its point. */
  events: readonly TExplorerEvent[];
  /** The state the clusters answer (the view's query string): reported back once drawn (onDrawn). */
  dataKey?: string | null;
  /** The map is idle and shows the clusters of `dataKey`: the readiness of the explorer's view. */
  onDrawn?: (dataKey: string | null) => void;
  /**
   * On load, jump to the latest `initialCamera` when the view moved before the map was ready (the explorer's drawn
   * view, Back); false for an owner that frames the map by camera requests alone. Default true.
   */
  takeOverCamera?: boolean;
  /**
   * Where the view is at this moment, read when the map loads (with `takeOverCamera`); without it, the latest
   * `initialCamera`. The explorer's props can lag behind its URL: on a busy phone Next.js applies a history write
   * seconds later, and a map loading in between would take over from the camera before the visitor's swipe.
   */
  currentCamera?: () => Camera;
  /** A group was clicked: frame its bounds ([west, south, east, north]). */
  onFrame?: (bounds: [number, number, number, number]) => void;
  /** The first events query has settled (with data or an error): with nothing to draw, the basemap need not wait. */
  eventsSettled: boolean;
  highlighted: number[];
  /** A partner's locked area: the map keeps it in sight (with room around it). */
  maxBounds?: Bounds | null;
  onViewChange: (view: MapView) => void;
  onSelect: (id: number) => void;
  onHover: (id: number | null) => void;
  /** WebGL went away (context lost): the page falls back to the list. */
  onFailure: () => void;
  /** The visitor's position from "near me", drawn while the view shows it. */
  youAreHere?: Position | null;
  /**
   * Keep the map's canvas transparent until it first shows the whole basemap, the visitor moves it (see
   * `onHeldMove`), or {@link HOLD_AT_MOST_MS} after its load: over the server's drawing of the view (the explorer's
   * first view), the map's early frames — bare circles on an empty background, the basemap and counts coming later
   * (use-deferred-basemap) — would replace a finished picture with an unfinished one.
   */
  holdUntilDrawn?: boolean;
  /**
   * While held, each camera the map moves to (every frame of a move): the owner moves its drawing along, so a move
   * the map takes (a drag, the wheel, its zoom buttons, a flight) shows on the drawing, and the hold lasts. It returns
   * false when the drawing can no longer stand for the map (the camera too far from it), which shows the map at once.
   * Without it, the visitor's first move shows the map.
   */
  onHeldMove?: (camera: Camera) => boolean;
}

/**
 * How long at most a held map stays out of sight after its load (a basemap that never completes, a lost tile): long,
 * since the drawing shows the view meanwhile and any move of the visitor's shows the map at once.
 */
const HOLD_AT_MOST_MS = 10_000;

const NO_CLUSTERS: TExplorerCluster[] = [];
const ignore = () => {};

/** What a view is read from: the map's handle (MapRef) or MapLibre's map itself. */
type ViewSource = Pick<MapRef, 'getBounds' | 'getCenter' | 'getZoom'>;

function viewOf(map: ViewSource): MapView {
  const b = map.getBounds();
  const c = map.getCenter();
  return {
    camera: { lng: c.lng, lat: c.lat, zoom: map.getZoom() },
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
  };
}

/** The area with half its size again on every side, so panning near its edge stays comfortable. */
function roomAround(area: Bounds): [number, number, number, number] {
  const dx = (area.east - area.west) / 2;
  const dy = (area.north - area.south) / 2;
  return [
    Math.max(-180, area.west - dx),
    Math.max(-85, area.south - dy),
    Math.min(180, area.east + dx),
    Math.min(85, area.north + dy),
  ];
}

/** Moves asked for from outside; the first one is the initial camera, already applied. */
function useCameraRequests(mapRef: RefObject<MapRef | null>, cameraRequest: CameraRequest | null) {
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !cameraRequest) return;
    const { lng, lat, zoom } = cameraRequest.camera;
    if (cameraRequest.animate) map.flyTo({ center: [lng, lat], zoom, essential: false });
    else map.jumpTo({ center: [lng, lat], zoom });
  }, [mapRef, cameraRequest]);
}

/** Counts what is drawn once the map is idle (a hook for tests and the benchmark), on the container's data set. */
function useDrawnCount(
  mapRef: RefObject<MapRef | null>,
  containerRef: RefObject<HTMLDivElement | null>,
  data: { features: unknown[] },
  report: {
    sourceData: RefObject<unknown>;
    dataKey: string | null;
    onDrawn: (dataKey: string | null) => void;
    /** Whether the basemap is whole: its deferred layers added and its sea painted (use-deferred-basemap.ts). */
    basemapWhole: () => boolean;
  },
) {
  const lastDrawnData = useRef<unknown>(null);
  return useCallback(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!map || !container || !map.getLayer(pointLayer.id)) return;
    // Idle with this data in the source: the map shows the current state (not a drawing of an earlier one).
    if (report.sourceData.current === data) report.onDrawn(report.dataKey);
    const rendered = map.queryRenderedFeatures({ layers: [clusterLayer.id, pointLayer.id] });
    let points = 0;
    for (const f of rendered) points += Number(f.properties?.count ?? 1);
    container.dataset.drawn = String(points);
    container.dataset.features = String(data.features.length);
    // Idle with the whole basemap: every tile of the view loaded and drawn (screenshots wait for it, not for a time).
    container.dataset.basemap = report.basemapWhole() ? 'drawn' : 'partial';
    // Place names drawn by the offline basemap (tests check the map can be read).
    if (map.getLayer(PLACES_LAYER_ID))
      container.dataset.places = String(map.queryRenderedFeatures({ layers: [PLACES_LAYER_ID] }).length);
    // The layers drawn at the centre of the view, whatever the style (tests check what a place is drawn on).
    const centre = map.project(map.getCenter());
    container.dataset.centreLayers = [...new Set(map.queryRenderedFeatures(centre).map((f) => f.layer.id))].join(' ');
    // Benchmarks measure from the last moveend to the first idle frame that shows the new results.
    if (lastDrawnData.current !== data) {
      lastDrawnData.current = data;
      performance.mark('eventmap:events-drawn');
    }
  }, [mapRef, containerRef, data, report]);
}

/**
 * The hold of {@link EventMapProps.holdUntilDrawn}: released for good by the first idle with the whole basemap, the
 * visitor's move or the time limit, and at once when the owner stops asking for it (its drawing is gone: the view
 * moved on to a state the drawing does not show).
 */
function useHold(
  hold: boolean,
  loaded: boolean,
  basemapWhole: () => boolean,
  containerRef: RefObject<HTMLDivElement | null>,
) {
  const [released, setReleased] = useState(false);
  // Once shown, the map stays shown: a drawing that comes back (Back to the first view) no longer stands for it.
  // Set while rendering (React's pattern for state derived from props), not in an effect: no frame shows it held.
  if (!hold && !released) setReleased(true);
  const held = hold && !released;
  const release = useCallback(() => {
    // Shown in the very frame that drew the whole basemap, not after React's next render.
    containerRef.current?.removeAttribute('data-held');
    setReleased(true);
  }, [containerRef]);
  useEffect(() => {
    if (!held || !loaded) return;
    const timer = setTimeout(release, HOLD_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, [held, loaded, release]);
  const onIdleShown = useCallback(() => {
    if (basemapWhole()) release();
  }, [basemapWhole, release]);
  return { held, onIdleShown, release };
}

/**
 * The map island: MapLibre through react-map-gl with an uncontrolled camera. It reports the view on `moveend` (not
 * every frame) and draws the view's clusters (grouped by the server, exact counts) as one GeoJSON source.
 */
export function EventMap(props: EventMapProps) {
  const { mapLib, initialCamera, cameraRequest, mapStyleUrl, clusters = NO_CLUSTERS, events, eventsSettled } = props;
  const { highlighted, onViewChange, onSelect, onHover, onFailure, maxBounds, dataKey = null } = props;
  const { onDrawn = ignore, onFrame = ignore, takeOverCamera = true } = props;
  const lib = usePreparedMapLib(mapLib, mapStyleUrl);
  const [words] = useState(() => mapMessages(pageLocale()));
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  const latestCamera = useRef(initialCamera);
  useEffect(() => {
    latestCamera.current = initialCamera;
  });

  const data = useMemo(() => clustersToGeoJson(clusters, events), [clusters, events]);
  const highlight = useMemo(() => highlightLayer(highlighted), [highlighted]);
  const style = useMapStyle(mapStyleUrl, data, highlight);
  const { countsShown, onRender } = useDeferredBasemap(
    mapRef,
    style.deferred,
    { loaded, eventsSettled, events: clusters },
    style.restoreBackground,
  );
  const layers = useEventsLayers(mapRef, { data, highlight, initialData: style.initialData, countsShown });
  useCameraRequests(mapRef, cameraRequest);
  const { deferred, restoreBackground } = style;
  const basemapWhole = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map) return false;
    if (deferred && !deferred.layers.every((layer) => map.getLayer(layer.id))) return false;
    return (
      !restoreBackground ||
      map.getPaintProperty(restoreBackground.layerId, 'background-color') === restoreBackground.color
    );
  }, [deferred, restoreBackground]);
  const onIdle = useDrawnCount(mapRef, containerRef, data, {
    sourceData: layers.sourceData,
    dataKey,
    onDrawn,
    basemapWhole,
  });
  const frameKey = maxBounds ? roomAround(maxBounds).join(',') : '';
  const frame = useMemo(
    () => (frameKey ? (frameKey.split(',').map(Number) as [number, number, number, number]) : undefined),
    [frameKey],
  );
  const frameCluster = useCallback(
    (k: number) => {
      const cluster = clusters[k];
      if (cluster) onFrame(cluster.bounds);
    },
    [clusters, onFrame],
  );
  const pointer = useMapPointer(mapRef, { onSelect, onHover, onFrame: frameCluster });
  useYouAreHereLayer(mapRef, containerRef, props.youAreHere ?? null, loaded);
  const { held, onIdleShown, release } = useHold(Boolean(props.holdUntilDrawn), loaded, basemapWhole, containerRef);
  const onHeldMove = useRef(props.onHeldMove);
  useEffect(() => {
    onHeldMove.current = props.onHeldMove;
  });

  return (
    <div
      ref={containerRef}
      className="event-map"
      data-testid="event-map"
      data-drawn="0"
      data-held={held ? '' : undefined}
    >
      <Map
        ref={mapRef}
        mapLib={lib}
        initialViewState={{ longitude: initialCamera.lng, latitude: initialCamera.lat, zoom: initialCamera.zoom }}
        mapStyle={style.mapStyle}
        // Symbols (cluster counts, country names) appear at once: in software WebGL every fade frame costs ~0.1 s.
        fadeDuration={0}
        style={{ position: 'absolute', inset: 0 }}
        dragRotate={false}
        touchPitch={false}
        pitchWithRotate={false}
        maxPitch={0}
        maxBounds={frame}
        attributionControl={false}
        locale={words.maplibre}
        interactiveLayerIds={INTERACTIVE_LAYER_IDS}
        cursor={undefined}
        onLoad={(e) => {
          const map = e.target;
          // The map was built with the camera of its first render; the visitor may have moved the drawn view since
          // (components/explorer/use-drawn-gesture.ts), or Back may have: it takes over where things are now.
          // Not for an owner that frames the map by camera requests alone (the embed builder's area map): a request
          // made before the load must stand.
          const { lng, lat, zoom } = props.currentCamera?.() ?? latestCamera.current;
          const c = map.getCenter();
          if (takeOverCamera && (c.lng !== lng || c.lat !== lat || map.getZoom() !== zoom)) {
            map.jumpTo({ center: [lng, lat], zoom });
          }
          map.getCanvas().addEventListener('webglcontextlost', onFailure, { once: true });
          // New work (tiles to load, a move, a resize) makes the last idle's "basemap drawn" stale until the next idle.
          const unsettled = () => delete containerRef.current?.dataset.basemap;
          for (const type of ['dataloading', 'movestart', 'resize'] as const) map.on(type, unsettled);
          // The visitor moving the map (a drag, the wheel, the zoom buttons) sees it at once, unless a drawing follows.
          map.on('movestart', (event) => event.originalEvent && !onHeldMove.current && release());
          map.getCanvas().setAttribute('aria-label', words.canvasLabel);
          // From the event's map, not the ref: MapLibre can fire `load` before React has committed the render that
          // sets the ref (a style given as an object loads within a task; seen on a loaded machine as a TypeError).
          onViewChange(viewOf(map));
          setLoaded(true);
        }}
        // From the map's first frame, before its load (which waits for the basemap's tiles): held, the map moves its
        // owner's drawing instead of showing itself.
        onMove={(e) => {
          if (!containerRef.current?.hasAttribute('data-held') || !onHeldMove.current) return;
          const { longitude, latitude, zoom } = e.viewState;
          if (!onHeldMove.current({ lng: longitude, lat: latitude, zoom })) release();
        }}
        onMoveEnd={() => {
          performance.mark('eventmap:moveend');
          if (mapRef.current) onViewChange(viewOf(mapRef.current));
        }}
        onStyleData={layers.onStyleData}
        onIdle={() => {
          onIdle();
          onIdleShown();
        }}
        onRender={onRender}
        onClick={pointer.onClick}
        onMouseMove={pointer.onMouseMove}
        onMouseEnter={(e) => (e.target.getCanvas().style.cursor = 'pointer')}
        onMouseLeave={(e) => {
          e.target.getCanvas().style.cursor = '';
          pointer.onMouseLeave();
        }}
        onError={(e) => console.error('[map]', e.error?.message ?? e)}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <AttributionControl
          position="bottom-right"
          compact
          customAttribution={mapStyleUrl ? undefined : words.basemapCredit}
        />
      </Map>
    </div>
  );
}
