'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type RefObject,
} from 'react';
import { SubscribeMenu } from '@/components/feeds/subscribe-menu';
import { FilterBar } from '@/components/filters/filter-bar';
import { FilterSheet } from '@/components/filters/filter-sheet';
import { SkipLink } from '@/components/ui/skip-link';
import { useEarlyClicks } from '@/components/ui/use-early-clicks';
import { dateWindow } from '@/lib/explorer/dates';
import { groupForList } from '@/lib/explorer/list-order';
import { firstViewMatches, type FirstView } from '@/lib/explorer/first-view';
import {
  cameraForVisible,
  fitCamera,
  NO_INSETS,
  OFFLINE_BASEMAP_FIT_MAX_ZOOM,
  type Insets,
} from '@/lib/explorer/fit-camera';
import { DEFAULT_CAMERA, activeFilterCount, encodeState, type Camera, type ExplorerState } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages, type ExplorerMessages } from '@/lib/i18n/explorer-messages';
import type { MapView } from '@/lib/map/view';
import { boundsContain } from '@/lib/map/you-are-here';
import { arrivalFit } from './arrival-fit';
import { ExplorerHeader, type HeaderBrand, type HeaderLink } from './explorer-header';
import { ExplorerToolbar } from './explorer-toolbar';
import styles from './explorer.module.css';
import { LinkTargetContext, type LinkTarget } from './link-target';
import { coveredInsets, framingInsets } from './covered-insets';
import { MapArea } from './map-area';
import { MapSummary } from './map-summary';
import { browserQueryClient } from './query-client';
import { ResultsPanel } from './results-panel';
import type { Snap } from './sheet-snap';
import { useExplorerCamera } from './use-explorer-camera';
import { useExplorerState } from './use-explorer-state';
import { useFitResults } from './use-fit-results';
import { useListReturn } from './use-list-return';
import { useListSource } from './use-list-source';
import { useMapMode } from './use-map-mode';
import { useDrawnGesture } from './use-drawn-gesture';
import { useMapStart, type MapStartTrigger } from './use-map-start';
import { useLocateIfGranted } from './use-locate-if-granted';
import { useNearMe } from './use-near-me';
import { usePresetFilters } from './use-preset-filters';
import { seedFirstView } from './use-view-events';

export interface ExplorerProps {
  /** MAP_STYLE_URL, when the operator set one; otherwise the offline basemap. */
  mapStyleUrl: string | undefined;
  /** Where the app serves MapLibre's modules (MAPLIBRE_ASSETS_PATH). */
  mapLibPath: string;
  locale: Locale;
  /** The brand's name and logo for the header (in the embed, a small link to the full site). */
  brand?: HeaderBrand;
  /** The brand's own links (legal notice, the API's documentation), in the header's menu. */
  links?: readonly HeaderLink[];
  /** Where the map opens first when the URL names no place (the brand's default centre and zoom). */
  defaultCamera?: Camera;
  /** `false` in the embed: no brand header, language switcher or site menu. */
  chrome?: boolean;
  /**
   * The embed's `near` (km): a "Near me" button that shows this radius around the visitor, used at once when the
   * browser already grants the position; without it the embed offers no "near me" (frames rarely may ask).
   */
  nearKm?: number | null;
  /** Where record pages open: `_top` or `_blank` inside a host page's iframe. */
  linkTarget?: LinkTarget;
  /**
   * The language switcher, rendered by the server page: it needs no client code (a form posting to a server action),
   * and importing it here would ship the record pages' whole dictionary in the explorer's JavaScript.
   */
  languageSwitcher?: ReactNode;
  /** The first view with its events, when the server drew it (lib/explorer/first-view.ts). */
  firstView?: FirstView | null;
  /**
   * The first view's map drawn by the server (components/map/map-backdrop): it stands in the map's box until the
   * interactive map covers it.
   */
  mapBackdrop?: ReactNode;
  /**
   * When the interactive map starts over a drawn first view: at the visitor's first gesture (the home page: a visitor
   * who only reads the list never pays for WebGL), or once the page is idle (the embed, a map widget on a partner's
   * page: the drawing fills the box while MapLibre starts). Without a drawing the map starts when idle.
   */
  mapStartOverBackdrop?: MapStartTrigger;
}

/**
 * The home page: search, filters, the viewport's events as a list, and the map (when WebGL allows). It brings its own
 * TanStack Query client: no other page fetches from the browser, so no other page loads the library.
 */
