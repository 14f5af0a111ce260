'use client';

import { useEffect, useState, type RefObject } from 'react';

/** How long the map waits at most for the browser to be idle after the page has hydrated. */
const IDLE_TIMEOUT_MS = 2000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short delay lets the first paint and hydration finish first.
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * Whether the map may start: once the page has hydrated and the browser is idle, and the map's box is on screen.
 * The map (its chunk, MapLibre and its worker, a WebGL context and the first frames) is the page's heaviest work; the
 * server-rendered list is painted and usable before any of it begins.
 */
export function useMapStart(box: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [start, setStart] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!enabled || start || !element) return;
    let idle = false;
    let visible = false;
    const go = () => {
      if (idle && visible) setStart(true);
    };
    const cancelIdle = whenIdle(() => {
      idle = true;
      go();
    });
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      go();
    });
    observer.observe(element);
    return () => {
      cancelIdle();
      observer.disconnect();
    };
  }, [box, enabled, start]);
  return start;
}
