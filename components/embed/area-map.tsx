'use client';

import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import type { Bounds } from '@/lib/explorer/bounds';
import type { Camera } from '@/lib/explorer/state';
import { hasWebGl } from '@/lib/explorer/webgl';
import { loadMapLibre, mapLibUrl } from '@/lib/map/load-maplibre';
import type { CameraRequest } from '@/lib/map/view';
import styles from './snippet-builder.module.css';

// The explorer's map island, with no events: its `onViewChange` reports the frame, which is the area.
const EventMap = lazy(() => import('@/components/map/event-map').then((m) => ({ default: m.EventMap })));

const noSubscribe = () => () => {};
const NO_EVENTS: never[] = [];
const NO_HIGHLIGHT: number[] = [];
const ignore = () => {};

export interface AreaMapProps {
  label: string;
  noMapMessage: string;
  mapLibPath: string;
  mapStyleUrl: string | undefined;
  initialCamera: Camera;
  cameraRequest: CameraRequest | null;
  onFrame: (bounds: Bounds) => void;
}

/** A live map whose frame (pan, zoom) is the embed's area; without WebGL, a note that says how else to choose. */
export function AreaMap({
  label,
  noMapMessage,
  mapLibPath,
  mapStyleUrl,
  initialCamera,
  cameraRequest,
  onFrame,
}: AreaMapProps) {
  const webgl = useSyncExternalStore(noSubscribe, hasWebGl, () => null);
  const mapLib = useMemo(() => (webgl ? loadMapLibre(mapLibUrl(mapLibPath)) : null), [webgl, mapLibPath]);
  if (webgl === false) return <p className={styles.hint}>{noMapMessage}</p>;
  return (
    <div className={styles.areaMap} role="region" aria-label={label} data-testid="area-map">
      {mapLib && (
        <Suspense fallback={null}>
          <EventMap
            mapLib={mapLib}
            initialCamera={initialCamera}
            cameraRequest={cameraRequest}
            mapStyleUrl={mapStyleUrl}
            events={NO_EVENTS}
            eventsSettled
            highlighted={NO_HIGHLIGHT}
            onViewChange={(view) => onFrame(view.bounds)}
            takeOverCamera={false}
            onSelect={ignore}
            onHover={ignore}
            onFailure={ignore}
          />
        </Suspense>
      )}
    </div>
  );
}
