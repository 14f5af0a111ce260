'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import type { StyleSpecification } from 'maplibre-gl';

export interface MiniMapPoint {
  lng: number;
  lat: number;
}

/** Style of the mini maps until a basemap style is available: plain land and the points on it. */
function pointStyle(points: MiniMapPoint[]): StyleSpecification {
  return {
    version: 8,
    sources: {
      points: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: points.map((p) => ({
            type: 'Feature',
            properties: {},
            geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
          })),
        },
      },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': '#f4f1ea' } },
      {
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: {
          'circle-radius': 8,
          'circle-color': '#e63946',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 3,
        },
      },
    ],
  };
}

/**
 * A small, non-interactive map of one or more points (a venue, the places a performer plays). MapLibre is loaded
 * only after the first paint, so the page itself never waits for it; the label describes the map for assistive tech.
 */
export function MiniMap({ points, label, zoom = 14 }: { points: MiniMapPoint[]; label: string; zoom?: number }) {
  const container = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(points);

  useEffect(() => {
    const element = container.current;
    const parsed = JSON.parse(key) as MiniMapPoint[];
    if (!element || parsed.length === 0) return;
    let map: import('maplibre-gl').Map | undefined;
    let cancelled = false;
    void import('maplibre-gl').then(({ Map, LngLatBounds }) => {
      if (cancelled) return;
      const first = parsed[0]!;
      map = new Map({
        container: element,
        style: pointStyle(parsed),
        center: [first.lng, first.lat],
        zoom,
        interactive: false,
        attributionControl: false,
      });
      if (parsed.length > 1) {
        const bounds = new LngLatBounds();
        for (const p of parsed) bounds.extend([p.lng, p.lat]);
        map.fitBounds(bounds, { padding: 40, maxZoom: 13, animate: false });
      }
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [key, zoom]);

  return (
    <div ref={container} role="img" aria-label={label} className="mini-map" style={{ width: '100%', height: 220 }} />
  );
}
