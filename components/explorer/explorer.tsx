'use client';

import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { CameraRequest, MapView } from '@/components/map/event-map';
import { SubscribeMenu } from '@/components/feeds/subscribe-menu';
import { FilterBar } from '@/components/filters/filter-bar';
import { SearchBox } from '@/components/search/search-box';
import { boundsAround } from '@/lib/explorer/bounds';
import { bucketedNow, fetchEvents } from '@/lib/explorer/events-request';
import { loadMapChunk, mapLibUrl, viewSearchParams } from '@/lib/explorer/first-view';
import { formatCount, type Locale } from '@/lib/explorer/format';
import { DEFAULT_CAMERA, DEFAULT_FILTERS, activeFilterCount, roundCamera, type Camera } from '@/lib/explorer/state';
import { explorerStrings } from '@/lib/explorer/strings';
import { hasWebGl } from '@/lib/explorer/webgl';
import { loadMapLibre } from '@/lib/map/load-maplibre';
import { AppLink } from './app-link';
import { browserQueryClient } from './query-client';
import { EventList } from './event-list';
import styles from './explorer.module.css';
import { LinkTargetContext, type LinkTarget } from './link-target';
import { useExplorerState } from './use-explorer-state';

// React.lazy rather than next/dynamic (~2.5 kB of loader code): the map only renders once the client has found WebGL,
// so it never renders on the server.
const EventMap = lazy(() => loadMapChunk().then((m) => ({ default: m.EventMap })));

/** Debounce between the map settling and the viewport query (coalesces quick successive moves). */
const MOVE_DEBOUNCE_MS = 200;

type MapMode = 'pending' | 'map' | 'no-webgl' | 'lost';

const noSubscribe = () => () => {};

