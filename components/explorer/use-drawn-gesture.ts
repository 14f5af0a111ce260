'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { movedCamera, NO_MOVE, type DrawnMove } from '@/lib/explorer/gesture-camera';
import type { Camera } from '@/lib/explorer/state';

/** How long after the last turn of the wheel its camera is written (the URL, and where the live map will start). */
const SETTLE_MS = 150;

/**
 * The first gesture moves the server's drawing of the map at once: a swipe pans it, a pinch or the wheel zooms it (a
 * CSS transform of the backdrop, --pan-x/--pan-y/--pan-scale on the map's box), while MapLibre loads. The camera
 * the drawing was moved to is reported when the gesture ends (the last finger lifts, or the wheel rests), so the live
 * map starts there and takes over without a jump. Once the live map runs (`live`), it handles new gestures itself.
 *
 * A drag begun on the drawing ends on it, even when the live map arrives under the finger: MapLibre never saw that
 * touch begin, so it could not follow it, and reporting the camera halfway would drop the rest of the swipe. While
 * such a drag lasts the box carries `data-drawn-gesture`, which keeps the live map out of sight (explorer.module.css).
 */
export function useDrawnGesture(
  box: RefObject<HTMLElement | null>,
  { enabled, live, camera, onMoved }: { enabled: boolean; live: boolean; camera: Camera; onMoved: (c: Camera) => void },
) {
  const latest = useRef({ live, camera, onMoved });
  useEffect(() => {
    latest.current = { live, camera, onMoved };
  });

  useEffect(() => {
    const element = box.current;
    if (!enabled || !element) return;
    const start = latest.current.camera;
    let move: DrawnMove = NO_MOVE;
    let base: DrawnMove = NO_MOVE;
    const pointers = new Map<number, { x: number; y: number }>();
    let origin: { x: number; y: number; distance: number } | null = null;
    let settle: ReturnType<typeof setTimeout> | undefined;

    const draw = () => {
      element.style.setProperty('--pan-x', `${move.x}px`);
      element.style.setProperty('--pan-y', `${move.y}px`);
      element.style.setProperty('--pan-scale', String(move.scale));
    };
    let reported = NO_MOVE;
    const report = () => {
      clearTimeout(settle);
      // A tap moves nothing: the URL keeps its entry as it is.
      if (move !== reported) latest.current.onMoved(movedCamera(start, move));
      reported = move;
      // The live map jumps to the reported camera in the commit that follows; it shows from the next frame.
      requestAnimationFrame(() => element.removeAttribute('data-drawn-gesture'));
    };
    const centroid = () => {
      const all = [...pointers.values()];
      const x = all.reduce((n, p) => n + p.x, 0) / all.length;
      const y = all.reduce((n, p) => n + p.y, 0) / all.length;
      const [a, b] = all;
      const distance = a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
      return { x, y, distance };
    };
    const restart = () => {
      base = move;
      origin = pointers.size > 0 ? centroid() : null;
    };
    const drawn = () => !latest.current.live;

    const onDown = (e: PointerEvent) => {
      if (!drawn()) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      element.setAttribute('data-drawn-gesture', '');
      restart();
    };
    // No `drawn()` check from here on: a gesture that began on the drawing finishes on it.
    const onMove = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId) || !origin) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const now = centroid();
      const scale = origin.distance > 0 && now.distance > 0 ? now.distance / origin.distance : 1;
      move = {
        x: base.x * scale + (now.x - origin.x),
        y: base.y * scale + (now.y - origin.y),
        scale: Math.max(1 / 16, Math.min(16, base.scale * scale)),
      };
      draw();
    };
    const onUp = (e: PointerEvent) => {
      if (!pointers.delete(e.pointerId)) return;
      restart();
      if (pointers.size === 0) report();
    };
    const onWheel = (e: WheelEvent) => {
      if (!drawn()) return;
      e.preventDefault();
      const factor = Math.exp(-e.deltaY / 300);
      const scale = Math.max(1 / 16, Math.min(16, move.scale * factor));
      // About the box's centre (the drawing's transform origin): the shift scales with it.
      move = { x: move.x * (scale / move.scale), y: move.y * (scale / move.scale), scale };
      draw();
      clearTimeout(settle);
      settle = setTimeout(report, SETTLE_MS);
    };

    element.addEventListener('pointerdown', onDown);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearTimeout(settle);
      element.removeAttribute('data-drawn-gesture');
      element.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      element.removeEventListener('wheel', onWheel);
    };
  }, [box, enabled]);
}
