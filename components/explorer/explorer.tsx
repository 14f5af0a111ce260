'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { SubscribeMenu } from '@/components/feeds/subscribe-menu';
import { FilterBar } from '@/components/filters/filter-bar';
import { DEFAULT_CAMERA, DEFAULT_FILTERS, activeFilterCount, type Camera } from '@/lib/explorer/state';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { ExplorerHeader } from './explorer-header';
import styles from './explorer.module.css';
import { LinkTargetContext, type LinkTarget } from './link-target';
import { MapArea } from './map-area';
import { browserQueryClient } from './query-client';
import { ResultsPanel } from './results-panel';
import { useExplorerCamera } from './use-explorer-camera';
import { useExplorerState } from './use-explorer-state';
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

function ExplorerView({
  mapStyleUrl,
  mapLibPath,
  locale,
  brand = { name: 'Eventmap', logo: '' },
  defaultCamera = DEFAULT_CAMERA,
  chrome = true,
  linkTarget = '_self',
  languageSwitcher,
}: ExplorerProps) {
  const t = explorerMessages(locale);
  const { state, setFilters, setCamera, setSelected } = useExplorerState();
  const { filters, selected } = state;
  const { mode, onMapFailure } = useMapMode();
  const mapAreaRef = useRef<HTMLDivElement>(null);
  const camera = useExplorerCamera({
    urlCamera: state.camera,
    defaultCamera,
    hasMap: mode === 'map',
    mapAreaRef,
    setCamera,
  });
  const nearMe = useNearMe(camera.moveTo, { denied: t.geoDenied, unavailable: t.geoUnavailable });
  const { query, events, total, nowMs, firstLoad, updating } = useViewEvents(camera.view, filters);
  const [hovered, setHovered] = useState<number | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const highlighted = useMemo(() => [hovered, selected].filter((id): id is number => id !== null), [hovered, selected]);

  const center = camera.view?.camera ?? state.camera ?? defaultCamera;
  const clearFilters = () => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort });
  const showMap = mode === 'map' || mode === 'pending';

  return (
    <LinkTargetContext value={linkTarget}>
      <div className={styles.shell} data-map-mode={mode} data-chrome={chrome || undefined}>
        <ExplorerHeader
          locale={locale}
          t={t}
          brand={brand}
          chrome={chrome}
          center={center}
          onPlace={(p) => camera.moveTo({ ...p, zoom: 15 })}
          nearMe={nearMe}
          languageSwitcher={
            <>
              <SubscribeMenu filters={filters} bounds={camera.view?.bounds ?? null} locale={locale} />
              {languageSwitcher}
            </>
          }
        />
        <FilterBar filters={filters} locale={locale} onChange={setFilters} onClear={clearFilters} />
        <div className={styles.body} data-list-only={!showMap || undefined}>
          <ResultsPanel
            locale={locale}
            t={t}
            mode={mode}
            events={events}
            total={total}
            nowMs={nowMs}
            selected={selected}
            onHover={setHovered}
            loading={{ first: firstLoad, updating, fetching: query.isFetching }}
            error={{ failed: query.isError, retry: () => void query.refetch() }}
            answered={query.data !== undefined}
            notice={nearMe.message}
            onZoomOut={showMap ? () => camera.moveTo({ ...center, zoom: Math.max(2, center.zoom - 2) }) : null}
            onClearFilters={activeFilterCount(filters) > 0 ? clearFilters : null}
            sheet={{ open: sheetOpen, toggle: () => setSheetOpen((o) => !o) }}
          />
          <MapArea
            ref={mapAreaRef}
            mode={mode}
            label={t.mapRegion}
            mapLibPath={mapLibPath}
            defaultCamera={defaultCamera}
            initialCamera={camera.initialCamera}
            cameraRequest={camera.cameraRequest}
            mapStyleUrl={mapStyleUrl}
            events={events}
            eventsSettled={query.data !== undefined || query.isError}
            highlighted={highlighted}
            onViewChange={camera.onViewChange}
            onSelect={(id) => {
              setSelected(id);
              setSheetOpen(true);
            }}
            onHover={setHovered}
            onFailure={onMapFailure}
          />
        </div>
      </div>
    </LinkTargetContext>
  );
}
