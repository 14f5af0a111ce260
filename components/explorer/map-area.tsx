'use client';

import { lazy, Suspense, type ComponentProps, type RefObject } from 'react';
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
  mode: MapMode;
  label: string;
  /** Where the app serves MapLibre's modules (MAPLIBRE_ASSETS_PATH). */
  mapLibPath: string;
  /** The brand's default camera, which the first-view loader reads before hydration. */
  defaultCamera: Camera;
}

/**
 * The map's box: laid out by the server (the first events query reads its size before hydration), filled with the
 * map island once the client has found WebGL.
 */
export function MapArea({ ref, mode, label, mapLibPath, defaultCamera, ...map }: MapAreaProps) {
  return (
    <div
      className={styles.mapArea}
      ref={ref}
      aria-label={label}
      role="region"
      hidden={mode === 'no-webgl' || mode === 'lost'}
      data-map-area=""
      data-default-camera={`${defaultCamera.lng},${defaultCamera.lat},${defaultCamera.zoom}`}
      data-maplibre={mapLibPath}
    >
      {mode === 'map' && (
        <Suspense fallback={<div className={styles.mapLoading} aria-hidden="true" />}>
          <EventMap mapLib={loadMapLibre(mapLibUrl(mapLibPath))} {...map} />
        </Suspense>
      )}
    </div>
  );
}
