'use client';

import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { earlyInput } from '@/components/ui/early-input';
import { drawingCover, drawnMoveFor, movedCamera, NO_MOVE, type DrawnMove } from '@/lib/explorer/gesture-camera';
import type { Camera } from '@/lib/explorer/state';

/** How long after the last turn of the wheel its camera is written (the URL, and where the live map will start). */
const SETTLE_MS = 150;

const sameMove = (a: DrawnMove, b: DrawnMove) => a.x === b.x && a.y === b.y && a.scale === b.scale;

/**
 * How far in the live map may zoom from the drawing's scale while the drawing stands in for it, in zoom levels: beyond
 * that (a town chosen in search, a deep pinch) the drawing's names and dots are blown up past use, and the map shows
 * as it is.
 */
const DRAWING_ZOOM_IN_RANGE = 2;
/**
 * How much of the map's box the moved drawing must still cover to stand in for the map: panned or zoomed out further,
 * the visitor would look mostly at its empty margin (where the map has places and events), and the map shows as it is.
 */
const DRAWING_MIN_COVER = 0.5;

/**
 * The first gesture moves the server's drawing of the map at once: a swipe pans it, a pinch or the wheel zooms it (a
 * CSS transform of the backdrop, --pan-x/--pan-y/--pan-scale on the map's box), while MapLibre loads. The camera
 * the drawing was moved to is reported when the gesture ends (the last finger lifts, or the wheel rests), so the live
 * map starts there and takes over without a jump. Once the live map runs (`live`), it handles new gestures itself.
 *
 * Drags, pinches and the wheel are followed by the page's inline script (lib/ui/early-input-script.ts), from the
 * first paint: one made before hydration moves the drawing too, and its camera is reported once this hook runs. The
 * script listens to the wheel passively, which cannot keep a turn from scrolling; once hydrated, the hook takes the
 * wheel with a listener of its own on the map's box, which can (a non-passive listener on the whole document would
 * slow every page's scrolling).
 *
 * A drag begun on the drawing ends on it, even when the live map arrives under the finger: MapLibre never saw that
 * touch begin, so it could not follow it, and reporting the camera halfway would drop the rest of the swipe. While
 * such a drag lasts the box carries `data-drawn-gesture`, which keeps the live map out of sight (explorer.module.css).
 *
 * The live map then stays out of sight until it has drawn its whole basemap (EventMap's `holdUntilDrawn`), and the
 * drawing follows its camera meanwhile: the returned `follow`, given each camera the held map moves to, moves the
 * drawing there and says whether it can still stand in for the map.
 *
 * `drawing` is the camera the server drew the drawing at: every move of it is measured from there.
 */
export function useDrawnGesture(
  box: RefObject<HTMLElement | null>,
  {
    enabled,
    live,
    drawing,
    onMoved,
  }: { enabled: boolean; live: boolean; drawing: Camera | null; onMoved: (c: Camera) => void },
) {
  const latest = useRef({ live, drawing, onMoved });
  const drawingCamera = useRef<Camera | null>(null);
  useEffect(() => {
    latest.current = { live, drawing, onMoved };
    const drawn = earlyInput()?.drawn;
    if (drawn) drawn.off = !enabled || live;
  });

  useEffect(() => {
    const element = box.current;
    const drawn = earlyInput()?.drawn;
    const start = latest.current.drawing;
    if (!enabled || !element || !drawn || !start) return;
    drawn.box = element;
    drawingCamera.current = start;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let reported = NO_MOVE;
    const report = (move: DrawnMove) => {
      clearTimeout(settle);
      // A tap moves nothing: the URL keeps its entry as it is.
      if (!sameMove(move, reported)) latest.current.onMoved(movedCamera(start, move));
      reported = move;
      // The live map jumps to the reported camera in the commit that follows; it shows from the next frame.
      requestAnimationFrame(() => element.removeAttribute('data-drawn-gesture'));
    };
    drawn.onEnd = report;
    // A gesture that ended before hydration: its camera now (a tap's none, but its mark on the box goes). One still
    // under way reports as its last finger lifts.
    if (drawn.down === 0) report(drawn.move);

    const onWheel = (e: WheelEvent) => {
      if (latest.current.live) return;
      e.preventDefault();
      drawn.wheel(e);
      clearTimeout(settle);
      settle = setTimeout(() => report(drawn.move), SETTLE_MS);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      clearTimeout(settle);
      if (drawn.onEnd === report) drawn.onEnd = null;
      element.removeAttribute('data-drawn-gesture');
      element.removeEventListener('wheel', onWheel);
    };
  }, [box, enabled]);

  return useCallback((shown: Camera) => {
    const drawn = earlyInput()?.drawn;
    const start = drawingCamera.current;
    // The map's box: the effect above gave it to the drawn gesture.
    const element = drawn?.box;
    const drawing = element?.querySelector('[data-map-drawing]');
    if (!drawn || !start || !element || !drawing || shown.zoom - start.zoom > DRAWING_ZOOM_IN_RANGE) return false;
    const move = drawnMoveFor(start, shown);
    const size = { width: Number(drawing.getAttribute('width')), height: Number(drawing.getAttribute('height')) };
    const boxSize = { width: element.clientWidth, height: element.clientHeight };
    if (drawingCover(move, boxSize, size) < DRAWING_MIN_COVER) return false;
    // A drag begun on the drawing moves it until the finger lifts, then hands its camera to the map.
    if (drawn.down === 0) drawn.show(move);
    return true;
  }, []);
}
