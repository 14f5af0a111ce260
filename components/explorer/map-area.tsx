'use client';

import { lazy, Suspense, type ComponentProps, type ReactNode, type RefObject } from 'react';
import type { Camera } from '@/lib/explorer/state';
import { loadMapLibre, mapLibUrl } from '@/lib/map/load-maplibre';
import styles from './explorer.module.css';
import { loadMapChunk } from './first-view-loads';
import type { MapMode } from './use-map-mode';

// React.lazy rather than next/dynamic (~2.5 kB of loader code): the map only renders once the client has found WebGL,
// so it never renders on the server.
const EventMap = lazy(() => loadMapChunk().then((m) => ({ default: m.EventMap })));

type EventMapProps = ComponentProps<typeof EventMap>;

export interface MapAreaProps extends Omit<EventMapProps, 'mapLib'> {
  ref: RefObject<HTMLDivElement | null>;
  /** The map may start (useMapStart: its box on screen, and the first gesture or an idle moment). */
  start: boolean;
  mode: MapMode;
  /** The id of the map's text alternative (its groups and counts, in words). */
  describedBy: string;
  /** The text alternative itself. */
  children?: ReactNode;
  label: string;
  /** Where the app serves MapLibre's modules (MAPLIBRE_ASSETS_PATH). */
  mapLibPath: string;
  /** The brand's default camera, which the first-view loader reads before hydration. */
  defaultCamera: Camera;
  /** The server drew the first view with its events: the first-view loader does not ask for them again. */
  drawnByServer: boolean;
  /** The server's drawing of the first view, shown until the map covers it. */
  backdrop?: ReactNode;
}

/**
 * The map's box: laid out by the server (the first events query reads its size before hydration), so nothing moves
 * when the map arrives; filled with the map island once the client has found WebGL and the box is on screen — after
 * the visitor's first gesture when the server drew a backdrop, else once the page is idle (useMapStart).
 */
export function MapArea({
  ref,
  start,
  mode,
  label,
  describedBy,
  children,
  mapLibPath,
  defaultCamera,
  drawnByServer,
  backdrop,
  ...map
}: MapAreaProps) {
  return (
    <div
      className={styles.mapArea}
      ref={ref}
      aria-label={label}
      aria-describedby={describedBy}
      role="region"
      hidden={mode === 'no-webgl' || mode === 'lost'}
      data-map-area=""
      data-default-camera={`${defaultCamera.lng},${defaultCamera.lat},${defaultCamera.zoom}`}
      data-maplibre={mapLibPath}
      data-first-view={drawnByServer ? '' : undefined}
      // A drag, a pinch or the wheel on the drawing moves it from the first paint, before hydration
      // (lib/ui/early-input-script.ts).
      data-drawn-map={backdrop ? '' : undefined}
    >
      {children}
      {backdrop}
      {mode === 'map' && start && (
        <Suspense fallback={<div className={styles.mapLoading} aria-hidden="true" />}>
          <EventMap mapLib={loadMapLibre(mapLibUrl(mapLibPath))} {...map} />
        </Suspense>
      )}
    </div>
  );
}
