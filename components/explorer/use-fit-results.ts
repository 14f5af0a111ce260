'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { TExplorerEvent } from '@/lib/contract';
import { eventPosition } from '@/lib/explorer/events-request';
import { fitCamera } from '@/lib/explorer/fit-camera';
import type { Camera } from '@/lib/explorer/state';

/**
 * Fits the map to the results view's events whenever they change (a new text, other filters), in the current history
 * entry: Back still leads to the view before the search.
 */
export function useFitResults(
  q: string | null,
  events: readonly TExplorerEvent[],
  mapAreaRef: RefObject<HTMLDivElement | null>,
  moveTo: (camera: Camera, mode: 'push' | 'replace') => void,
) {
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (q === null) {
      fitted.current = null;
      return;
    }
    const points = events.map(eventPosition).filter((p): p is [number, number] => p !== null);
    const key = `${q}|${events.map((e) => e.id).join(',')}`;
    if (points.length === 0 || fitted.current === key) return;
    fitted.current = key;
    const el = mapAreaRef.current;
    const size = {
      width: el && el.clientWidth > 0 ? el.clientWidth : window.innerWidth,
      height: el && el.clientHeight > 0 ? el.clientHeight : window.innerHeight,
    };
    const camera = fitCamera(points, size);
    if (camera) moveTo(camera, 'replace');
  }, [q, events, mapAreaRef, moveTo]);
}
