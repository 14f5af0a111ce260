'use client';

import { useEffect, useRef } from 'react';
import type { TExplorerEvent } from '@/lib/contract';
import { eventPosition } from '@/lib/explorer/events-request';

/**
 * Fits the map to the results view's events whenever they change (a new text, other filters), in the current history
 * entry: Back still leads to the view before the search.
 */
export function useFitResults(
  q: string | null,
  events: readonly TExplorerEvent[],
  /** Frames points in the map's uncovered part (the explorer's camera concern). */
  frame: (points: readonly [number, number][], mode: 'push' | 'replace', maxZoom?: number) => void,
  /** The highest zoom to frame them at (the basemap's detail), else the framing's own. */
  maxZoom?: number,
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
    frame(points, 'replace', maxZoom);
  }, [q, events, frame, maxZoom]);
}