export function Explorer(props: ExplorerProps) {
  const [client] = useState(() => {
    const queryClient = browserQueryClient();
    seedFirstView(queryClient, props.firstView ?? null);
    return queryClient;
  });
  return (
    <QueryClientProvider client={client}>
      <ExplorerView {...props} />
    </QueryClientProvider>
  );
}

type Url = ReturnType<typeof useExplorerState>;

/**
 * What covers the map (coveredInsets) for the view's bounds: the phone's sheet at its peek or half-way, read from the
 * layout; with the sheet over the whole map (the list) the area stays the one the map last showed, so raising the list
 * to read it does not change it (useSheetSettled makes the view follow the sheet's other heights).
 */
function useMapCoverage(
  boxes: { mapArea: RefObject<HTMLDivElement | null>; panel: RefObject<HTMLElement | null> },
  snap: Snap,
) {
  const { mapArea, panel } = boxes;
  const snapNow = useRef(snap);
  useLayoutEffect(() => {
    snapNow.current = snap;
  }, [snap]);
  const kept = useRef<Insets>(NO_INSETS);
  const insets = useCallback(() => {
    if (snapNow.current !== 'full') kept.current = coveredInsets(mapArea.current, panel.current);
    return kept.current;
  }, [mapArea, panel]);
  return insets;
}

/** Runs `onSettled` once the sheet has finished moving to a new height (its CSS transition), but not to the list's. */
function useSheetSettled(panel: RefObject<HTMLElement | null>, snap: Snap, onSettled: () => void) {
  const previous = useRef(snap);
  useEffect(() => {
    if (previous.current === snap) return;
    previous.current = snap;
    const el = panel.current;
    if (snap === 'full' || !el) return;
    let cancelled = false;
    // getAnimations() brings the style up to date, so the height transition the new snap starts is among them.
    const moving = el.getAnimations?.() ?? [];
    void Promise.all(moving.map((animation) => animation.finished.catch(() => undefined))).then(() => {
      if (!cancelled) onSettled();
    });
    return () => {
      cancelled = true;
    };
  }, [panel, snap, onSettled]);
}

/**
 * The camera concern: the view whose events load, the moves asked of the map (framed clear of what covers it: the
 * phone's sheet), "near me", and the map's start (its first gesture).
 */
function useCameraConcern(
  { defaultCamera = DEFAULT_CAMERA, locale, nearKm = null }: ExplorerProps,
  url: Url,
  first: FirstView | null,
  boxes: { mapArea: RefObject<HTMLDivElement | null>; panel: RefObject<HTMLElement | null> },
  snap: Snap,
) {
  const t = explorerMessages(locale);
  const { mode, onMapFailure, probeWebGl } = useMapMode();
  const covered = useMapCoverage(boxes, snap);
  const camera = useExplorerCamera({
    urlCamera: url.state.camera,
    defaultCamera,
    hasMap: mode === 'map',
    mapAreaRef: boxes.mapArea,
    setCamera: url.setCamera,
    initialView: first?.view,
    coveredInsets: covered,
    arrivalCamera: arrivalFit,
  });
  useSheetSettled(boxes.panel, snap, camera.refreshUncovered);
  const nearMe = useNearMe(
    camera.moveTo,
    { denied: t.geoDenied, unavailable: t.geoUnavailable, outside: t.geoOutside },
    { radiusKm: nearKm, area: url.preset.area, mapBox: boxes.mapArea },
  );
  const followsVisitor = nearKm !== null && nearMe.usable;
  useLocateIfGranted(followsVisitor, nearMe.locate);
  const here = nearMe.position && camera.view && boundsContain(camera.view.bounds, nearMe.position);
  const { mapArea, panel } = boxes;
  /** Frames points (a cluster's corners, a search's results) in the part of the map nothing covers. */
  const frame = useCallback(
    (points: readonly [number, number][], mode: 'push' | 'replace' = 'replace', maxZoom?: number) => {
      const el = mapArea.current;
      const size = {
        width: el && el.clientWidth > 0 ? el.clientWidth : window.innerWidth,
        height: el && el.clientHeight > 0 ? el.clientHeight : window.innerHeight,
      };
      const target = fitCamera(points, size, { insets: framingInsets(el, panel.current), maxZoom });
      if (target) camera.moveTo(target, mode);
    },
    [mapArea, panel, camera],
  );
  /** Shows a chosen place (a town, a venue) in the middle of what the map shows uncovered. */
  const showPlace = useCallback(
    (place: Camera) => camera.moveTo(cameraForVisible(place, framingInsets(mapArea.current, panel.current))),
    [camera, mapArea, panel],
  );
  return {
    mode,
    onMapFailure,
    probeWebGl,
    camera,
    nearMe,
    followsVisitor,
    youAreHere: here ? nearMe.position : null,
    center: camera.view?.camera ?? url.state.camera ?? defaultCamera,
    showMap: mode === 'map' || mode === 'pending',
    frame,
    showPlace,
  };
}

