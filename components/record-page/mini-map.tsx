'use client';

import type { Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { mapMessages } from '@/lib/i18n/map-messages';
import { pageLocale } from '@/components/map/use-map-style';
import { buildBasemapStyle } from '@/lib/map/basemap-style';
import { prepareStyle } from '@/lib/map/style-protocols';
import styles from './record-page.module.css';

export interface MiniMapPoint {
  lng: number;
  lat: number;
}

const POINTS_SOURCE = 'mini-map-points';

/**
 * A small, non-interactive map of one or more points (a venue, the places a performer plays), on the same basemap
 * as the explorer: the operator's MAP_STYLE_URL, else the offline style. One venue is framed at neighbourhood scale
 * (the offline style names its district and the towns around, and draws the coast), at the server's drawing's zoom.
 * MapLibre is loaded after the first paint; the page never waits for it, and the label describes the map.
 */
export function MiniMap({
  points,
  zoom = 12,
  label,
  mapStyleUrl,
  interactive = false,
}: {
  points: MiniMapPoint[];
  /** One venue's zoom on the offline style (the server's drawing chose it: a neighbourhood's, or a town's). */
  zoom?: number;
  label: string;
  mapStyleUrl: string | undefined;
  /** Pans and zooms (opened on demand by InteractiveMapToggle). */
  interactive?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(points);

  useEffect(() => {
    const element = container.current;
    const parsed = JSON.parse(key) as MiniMapPoint[];
    const first = parsed[0];
    if (!element || !first) return;
    let map: MapLibreMap | undefined;
    let cancelled = false;
    void import('maplibre-gl').then(async (maplibregl) => {
      if (mapStyleUrl) await prepareStyle(maplibregl, mapStyleUrl);
      if (cancelled) return;
      // Same worker files as the explorer's map (components/map/event-map.tsx, served from public/maplibre/).
      maplibregl.setWorkerUrl(`${window.location.origin}/maplibre/${maplibregl.getVersion()}/maplibre-gl-worker.mjs`);
      const detailed = mapStyleUrl !== undefined;
      const locale = pageLocale();
      map = new maplibregl.Map({
        container: element,
        style: mapStyleUrl ?? buildBasemapStyle(`${window.location.origin}/basemap`, { locale }),
        center: [first.lng, first.lat],
        zoom: detailed ? 15 : zoom,
        interactive,
        attributionControl: detailed ? { compact: true } : false,
        // MapLibre's own words (the canvas's name, the credits' toggle) in the page's language, as on the explorer.
        locale: mapMessages(locale).maplibre,
      });
      if (parsed.length > 1) {
        const bounds = new maplibregl.LngLatBounds();
        for (const p of parsed) bounds.extend([p.lng, p.lat]);
        map.fitBounds(bounds, { padding: 32, maxZoom: 12, animate: false });
      }
      map.on('load', () => {
        if (!map || map.getSource(POINTS_SOURCE)) return;
        map.addSource(POINTS_SOURCE, {
          type: 'geojson',
          data: {
            type: 'FeatureCollection',
            features: parsed.map((p) => ({
              type: 'Feature',
              properties: {},
              geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
            })),
          },
        });
        map.addLayer({
          id: POINTS_SOURCE,
          type: 'circle',
          source: POINTS_SOURCE,
          paint: {
            'circle-radius': 7,
            'circle-color': '#e63946',
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2.5,
          },
        });
      });
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [key, mapStyleUrl, interactive, zoom]);

  return <div ref={container} role="img" aria-label={label} className={styles.miniMap} />;
}