function sameCamera(a: Camera | null, b: Camera | null): boolean {
  if (!a || !b) return a === b;
  const ra = roundCamera(a);
  const rb = roundCamera(b);
  return ra.lng === rb.lng && ra.lat === rb.lat && ra.zoom === rb.zoom;
}

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
  const t = explorerStrings(locale);
  const { state, setFilters, setCamera, setSelected } = useExplorerState();
  const { filters, selected } = state;
  const camera = state.camera ?? defaultCamera;

  // Probed on the client only: the server renders the list and leaves the map area empty.
  const webgl = useSyncExternalStore(noSubscribe, hasWebGl, () => null);
  const [lost, setLost] = useState(false);
  const mode: MapMode = lost ? 'lost' : webgl === null ? 'pending' : webgl ? 'map' : 'no-webgl';
  const [view, setView] = useState<MapView | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [cameraRequest, setCameraRequest] = useState<CameraRequest | null>(null);
  const [geoMessage, setGeoMessage] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const mapCamera = useRef<Camera | null>(null);
  const [initialCamera] = useState(camera);
  const mapAreaRef = useRef<HTMLDivElement>(null);
  const moveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  /** The view a camera gives in the map area, computed without the map (first load, list-only mode). */
  const estimateView = useCallback((c: Camera): MapView => {
    const el = mapAreaRef.current;
    const width = el && el.clientWidth > 0 ? el.clientWidth : window.innerWidth;
    const height = el && el.clientHeight > 0 ? el.clientHeight : window.innerHeight;
    return { camera: c, bounds: boundsAround(c, width, height) };
  }, []);

  // A camera in the URL that the map did not report itself came from outside (first load, back/forward): go there.
  // A layout effect: the view (hence the first events query) is set in the hydration commit itself. As a passive
  // effect it waited behind the map chunk's evaluation and MapLibre's first frames, over a second in software WebGL.
  const urlCamera = state.camera;
  useLayoutEffect(() => {
    const target = urlCamera ?? defaultCamera;
    if (sameCamera(target, mapCamera.current)) return;
    mapCamera.current = target;
    setView(estimateView(target));
    if (seq.current > 0 || !sameCamera(target, initialCamera)) {
      setCameraRequest({ camera: target, seq: ++seq.current, animate: false });
    } else {
      seq.current++;
    }
  }, [urlCamera, estimateView, initialCamera, defaultCamera]);

  const onViewChange = useCallback(
    (next: MapView) => {
      mapCamera.current = roundCamera(next.camera);
      setCamera(next.camera);
      clearTimeout(moveTimer.current);
      moveTimer.current = setTimeout(() => setView(next), MOVE_DEBOUNCE_MS);
    },
    [setCamera],
  );
  useEffect(() => () => clearTimeout(moveTimer.current), []);

  /** Moves the map (animated) and records the move as a history entry. */
  const moveTo = useCallback(
    (target: Camera) => {
      mapCamera.current = roundCamera(target);
      setCamera(target, 'push');
      setCameraRequest({ camera: target, seq: ++seq.current, animate: true });
      // Without a map there is no moveend: load the new area now.
      if (mode !== 'map') setView(estimateView(target));
    },
    [setCamera, mode, estimateView],
  );

  const nearMe = () => {
    if (!('geolocation' in navigator)) {
      setGeoMessage(t.geoUnavailable);
      return;
    }
    setLocating(true);
    setGeoMessage(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        moveTo({ lng: position.coords.longitude, lat: position.coords.latitude, zoom: 13 });
      },
      (error) => {
        setLocating(false);
        setGeoMessage(error.code === error.PERMISSION_DENIED ? t.geoDenied : t.geoUnavailable);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  };

  // Changes every five minutes, so the query key (and the cache) holds still in between.
  const nowMs = bucketedNow().getTime();
  const params = useMemo(() => (view ? viewSearchParams(view, filters, nowMs) : null), [view, filters, nowMs]);
  const query = useQuery({
    queryKey: ['events', params?.toString() ?? ''],
    queryFn: ({ signal }) => fetchEvents(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
  const events = useMemo(() => query.data?.data ?? [], [query.data]);
  const total = query.data?.pagination.totalItems ?? 0;
  const highlighted = useMemo(() => [hovered, selected].filter((id): id is number => id !== null), [hovered, selected]);

  const showMap = mode === 'map' || mode === 'pending';
  const listOnly = mode === 'no-webgl' || mode === 'lost';
  const firstLoad = query.isPending || (params === null && !query.data);
  const updating = query.isFetching && !firstLoad;

  let summary = '';
  if (query.data && !query.isError) {
    if (total > events.length) summary = t.truncated(formatCount(total, locale), formatCount(events.length, locale));
    else if (total === 1) summary = t.countOne;
    else if (total > 1) summary = t.countHere(formatCount(total, locale));
  }

  return (
    <LinkTargetContext value={linkTarget}>
      <div className={styles.shell} data-map-mode={mode} data-chrome={chrome || undefined}>
        <header className={styles.header}>
          {chrome && (
            <AppLink href="/" className={styles.brand} aria-label={`${brand.name} home`}>
              {brand.logo ? (
                // eslint-disable-next-line @next/next/no-img-element -- a data URI or public/ file, no optimisation needed
                <img src={brand.logo} alt="" width={24} height={24} className={styles.brandLogo} />
              ) : (
                <span className={styles.brandMark} aria-hidden="true">
                  ◉
                </span>
              )}
              <span data-testid="brand-name">{brand.name}</span>
            </AppLink>
          )}
          <SearchBox locale={locale} center={view?.camera ?? camera} onPlace={(p) => moveTo({ ...p, zoom: 15 })} />
          {chrome && (
            <button type="button" className={styles.nearMe} onClick={nearMe} disabled={locating}>
              <svg
                width="16"
                height="16"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                aria-hidden="true"
              >
                <circle cx="12" cy="12" r="4" />
                <path d="M12 2v3M12 19v3M2 12h3M19 12h3" strokeLinecap="round" />
              </svg>
              {locating ? t.locating : t.nearMe}
            </button>
          )}
          {chrome && <SubscribeMenu filters={filters} bounds={view?.bounds ?? null} locale={locale} />}
          {chrome && languageSwitcher}
        </header>

        <FilterBar
          filters={filters}
          locale={locale}
          onChange={setFilters}
          onClear={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort })}
        />

        <div className={styles.body} data-list-only={listOnly || undefined}>
          <section
            className={styles.panel}
            aria-label={t.resultsPanel}
            aria-busy={query.isFetching}
            data-open={sheetOpen || undefined}
          >
            <button
              type="button"
              className={styles.sheetHandle}
              aria-expanded={sheetOpen}
              onClick={() => setSheetOpen((o) => !o)}
            >
              <span aria-hidden="true" className={styles.sheetGrip} />
              {sheetOpen ? t.showMap : t.showList}
            </button>
            {listOnly && (
              <p className={styles.notice} role="note">
                {mode === 'lost' ? t.lostWebGl : t.noWebGl}
              </p>
            )}
            {geoMessage && (
              <p className={styles.notice} role="alert">
                {geoMessage}
              </p>
            )}
            <div className={styles.summary}>
              <p role="status" aria-live="polite" className={styles.summaryText} data-testid="results-summary">
                {firstLoad ? t.loading : summary}
              </p>
              {updating && (
                <span className={styles.updating} aria-hidden="true">
                  {t.updating}
                </span>
              )}
            </div>

            {firstLoad && !query.isError && (
              <ul className={styles.skeletons} aria-hidden="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <li key={i} className={styles.skeleton} />
                ))}
              </ul>
            )}

            {query.isError && !query.data && (
              <div className={styles.state} role="alert">
                <p>{t.error}</p>
                <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
                  {t.retry}
                </button>
              </div>
            )}

            {query.data && events.length === 0 && (
              <div className={styles.state}>
                <p className={styles.stateTitle}>{t.empty}</p>
                <p className={styles.stateActions}>
                  {showMap && (
                    <button
                      type="button"
                      className="button"
                      onClick={() =>
                        moveTo({ ...(view?.camera ?? camera), zoom: Math.max(2, (view?.camera ?? camera).zoom - 2) })
                      }
                    >
                      {t.zoomOut}
                    </button>
                  )}
                  {activeFilterCount(filters) > 0 && (
                    <button
                      type="button"
                      className="button"
                      onClick={() => setFilters({ ...DEFAULT_FILTERS, sort: filters.sort })}
                    >
                      {t.clearFilters}
                    </button>
                  )}
                </p>
              </div>
            )}

            {events.length > 0 && (
              <EventList events={events} locale={locale} now={nowMs} selected={selected} onHover={setHovered} />
            )}
          </section>

          <div
            className={styles.mapArea}
            ref={mapAreaRef}
            aria-label={t.mapRegion}
            role="region"
            hidden={listOnly}
            data-map-area=""
            data-default-camera={`${defaultCamera.lng},${defaultCamera.lat},${defaultCamera.zoom}`}
            data-maplibre={mapLibPath}
          >
            {mode === 'map' && (
              <Suspense fallback={<div className={styles.mapLoading} aria-hidden="true" />}>
                <EventMap
                  mapLib={loadMapLibre(mapLibUrl(mapLibPath))}
                  initialCamera={initialCamera}
                  cameraRequest={cameraRequest}
                  mapStyleUrl={mapStyleUrl}
                  events={events}
                  eventsSettled={query.data !== undefined || query.isError}
                  highlighted={highlighted}
                  onViewChange={onViewChange}
                  onSelect={(id) => {
                    setSelected(id);
                    setSheetOpen(true);
                  }}
                  onHover={setHovered}
                  onFailure={() => setLost(true)}
                />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </LinkTargetContext>
  );
}