/** The results concern: the events of the view (or of the search), their clusters and counts, the list's groups. */
function useResultsConcern(url: Url, view: MapView | null, first: FirstView | null) {
  const { filters, q } = url.state;
  const list = useListSource(q, view, filters, url.preset.area, first);
  const presetFilters = usePresetFilters(filters, url.preset, url.setFilters);
  const groups = useMemo(
    () =>
      groupForList(
        list.events,
        filters.sort,
        // Under "live now" everything is running, and the results view keeps the search's order: one group.
        filters.live || q !== null ? null : (dateWindow(filters, new Date(list.nowMs))?.from ?? list.nowMs),
      ),
    [list.events, filters, list.nowMs, q],
  );
  return { list, groups, presetFilters };
}

/** The panels concern: the phone's sheet, the filter sheet, and the hovered and selected events. */
function usePanels(selected: number | null) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [snap, setSnap] = useState<Snap>('half');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const highlighted = useMemo(() => [hovered, selected].filter((id): id is number => id !== null), [hovered, selected]);
  return { setHovered, highlighted, snap, setSnap, filtersOpen, setFiltersOpen };
}

/**
 * The first view the server drew, while it still shows the URL's state. Back to the explorer restores the page the
 * server drew for the first visit, while the URL holds the visitor's last camera and filters: that drawing is then
 * another view's, and the map starts at once on the current state instead.
 */
function useCurrentFirstView(first: FirstView | null, search: string, defaultCamera: Camera): FirstView | null {
  const [kept] = useState(() =>
    first && firstViewMatches(first, new URLSearchParams(search), defaultCamera) ? first : null,
  );
  return kept;
}

/**
 * Whether the server's drawing still shows what the explorer shows but for the camera: its dots are the first view's
 * answer, for the filters and search of that moment.
 */
function useDrawingShowsState(state: ExplorerState): boolean {
  const what = encodeState({ ...state, camera: null, selected: null }).toString();
  const [drawn] = useState(what);
  return what === drawn;
}

/**
 * A first view framed again on arrival: the server's drawing moves to the new camera, as it follows a gesture or the
 * held map (useDrawnGesture), and stands in for the map until the live map has drawn the new view — unless, moved
 * there, it would no longer cover the map, when the map shows as it loads.
 */
function useReframedDrawing(
  reframed: Camera | null,
  follow: (shown: Camera) => boolean,
  setStands: (stands: boolean) => void,
) {
  useEffect(() => {
    if (reframed) setStands(follow(reframed));
  }, [reframed, follow, setStands]);
}

