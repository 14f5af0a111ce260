'use client';

import { useCallback, useRef, type RefObject } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';

/** What a click or hover on the event layers does. */
export interface MapPointerActions {
  /** A single event's point: select it. */
  onSelect: (id: number) => void;
  onHover: (id: number | null) => void;
  /** A group: frame it (by its index in the view's clusters). */
  onFrame: (k: number) => void;
}

/** Clicks and hovering on the event layers: a group is framed, a point is selected, hovering highlights. */
export function useMapPointer(mapRef: RefObject<MapRef | null>, { onSelect, onHover, onFrame }: MapPointerActions) {
  const hoveredRef = useRef<number | null>(null);

  const onClick = useCallback(
    (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const map = mapRef.current;
      if (!feature || !map) return;
      const props = feature.properties ?? {};
      if (Number(props.count) > 1) {
        onFrame(Number(props.k));
        return;
      }
      if (props.id !== undefined) onSelect(Number(props.id));
    },
    [mapRef, onSelect, onFrame],
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
