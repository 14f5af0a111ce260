'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FilterBar } from '@/components/filters/filter-bar';
import { FilterSheet } from '@/components/filters/filter-sheet';
import { SkipLink } from '@/components/ui/skip-link';
import { dateWindow } from '@/lib/explorer/dates';
import { groupForList } from '@/lib/explorer/list-order';
import { DEFAULT_CAMERA, DEFAULT_FILTERS, activeFilterCount, type Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { ExplorerHeader, type HeaderLink } from './explorer-header';
import { ExplorerToolbar } from './explorer-toolbar';
import styles from './explorer.module.css';
import { LinkTargetContext, type LinkTarget } from './link-target';
import { MapArea } from './map-area';
import { browserQueryClient } from './query-client';
import { ResultsPanel } from './results-panel';
import type { Snap } from './sheet-snap';
import { useExplorerCamera } from './use-explorer-camera';
import { useExplorerState } from './use-explorer-state';
import { useListReturn } from './use-list-return';
import { useMapMode } from './use-map-mode';
import { useNearMe } from './use-near-me';
import { useViewEvents } from './use-view-events';

export interface ExplorerProps {
  /** MAP_STYLE_URL, when the operator set one; otherwise the offline basemap. */
  mapStyleUrl: string | undefined;
  /** Where the app serves MapLibre's modules (MAPLIBRE_ASSETS_PATH). */
  mapLibPath: string;
  locale: Locale;
  /** The brand's name and logo for the header (site chrome only). */
  brand?: { name: string; logo: string };
  /** The brand's own links (legal notice, the API's documentation), in the header's menu. */
  links?: readonly HeaderLink[];
  /** Where the map opens first when the URL names no place (the brand's default centre and zoom). */
  defaultCamera?: Camera;
  /** `false` in the embed: no brand header, language switcher or "near me" (geolocation is denied to frames). */
  chrome?: boolean;
  /** Where record pages open: `_top` or `_blank` inside a host page's iframe. */
  linkTarget?: LinkTarget;
  /**
   * The language switcher, rendered by the server page: it needs no client code (a form posting to a server action),
   * and importing it here would ship the record pages' whole dictionary in the explorer's JavaScript.
   */
  languageSwitcher?: ReactNode;
}

/**
 * The home page: search, filters, the viewport's events as a list, and the map (when WebGL allows). It brings its own
 * TanStack Query client: no other page fetches from the browser, so no other page loads the library.
 */
export function Explorer(props: ExplorerProps) {
  return (
    <QueryClientProvider client={browserQueryClient()}>
      <ExplorerView {...props} />
    </QueryClientProvider>
  );
}

/** The explorer's state: the URL's filters and camera, the map, the events of the view and the panels' positions. */
function useExplorer(
  { defaultCamera = DEFAULT_CAMERA, locale }: ExplorerProps,
  mapAreaRef: RefObject<HTMLDivElement | null>,
  scroller: RefObject<HTMLElement | null>,
) {
  const t = explorerMessages(locale);
  const url = useExplorerState();
  const { mode, onMapFailure } = useMapMode();
  const camera = useExplorerCamera({
    urlCamera: url.state.camera,
    defaultCamera,
    hasMap: mode === 'map',
    mapAreaRef,
    setCamera: url.setCamera,
  });
  const nearMe = useNearMe(camera.moveTo, { denied: t.geoDenied, unavailable: t.geoUnavailable });
  const view = useViewEvents(camera.view, url.state.filters);
  const [hovered, setHovered] = useState<number | null>(null);
  const [snap, setSnap] = useState<Snap>('half');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { filters, selected } = url.state;
  const highlighted = useMemo(() => [hovered, selected].filter((id): id is number => id !== null), [hovered, selected]);
  const groups = useMemo(
    () =>
      groupForList(
        view.events,
        filters.sort,
        // Under "live now" everything is running: one group.
        filters.live ? null : (dateWindow(filters, new Date(view.nowMs))?.from ?? view.nowMs),
      ),
    [view.events, filters, view.nowMs],
  );
  useListReturn(scroller, view.events);
  const center = camera.view?.camera ?? url.state.camera ?? defaultCamera;
  const clearFilters = () => url.setFilters({ ...DEFAULT_FILTERS, sort: filters.sort });
  const showMap = mode === 'map' || mode === 'pending';
  return {
    t,
    url,
    mode,
    onMapFailure,
    camera,
    nearMe,
    view,
    groups,
    setHovered,
    highlighted,
    snap,
    setSnap,
    filtersOpen,
    setFiltersOpen,
    center,
    clearFilters,
    showMap,
    filters,
    selected,
  };
}

function ExplorerView(props: ExplorerProps) {
  const { locale, brand = { name: 'Eventmap', logo: '' }, chrome = true, linkTarget = '_self' } = props;
  const mapAreaRef = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLElement>(null);
  const x = useExplorer(props, mapAreaRef, scroller);
  const { t, view, filters, camera, center } = x;
  const listView = !x.showMap || x.snap === 'full';
  return (
    <LinkTargetContext value={linkTarget}>
      <div
        className={styles.shell}
        data-map-mode={x.mode}
        data-chrome={chrome || undefined}
        data-sheet={x.snap}
        data-list-only={listView || undefined}
      >
        <SkipLink href="#results">{t.skipToResults}</SkipLink>
        <ExplorerHeader
          locale={locale}
          t={t}
          brand={brand}
          chrome={chrome}
          center={center}
          onPlace={(p) => camera.moveTo({ ...p, zoom: 15 })}
          nearMe={x.nearMe}
          languageSwitcher={props.languageSwitcher}
          links={props.links}
        />
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
              <FilterBar filters={filters} locale={locale} onChange={x.url.setFilters} onClear={x.clearFilters} />
            </div>
          </div>
          <MapArea
            ref={mapAreaRef}
            mode={x.mode}
            label={t.mapRegion}
            mapLibPath={props.mapLibPath}
            defaultCamera={props.defaultCamera ?? DEFAULT_CAMERA}
            initialCamera={camera.initialCamera}
            cameraRequest={camera.cameraRequest}
            mapStyleUrl={props.mapStyleUrl}
            events={view.events}
            eventsSettled={view.query.data !== undefined || view.query.isError}
            highlighted={x.highlighted}
            onViewChange={camera.onViewChange}
            onSelect={(id) => {
              x.url.setSelected(id);
              if (x.snap === 'peek') x.setSnap('half');
            }}
            onHover={x.setHovered}
            onFailure={x.onMapFailure}
          />
        </main>
        <ResultsPanel
          locale={locale}
          t={t}
          mode={x.mode}
          events={view.events}
          groups={x.groups}
          scroller={scroller}
          total={view.total}
          nowMs={view.nowMs}
          selected={x.selected}
          onHover={x.setHovered}
          loading={{ first: view.firstLoad, updating: view.updating, fetching: view.query.isFetching }}
          error={{ failed: view.query.isError, retry: () => void view.query.refetch() }}
          answered={view.query.data !== undefined}
          notice={x.nearMe.message}
          onZoomOut={x.showMap ? () => camera.moveTo({ ...center, zoom: Math.max(2, center.zoom - 2) }) : null}
          onClearFilters={activeFilterCount(filters) > 0 ? x.clearFilters : null}
          sheet={{ snap: x.snap, onSnap: x.setSnap }}
        />
        <FilterSheet
          open={x.filtersOpen}
          onClose={() => x.setFiltersOpen(false)}
          filters={filters}
          locale={locale}
          onChange={x.url.setFilters}
          onClear={x.clearFilters}
          count={view.query.data === undefined || view.query.isPlaceholderData ? null : view.total}
        />
      </div>
    </LinkTargetContext>
  );
}