function ExplorerView(props: ExplorerProps) {
  const { locale, brand = { name: 'Eventmap', logo: { src: '' } }, chrome = true, linkTarget = '_self' } = props;
  const t = explorerMessages(locale);
  const mapAreaRef = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const shell = useRef<HTMLDivElement>(null);
  useEarlyClicks(shell);
  const url = useExplorerState();
  const drawn = useCurrentFirstView(props.firstView ?? null, url.search, props.defaultCamera ?? DEFAULT_CAMERA);
  const panels = usePanels(url.state.selected);
  const cam = useCameraConcern(props, url, drawn, { mapArea: mapAreaRef, panel: scroller }, panels.snap);
  // Framed again on arrival (an embed's box in a frame of another kind than the server took): the server's answer is
  // another view's, and the list loads the new one.
  const first = cam.camera.reframed ? null : drawn;
  const results = useResultsConcern(url, cam.camera.view, first);
  const { list } = results;
  const { filters } = url.state;
  useFitResults(url.state.q, list.events, cam.frame, props.mapStyleUrl ? undefined : OFFLINE_BASEMAP_FIT_MAX_ZOOM);
  useListReturn(scroller);
  // The drawing stands in for the map while it can show the current camera (see useReframedDrawing).
  const [drawingStands, setDrawingStands] = useState(true);
  const backdrop = drawn && drawingStands ? props.mapBackdrop : undefined;
  const startTrigger: MapStartTrigger = backdrop ? (props.mapStartOverBackdrop ?? 'gesture') : 'idle';
  const mapStarted = useMapStart(mapAreaRef, cam.mode === 'map', startTrigger, cam.probeWebGl);
  const [liveMap, setLiveMap] = useState(false);
  const drawingShowsState = useDrawingShowsState(url.state);
  const followLiveMap = useDrawnGesture(mapAreaRef, {
    enabled: Boolean(backdrop) && cam.mode === 'map',
    live: liveMap,
    drawing: drawn?.view.camera ?? null,
    onMoved: url.setCamera,
  });
  useReframedDrawing(cam.camera.reframed, followLiveMap, setDrawingStands);
  const onViewChange = cam.camera.onViewChange;
  const onMapView = useCallback(
    (view: MapView) => {
      setLiveMap(true);
      onViewChange(view);
    },
    [onViewChange],
  );
  const initialCamera = cam.camera.initialCamera;
  const liveUrl = url.current;
  const currentCamera = useCallback(() => liveUrl().camera ?? initialCamera, [liveUrl, initialCamera]);
  const [drawnKey, setDrawnKey] = useState<string | null>(null);
  const listReady = list.fresh && !list.loading.fetching && !cam.camera.moving;
  const mapReady =
    cam.mode === 'no-webgl' ||
    cam.mode === 'lost' ||
    // The drawing stands for the view only while the map waits for a gesture: a map about to start on its own is
    // the view's rendering, and the view is ready once it draws the answer.
    (cam.mode === 'map' &&
      (mapStarted ? list.key !== null && drawnKey === list.key : Boolean(backdrop) && startTrigger === 'gesture'));
  const filterProps = {
    filters,
    locale,
    preset: url.preset,
    active: results.presetFilters.active,
    onChange: url.setFilters,
    onClear: results.presetFilters.clear,
    counts: list.chipCounts,
  };
  return (
    <LinkTargetContext value={linkTarget}>
      <div
        ref={shell}
        className={styles.shell}
        // Taps on its buttons before it hydrated are held, then handled (lib/ui/early-input-script.ts).
        data-early-clicks=""
        data-map-mode={cam.mode}
        data-chrome={chrome || undefined}
        data-sheet={panels.snap}
        data-list-only={!cam.showMap || panels.snap === 'full' || undefined}
        // For tests and benchmarks: the list shows the current state's answer and the map is idle, drawing it.
        data-view={listReady && mapReady ? 'ready' : 'busy'}
      >
        <SkipLink href="#results">{t.skipToResults}</SkipLink>
        <ExplorerHeader
          locale={locale}
          t={t}
          brand={brand}
          chrome={chrome}
          center={cam.center}
          onPlace={(p) => {
            cam.showPlace(p);
            // A town or venue chosen from the results view leaves it; Back returns to the results.
            if (url.state.q !== null) url.setQuery(null, 'replace');
          }}
          search={{ query: url.state.q, onSearchAll: (q) => url.setQuery(q) }}
          nearMe={chrome || cam.followsVisitor ? cam.nearMe : undefined}
          languageSwitcher={
            <>
              <SubscribeMenu filters={filters} bounds={cam.camera.view?.bounds ?? null} locale={locale} />
              {props.languageSwitcher}
            </>
          }
          links={props.links}
        />
        <ExplorerMain
          t={t}
          locale={locale}
          props={props}
          cam={cam}
          results={results}
          panels={panels}
          url={url}
          mapAreaRef={mapAreaRef}
          map={{
            started: mapStarted,
            backdrop,
            // The map starting over the drawing keeps it in view until it has drawn as much: its early frames (bare
            // circles on an empty background for a second or more on a phone) would replace a finished picture with
            // an unfinished one. The drawing follows the map's camera meanwhile, so the visitor's gestures show on it.
            // A new filter or search shows the map at once: the drawing's dots are the first view's.
            holdUntilDrawn: Boolean(backdrop) && drawingShowsState,
            onHeldMove: followLiveMap,
            drawnByServer: Boolean(first),
            onDrawn: setDrawnKey,
            onViewChange: onMapView,
            currentCamera,
          }}
          filterProps={filterProps}
        />
        <ResultsPanel
          locale={locale}
          t={t}
          mode={cam.mode}
          events={list.events}
          groups={results.groups}
          scroller={scroller}
          total={list.total}
          source={list.source}
          degraded={list.degraded}
          nowMs={list.nowMs}
          selected={url.state.selected}
          onHover={panels.setHovered}
          loading={list.loading}
          stale={cam.camera.moving || (list.loading.fetching && !list.fresh)}
          settled={cam.camera.decided && listReady}
          error={list.error}
          answered={list.answered}
          search={list.search && { ...list.search, onClose: () => url.setQuery(null) }}
          notice={cam.nearMe.message}
          onZoomOut={
            cam.showMap ? () => cam.camera.moveTo({ ...cam.center, zoom: Math.max(2, cam.center.zoom - 2) }) : null
          }
          onClearFilters={results.presetFilters.onClearFilters}
          onLaterDates={results.presetFilters.onLaterDates}
          live={filters.live}
          sheet={{ snap: panels.snap, onSnap: panels.setSnap }}
        />
        <FilterSheet
          {...filterProps}
          open={panels.filtersOpen}
          onClose={() => panels.setFiltersOpen(false)}
          count={list.fresh ? list.total : null}
        />
      </div>
    </LinkTargetContext>
  );
}

