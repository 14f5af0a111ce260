'use client';

import { useEffect, useState, type RefObject } from 'react';
import { earlyInput } from '@/components/ui/early-input';
import { whenIdle } from '@/components/ui/when-idle';

/** What the map waits for besides its box being on screen. */
export type MapStartTrigger = 'idle' | 'gesture';

/** The visitor's first use of the page: a touch, a click, the mouse moving, the wheel or a key. */
const GESTURES = ['pointerdown', 'pointermove', 'touchstart', 'wheel', 'keydown'] as const;

/**
 * After the browser has painted the frame it is about to paint: the visitor's gesture gets its response (the drawn
 * view moving) before the map's start adds its work (INP counts from the input to that paint).
 */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Waits for the last finger to lift (or the browser to take the touch over): then `done`. */
function whenFingersLift(done: () => void): () => void {
  const controller = new AbortController();
  const lifted = (event: TouchEvent) => {
    if (event.touches.length > 0) return;
    controller.abort();
    done();
  };
  for (const type of ['touchend', 'touchcancel'] as const) {
    window.addEventListener(type, lifted, { capture: true, passive: true, signal: controller.signal });
  }
  return () => controller.abort();
}

/** `start` (which returns its own cancel) once the last finger has lifted; the returned cancel stops either step. */
function afterFingersLift(start: () => () => void): () => void {
  let cancel = whenFingersLift(() => (cancel = start()));
  return () => cancel();
}

const isTouch = (event: Event) =>
  event.type === 'touchstart' || (event instanceof PointerEvent && event.pointerType === 'touch');

function onFirstGesture(run: () => void): () => void {
  // The visitor touched the page before it hydrated (lib/ui/early-input-script.ts): that was the first gesture. Taken
  // up as the map starts, so a later mount (Back to the explorer) waits for a gesture of its own.
  const early = earlyInput();
  if (early?.used) {
    const start = () =>
      afterNextPaint(() => {
        early.used = false;
        run();
      });
    return early.drawn.down === 0 ? start() : afterFingersLift(start);
  }
  const controller = new AbortController();
  let cancelRun = () => {};
  controller.signal.addEventListener('abort', () => cancelRun());
  const once = (event: Event) => {
    // Stop listening, but keep the scheduled start: aborting after this only cancels a start not yet run.
    for (const type of GESTURES) window.removeEventListener(type, once, { capture: true });
    // A finger on the page may begin a swipe or a pinch, which moves the server's drawing of the map
    // (use-drawn-gesture.ts). The map's start (MapLibre's evaluation, its worker, its first frames) would hold the main
    // thread while the finger moves, and the drawing would stutter behind it: it starts once the last finger lifts.
    cancelRun = isTouch(event) ? afterFingersLift(() => afterNextPaint(run)) : afterNextPaint(run);
  };
  for (const type of GESTURES) {
    window.addEventListener(type, once, { capture: true, passive: true, signal: controller.signal });
  }
  return () => controller.abort();
}

/**
 * Whether the map may start: once its box is on screen and, by `trigger`, the page has hydrated and the browser is
 * idle, or the visitor has first used the page. The map (its chunk, MapLibre and its worker, a WebGL context and the
 * first frames) is the page's heaviest work. With `gesture` the server drew a picture of the map to stand in for it,
 * so a visitor who only reads the list never pays for it, and one who reaches for the map starts it with that same
 * touch (once its finger lifts), click or key (docs/decisions.md, "The home page's map starts at the first gesture").
 */
export function useMapStart(
  box: RefObject<HTMLElement | null>,
  enabled: boolean,
  trigger: MapStartTrigger = 'idle',
  /** Asked once the map would start: false (no WebGL context to be had) keeps it from starting. */
  canStart: () => boolean = () => true,
): boolean {
  const [start, setStart] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!enabled || start || !element) return;
    let ready = false;
    let visible = false;
    const go = () => {
      if (ready && visible && canStart()) setStart(true);
    };
    const cancel = (trigger === 'gesture' ? onFirstGesture : whenIdle)(() => {
      ready = true;
      go();
    });
    const observer = new IntersectionObserver((entries) => {
      visible = entries.some((entry) => entry.isIntersecting);
      go();
    });
    observer.observe(element);
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [box, enabled, start, trigger, canStart]);
  return start;
}
