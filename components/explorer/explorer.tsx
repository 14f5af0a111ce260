'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { SubscribeMenu } from '@/components/feeds/subscribe-menu';
import { FilterBar } from '@/components/filters/filter-bar';
import { FilterSheet } from '@/components/filters/filter-sheet';
import { SkipLink } from '@/components/ui/skip-link';
import { dateWindow } from '@/lib/explorer/dates';
import { groupForList } from '@/lib/explorer/list-order';
import type { FirstView } from '@/lib/explorer/first-view';
import { DEFAULT_CAMERA, activeFilterCount, type Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { boundsContain } from '@/lib/map/you-are-here';
import { ExplorerHeader, type HeaderBrand, type HeaderLink } from './explorer-header';
import { ExplorerToolbar } from './explorer-toolbar';
import styles from './explorer.module.css';
import { LinkTargetContext, type LinkTarget } from './link-target';
import { MapArea } from './map-area';
import { browserQueryClient } from './query-client';
import { ResultsPanel } from './results-panel';
import type { Snap } from './sheet-snap';
import { useExplorerCamera } from './use-explorer-camera';
import { useExplorerState } from './use-explorer-state';
import { useFitResults } from './use-fit-results';
import { useListReturn } from './use-list-return';
import { useListSource } from './use-list-source';
import { useMapMode } from './use-map-mode';
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
   * The first view's map drawn by the server (components/map/map-backdrop): it stands in the map's box, and the
   * interactive map then waits for the visitor's first gesture (useMapStart).
   */
  mapBackdrop?: ReactNode;
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

/**
 * The explorer's state: the URL's filters, camera and search text, the map, the events the list shows (the view's, or
 * the results view's), the partner's locked preset and the panels' positions.
 */
function useExplorer(
  { defaultCamera = DEFAULT_CAMERA, locale, nearKm = null, firstView = null }: ExplorerProps,
  mapAreaRef: RefObject<HTMLDivElement | null>,
  scroller: RefObject<HTMLElement | null>,
) {
  const t = explorerMessages(locale);
  const url = useExplorerState();
  const { filters, selected, q } = url.state;
  const { mode, onMapFailure } = useMapMode();
  const camera = useExplorerCamera({
    urlCamera: url.state.camera,
    defaultCamera,
    hasMap: mode === 'map',
    mapAreaRef,
    setCamera: url.setCamera,
    initialView: firstView?.view,
  });
  const nearMe = useNearMe(
    camera.moveTo,
    { denied: t.geoDenied, unavailable: t.geoUnavailable, outside: t.geoOutside },
    { radiusKm: nearKm, area: url.preset.area, mapBox: mapAreaRef },
  );
  const followsVisitor = nearKm !== null && nearMe.usable;
  useLocateIfGranted(followsVisitor, nearMe.locate);
  const list = useListSource(q, camera.view, filters, url.preset.area, firstView);
  useFitResults(q, list.events, mapAreaRef, camera.moveTo);
  const here = nearMe.position && camera.view && boundsContain(camera.view.bounds, nearMe.position);
  const presetFilters = usePresetFilters(filters, url.preset, url.setFilters);
  const [hovered, setHovered] = useState<number | null>(null);
  const [snap, setSnap] = useState<Snap>('half');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const highlighted = useMemo(() => [hovered, selected].filter((id): id is number => id !== null), [hovered, selected]);
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
  useListReturn(scroller, list.events);
  return {
    t,
    url,
    mode,
    onMapFailure,
    camera,
    nearMe,
    followsVisitor,
    youAreHere: here ? nearMe.position : null,
    list,
    presetFilters,
    groups,
    setHovered,
    highlighted,
    snap,
    setSnap,
    filtersOpen,
    setFiltersOpen,
    center: camera.view?.camera ?? url.state.camera ?? defaultCamera,
    showMap: mode === 'map' || mode === 'pending',
    filters,
  };
}

function ExplorerView(props: ExplorerProps) {
  const { locale, brand = { name: 'Eventmap', logo: { src: '' } }, chrome = true, linkTarget = '_self' } = props;
  const mapAreaRef = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const x = useExplorer(props, mapAreaRef, scroller);
  const { t, list, filters, camera, center, url } = x;
  const filterProps = {
    filters,
    locale,
    preset: url.preset,
    active: x.presetFilters.active,
    onChange: url.setFilters,
    onClear: x.presetFilters.clear,
  };
  return (
    <LinkTargetContext value={linkTarget}>
      <div
        className={styles.shell}
        data-map-mode={x.mode}
        data-chrome={chrome || undefined}
        data-sheet={x.snap}
        data-list-only={!x.showMap || x.snap === 'full' || undefined}
      >
        <SkipLink href="#results">{t.skipToResults}</SkipLink>
        <ExplorerHeader
          locale={locale}
          t={t}
          brand={brand}
          chrome={chrome}
          center={center}
          onPlace={(p) => {
            camera.moveTo(p);
            // A town or venue chosen from the results view leaves it; Back returns to the results.
            if (url.state.q !== null) url.setQuery(null, 'replace');
          }}
          search={{ query: url.state.q, onSearchAll: (q) => url.setQuery(q) }}
          nearMe={chrome || x.followsVisitor ? x.nearMe : undefined}
          languageSwitcher={
            <>
              <SubscribeMenu filters={filters} bounds={camera.view?.bounds ?? null} locale={locale} />
              {props.languageSwitcher}
            </>
          }
          links={props.links}
        />
        <ExplorerMain x={x} props={props} mapAreaRef={mapAreaRef} filterProps={filterProps} />
        <ResultsPanel
          locale={locale}
          t={t}
          mode={x.mode}
          events={list.events}
          groups={x.groups}
          scroller={scroller}
          total={list.total}
          nowMs={list.nowMs}
          selected={url.state.selected}
          onHover={x.setHovered}
          loading={list.loading}
          error={list.error}
          answered={list.answered}
          search={list.search && { ...list.search, onClose: () => url.setQuery(null) }}
          notice={x.nearMe.message}
          onZoomOut={x.showMap ? () => camera.moveTo({ ...center, zoom: Math.max(2, center.zoom - 2) }) : null}
          onClearFilters={x.presetFilters.onClearFilters}
          onLaterDates={x.presetFilters.onLaterDates}
          live={filters.live}
          sheet={{ snap: x.snap, onSnap: x.setSnap }}
        />
        <FilterSheet
          {...filterProps}
          open={x.filtersOpen}
          onClose={() => x.setFiltersOpen(false)}
          count={list.fresh ? list.total : null}
        />
      </div>
    </LinkTargetContext>
  );
}

/** The page's main landmark: its heading, the toolbar and inline filters, and the map. */
function ExplorerMain({
  x,
  props,
  mapAreaRef,
  filterProps,
}: {
  x: ReturnType<typeof useExplorer>;
  props: ExplorerProps;
  mapAreaRef: RefObject<HTMLDivElement | null>;
  filterProps: ComponentProps<typeof FilterBar>;
}) {
  const { t, list, filters, camera, url } = x;
  return (
    <main id="main" className={styles.main}>
      <h1 className="visually-hidden">{t.pageTitle}</h1>
      <div className={styles.filtersArea}>
        <ExplorerToolbar
          t={t}
          activeFilters={activeFilterCount(filters)}
          onOpenFilters={() => x.setFiltersOpen(true)}
          snap={x.snap}
          onSnap={x.setSnap}
          hasMap={x.showMap}
        />
        <div className={styles.inlineFilters}>
          <FilterBar {...filterProps} />
        </div>
      </div>
      <MapArea
        ref={mapAreaRef}
        mode={x.mode}
        label={t.mapRegion}
        mapLibPath={props.mapLibPath}
        defaultCamera={props.defaultCamera ?? DEFAULT_CAMERA}
        drawnByServer={Boolean(props.firstView)}
        backdrop={props.mapBackdrop}
        // The map starts late (useMapStart): it opens where the URL is now, which camera requests made before it
        // existed (a fitted results view, Back) have moved.
        initialCamera={url.state.camera ?? camera.initialCamera}
        cameraRequest={camera.cameraRequest}
        mapStyleUrl={props.mapStyleUrl}
        maxBounds={url.preset.area}
        events={list.events}
        eventsSettled={list.settled}
        youAreHere={x.youAreHere}
        highlighted={x.highlighted}
        onViewChange={camera.onViewChange}
        onSelect={(id) => {
          url.setSelected(id);
          if (x.snap === 'peek') x.setSnap('half');
        }}
        onHover={x.setHovered}
        onFailure={x.onMapFailure}
      />
    </main>
  );
}