/** The page's main landmark: its heading, the toolbar and inline filters, the map and its text alternative. */
function ExplorerMain({
  t,
  locale,
  props,
  cam,
  results,
  panels,
  url,
  map,
  mapAreaRef,
  filterProps,
}: {
  t: ExplorerMessages;
  locale: Locale;
  props: ExplorerProps;
  cam: ReturnType<typeof useCameraConcern>;
  results: ReturnType<typeof useResultsConcern>;
  panels: ReturnType<typeof usePanels>;
  url: Url;
  mapAreaRef: RefObject<HTMLDivElement | null>;
  map: {
    started: boolean;
    backdrop: ReactNode;
    holdUntilDrawn: boolean;
    onHeldMove: (camera: Camera) => boolean;
    drawnByServer: boolean;
    onDrawn: (key: string | null) => void;
    onViewChange: (view: MapView) => void;
    currentCamera: () => Camera;
  };
  filterProps: ComponentProps<typeof FilterBar>;
}) {
  const { list } = results;
  const summaryId = useId();
  return (
    <main id="main" className={styles.main}>
      <h1 className="visually-hidden">{t.pageTitle}</h1>
      <div className={styles.filtersArea}>
        <ExplorerToolbar
          t={t}
          activeFilters={activeFilterCount(url.state.filters)}
          onOpenFilters={() => panels.setFiltersOpen(true)}
          snap={panels.snap}
          onSnap={panels.setSnap}
          hasMap={cam.showMap}
        />
        <div className={styles.inlineFilters}>
          <FilterBar {...filterProps} />
        </div>
      </div>
      <MapArea
        ref={mapAreaRef}
        start={map.started}
        mode={cam.mode}
        label={t.mapRegion}
        describedBy={summaryId}
        mapLibPath={props.mapLibPath}
        defaultCamera={props.defaultCamera ?? DEFAULT_CAMERA}
        drawnByServer={map.drawnByServer}
        backdrop={map.backdrop}
        holdUntilDrawn={map.holdUntilDrawn}
        onHeldMove={map.onHeldMove}
        // The map starts late (useMapStart): it opens where the URL is now, which camera requests made before it
        // existed (a fitted results view, Back) have moved.
        initialCamera={url.state.camera ?? cam.camera.initialCamera}
        currentCamera={map.currentCamera}
        cameraRequest={cam.camera.cameraRequest}
        mapStyleUrl={props.mapStyleUrl}
        maxBounds={url.preset.area}
        clusters={list.clusters}
        events={list.events}
        dataKey={list.key}
        onDrawn={map.onDrawn}
        onFrame={([west, south, east, north]) =>
          cam.frame(
            [
              [west, south],
              [east, north],
            ],
            'replace',
            16,
          )
        }
        eventsSettled={list.settled}
        youAreHere={cam.youAreHere}
        highlighted={panels.highlighted}
        onViewChange={map.onViewChange}
        onSelect={(id) => {
          url.setSelected(id);
          if (panels.snap === 'peek') panels.setSnap('half');
        }}
        onHover={panels.setHovered}
        onFailure={cam.onMapFailure}
      >
        <MapSummary
          id={summaryId}
          clusters={list.clusters}
          total={list.source === 'mirror' ? list.total : 0}
          locale={locale}
          t={t}
        />
      </MapArea>
    </main>
  );
}
