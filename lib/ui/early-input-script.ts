import type { DrawnMove } from '@/lib/explorer/gesture-camera';

/**
 * What a visitor does before a page's scripts have hydrated it. The server's HTML shows the page whole — buttons, the
 * drawn map — one or two seconds before React has attached its handlers on a phone, and React drops input on markup
 * it has not hydrated (measured at 390×844 under 4× CPU throttling: half of the taps on "Filters" made within a second
 * of its first paint did nothing, and a swipe on the drawn map moved nothing). The script below runs inline in the
 * document's head, before any of that markup is parsed, and keeps that input for the islands that take it up:
 *
 * - **Clicks** on plain buttons (`type="button"`: a button that does nothing without its script) inside an element
 *   marked `data-early-clicks` are held until that element's island says it is live (`useEarlyClicks`), which then
 *   clicks them again, in order. A held click is stopped before React's own listener on the document sees it, so it
 *   is never handled twice (React may hydrate the island during the click and run the handler). Links and submit
 *   buttons are left alone: they work without scripts.
 * - **Drags, pinches and the wheel** on a drawn map (`data-drawn-map`) move the drawing at once (--pan-x, --pan-y,
 *   --pan-scale on that element); `useDrawnGesture` reports the camera it was moved to, whether the gesture ended
 *   before or after hydration. This is the drawn gesture's one implementation: once hydrated, the hook takes the
 *   wheel (to keep it from scrolling anything) and adds the reporting.
 * - **Whether the page was used** before hydration (a touch, a click, a key, the wheel over a drawn map): the map that
 *   starts at the first gesture starts at hydration when that gesture came before it.
 */
function installEarlyInput() {
  const NONE = { x: 0, y: 0, scale: 1 };
  const pointers = new Map<number, { x: number; y: number }>();
  let base = NONE;
  let origin: { x: number; y: number; distance: number } | null = null;
  const clampScale = (scale: number) => Math.max(1 / 16, Math.min(16, scale));
  const draw = (move: { x: number; y: number; scale: number }) => {
    drawn.move = move;
    const box = drawn.box;
    if (!box) return;
    box.style.setProperty('--pan-x', `${move.x}px`);
    box.style.setProperty('--pan-y', `${move.y}px`);
    box.style.setProperty('--pan-scale', String(move.scale));
  };
  const drawn: DrawnGesture = {
    box: null,
    move: NONE,
    off: false,
    down: 0,
    onEnd: null,
    show: draw,
    wheel(event) {
      // As MapLibre's scroll zoom turns a wheel event into a zoom (ScrollZoomHandler), so that the drawing zooms as the
      // live map will: a line is 40 px; the factor is a sigmoid of the turn, at its wheel rate (1/450) past a few
      // pixels and its trackpad rate (1/100) below them.
      const delta = event.deltaMode === 1 ? event.deltaY * 40 : event.deltaY;
      if (delta === 0) return;
      const rate = Math.abs(delta) > 4.000244140625 ? 1 / 450 : 1 / 100;
      const factor = 2 / (1 + Math.exp(-Math.abs(delta) * rate));
      const move = drawn.move;
      const scale = clampScale(move.scale * (delta < 0 ? factor : 1 / factor));
      // About the box's centre (the drawing's transform origin): the shift scales with it.
      draw({ x: move.x * (scale / move.scale), y: move.y * (scale / move.scale), scale });
    },
  };
  const state: EarlyInput = { held: [], live: new WeakSet(), hydrated: false, used: false, drawn };
  (window as unknown as { __earlyInput: EarlyInput }).__earlyInput = state;

  const centroid = () => {
    let x = 0;
    let y = 0;
    const all: { x: number; y: number }[] = [];
    pointers.forEach((p) => all.push(p));
    for (const p of all) {
      x += p.x / all.length;
      y += p.y / all.length;
    }
    const distance = all.length > 1 ? Math.hypot(all[0]!.x - all[1]!.x, all[0]!.y - all[1]!.y) : 0;
    return { x, y, distance };
  };
  const restart = () => {
    base = drawn.move;
    origin = pointers.size > 0 ? centroid() : null;
  };

  document.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const button = target.closest('button[type="button"]');
      const island = button && button.closest('[data-early-clicks]');
      if (!button || !island || state.live.has(island)) return;
      event.stopImmediatePropagation();
      state.held.push(button as HTMLElement);
    },
    true,
  );
  const use = () => {
    if (!state.hydrated) state.used = true;
  };
  document.addEventListener('keydown', use, true);
  document.addEventListener(
    'pointerdown',
    (event) => {
      use();
      const target = event.target;
      const box = target instanceof Element ? target.closest('[data-drawn-map]') : null;
      // The map's own controls (zoom buttons, attribution) are pressed, not dragged.
      if (!box || drawn.off || (target as Element).closest('button, a')) return;
      drawn.box = box as HTMLElement;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      drawn.down = pointers.size;
      // Keeps a live map that arrives during the drag out of sight: MapLibre never saw this touch begin.
      box.setAttribute('data-drawn-gesture', '');
      restart();
    },
    true,
  );
  // Passive, so that it never delays a scroll: the explorer does not scroll under its map. Once the explorer has
  // hydrated (`onEnd` set), `useDrawnGesture` takes the wheel. In a frame (the embed), a wheel turned over the map
  // before then is most likely the partner's page being scrolled, which a passive listener could not stop: it is left
  // to that page.
  document.addEventListener(
    'wheel',
    (event) => {
      const target = event.target;
      const box = target instanceof Element ? target.closest('[data-drawn-map]') : null;
      if (!box || drawn.off || drawn.onEnd || window.parent !== window) return;
      use();
      drawn.box = box as HTMLElement;
      drawn.wheel(event);
    },
    { capture: true, passive: true },
  );
  // Not gated by `off`: a gesture that began on the drawing finishes on it.
  window.addEventListener(
    'pointermove',
    (event) => {
      if (!pointers.has(event.pointerId) || !origin) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      const now = centroid();
      const scale = origin.distance > 0 && now.distance > 0 ? now.distance / origin.distance : 1;
      draw({
        x: base.x * scale + (now.x - origin.x),
        y: base.y * scale + (now.y - origin.y),
        scale: clampScale(base.scale * scale),
      });
    },
    true,
  );
  const up = (event: PointerEvent) => {
    if (!pointers.delete(event.pointerId)) return;
    drawn.down = pointers.size;
    restart();
    if (pointers.size === 0 && drawn.onEnd) drawn.onEnd(drawn.move);
  };
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', up, true);
}

