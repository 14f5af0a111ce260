'use client';

import type { GeoJSONSource } from 'maplibre-gl';
import { useCallback, useRef, type RefObject } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { EVENTS_SOURCE_ID } from './layers';

/** Clicks and hovering on the event layers: a cluster zooms in, a point is selected, hovering highlights. */
export function useMapPointer(
  mapRef: RefObject<MapRef | null>,
  onSelect: (id: number) => void,
  onHover: (id: number | null) => void,
) {
  const hoveredRef = useRef<number | null>(null);

  const onClick = useCallback(
    async (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const map = mapRef.current;
      if (!feature || !map) return;
      const props = feature.properties ?? {};
      if (props.cluster_id !== undefined && feature.geometry.type === 'Point') {
        const source = map.getSource<GeoJSONSource>(EVENTS_SOURCE_ID);
        if (!source) return;
        const zoom = await source.getClusterExpansionZoom(Number(props.cluster_id));
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, 18) });
        return;
      }
      if (props.id !== undefined) onSelect(Number(props.id));
    },
    [mapRef, onSelect],
  );

  const onMouseMove = useCallback(
    (e: MapLayerMouseEvent) => {
      const id: unknown = e.features?.[0]?.properties?.id;
      const next = id === undefined ? null : Number(id);
      if (next !== hoveredRef.current) {
        hoveredRef.current = next;
        onHover(next);
      }
    },
    [onHover],
  );

  const onMouseLeave = useCallback(() => {
    if (hoveredRef.current !== null) {
      hoveredRef.current = null;
      onHover(null);
    }
  }, [onHover]);

  return { onClick, onMouseMove, onMouseLeave };
}