/** The drawn map's gesture, shared by the inline script and `useDrawnGesture`. */
export interface DrawnGesture {
  /** The drawn map's box the gesture moves. */
  box: HTMLElement | null;
  /** Where the drawing has been moved to so far. */
  move: DrawnMove;
  /** New gestures leave the drawing alone: the live map has them, or the page shows no drawing to move. */
  off: boolean;
  /** Fingers (or the mouse's button) down on the drawing. */
  down: number;
  /** Zooms the drawing about the box's centre as a turn of the wheel zooms a map. */
  wheel(event: WheelEvent): void;
  /** Draws the drawing moved by `move` (the live map's camera, while the live map is held out of sight). */
  show(move: DrawnMove): void;
  /** Called as the last finger lifts; null until the explorer has hydrated (it reads `move` then). */
  onEnd: ((move: DrawnMove) => void) | null;
}

/** The input kept by the inline script, at `window.__earlyInput`. */
export interface EarlyInput {
  /** Buttons clicked before their island was live, in the order of the clicks. */
  held: HTMLElement[];
  /** Islands whose buttons have their handlers: clicks on them pass. */
  live: WeakSet<Element>;
  /** An island has hydrated: from then on the page's input is its own. */
  hydrated: boolean;
  /**
   * The visitor touched, clicked, pressed a key or turned the wheel over a drawn map before any island hydrated (taken
   * up by the map's start).
   */
  used: boolean;
  drawn: DrawnGesture;
}

/** The inline script's source: the installer, called at once. It reads nothing from outside itself. */
export const EARLY_INPUT_SCRIPT = `(${installEarlyInput.toString()})()`;
