'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { boundsAround, visibleBounds } from '@/lib/explorer/bounds';
import { NO_INSETS, type Insets } from '@/lib/explorer/fit-camera';
import { coversView, type MapBox } from '@/lib/explorer/first-view';
import { roundCamera, sameCamera, type Camera } from '@/lib/explorer/state';
import type { CameraRequest, MapView } from '@/lib/map/view';

/** Debounce between the map settling and the viewport query (coalesces quick successive moves). */
const MOVE_DEBOUNCE_MS = 200;

/** The longest a requested move may take before the map reports it (a flight is ~1–3 s). */
const MOVE_REPORT_TIMEOUT_MS = 6000;

export interface ExplorerCameraOptions {
  /** The camera the URL names, if any. */
  urlCamera: Camera | null;
  /** Where the map opens when the URL names no camera. */
  defaultCamera: Camera;
  /** Whether a map reports its own moves (without one, a move loads the new area at once). */
  hasMap: boolean;
  /** The map's box, to compute a view without the map. */
  mapAreaRef: RefObject<HTMLDivElement | null>;
  /** Writes the camera to the URL. */
  setCamera: (camera: Camera, mode?: 'push' | 'replace') => void;
  /** The view the server drew the list for, if it did: the first view while the map shows no more than it. */
  initialView?: MapView | null;
  /**
   * What covers the map's box now (the phone's list sheet): the loaded view is the part of the map left uncovered, so
   * the list counts what the map shows. None by default.
   */
  coveredInsets?: () => Insets;
  /**
   * The camera the page asks for on arrival in place of the URL's, if any, given the map's box and what covers it (an
   * embed's box framed for the layout shown: arrival-fit.ts). Asked once, as the first view is decided.
   */
  arrivalCamera?: (urlCamera: Camera, box: MapBox) => Camera | null;
}

const UNCOVERED = () => NO_INSETS;

/**
 * The view to load for a map showing `next`: the current one while it has the same camera and its loaded area covers
 * everything shown (the map's first report of its view, the server's first view), so no load is repeated.
 */
function keepCovered(current: MapView | null, next: MapView): MapView {
  return current && sameCamera(current.camera, next.camera) && coversView(current, next.bounds) ? current : next;
}

/**
 * The explorer's camera: the view whose events are loaded, the moves asked of the map, and the URL kept in step with
 * both. A camera in the URL that the map did not report itself came from outside (first load, back/forward).
 */
export function useExplorerCamera({
  urlCamera,
  defaultCamera,
  hasMap,
  mapAreaRef,
  setCamera,
  initialView = null,
  coveredInsets = UNCOVERED,
  arrivalCamera,
}: ExplorerCameraOptions) {
  const [initialCamera] = useState(urlCamera ?? defaultCamera);
  const [view, setView] = useState<MapView | null>(initialView);
  const [cameraRequest, setCameraRequest] = useState<CameraRequest | null>(null);
  /** A move is under way (a flight, the debounce after the map settled): the loaded view is about to change. */
  const [moving, setMoving] = useState(false);
  const mapCamera = useRef<Camera | null>(null);
  const moveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  /** The whole map's latest view (the map's report or an estimate): what covers the map may change under it. */
  const wholeView = useRef<MapView | null>(null);

  const mapBox = useCallback(() => {
    const el = mapAreaRef.current;
    return {
      width: el && el.clientWidth > 0 ? el.clientWidth : window.innerWidth,
      height: el && el.clientHeight > 0 ? el.clientHeight : window.innerHeight,
    };
  }, [mapAreaRef]);

  /** The part of the whole map's view that nothing covers: the view whose events load. */
  const uncovered = useCallback(
    (whole: MapView): MapView => {
      wholeView.current = whole;
      return { camera: whole.camera, bounds: visibleBounds(whole.bounds, mapBox(), coveredInsets()) };
    },
    [mapBox, coveredInsets],
  );

  /** The view a camera gives in the map area, computed without the map (first load, list-only mode). */
  const estimateView = useCallback(
    (c: Camera): MapView => {
      const { width, height } = mapBox();
      return uncovered({ camera: c, bounds: boundsAround(c, width, height) });
    },
    [mapBox, uncovered],
  );

  /**
   * The first view is decided: the server's kept, or the map box's own set in its place (which the server's first
   * render, made before the box was known, cannot tell). Back from an event page restores the list only then.
   */
  const [decided, setDecided] = useState(false);
  /** The camera asked for on arrival, when it replaced the URL's (the server's first view is then another view's). */
  const [reframed, setReframed] = useState<Camera | null>(null);
  /** The camera to write to the URL once the page is live (arrival only). */
  const arrivalWrite = useRef<Camera | null>(null);
  /** The arrival camera was asked for: once per visit. */
  const arrived = useRef(false);

  // A layout effect: the view (hence the first events query) is set in the hydration commit itself. As a passive
  // effect it waited behind the map chunk's evaluation and MapLibre's first frames, over a second in software WebGL.
  useLayoutEffect(() => {
    let target = urlCamera ?? defaultCamera;
    if (!arrived.current) {
      arrived.current = true;
      const asked = arrivalCamera?.(target, { ...mapBox(), insets: coveredInsets() });
      if (asked) {
        if (!sameCamera(asked, target)) {
          target = asked;
          // Only the laid-out page knows what covers its map, which decides the framing: nothing the server's HTML
          // (and so hydration) could render. Once per visit, in the commit that decides the first view.
          // eslint-disable-next-line react-hooks/set-state-in-effect
          setReframed(asked);
        }
        arrivalWrite.current = target;
      }
    }
    if (sameCamera(target, mapCamera.current)) return;
    mapCamera.current = target;
    const estimate = estimateView(target);
    setView((current) => keepCovered(current, estimate));
    setDecided(true);
    if (seq.current > 0 || !sameCamera(target, initialCamera)) {
      setCameraRequest({ camera: target, seq: ++seq.current, animate: false });
    } else {
      seq.current++;
    }
  }, [urlCamera, estimateView, initialCamera, defaultCamera, arrivalCamera, mapBox, coveredInsets]);

  // The camera asked for on arrival goes to the URL (which also drops what asked for it) once the page is live: Next.js
  // follows the URL's history calls from its router's own effect, which runs after this page's first effects. Not
  // when the URL changed meanwhile (a swipe made before hydration, reported at once): every write drops `fit`.
  useEffect(() => {
    const camera = arrivalWrite.current;
    if (!camera) return;
    const timer = setTimeout(() => {
      if (new URLSearchParams(window.location.search).has('fit')) setCamera(camera, 'replace');
    }, 0);
    return () => clearTimeout(timer);
  }, [setCamera]);

  /** The map settled on a new view: the URL follows at once, the events query after a short debounce. */
  const onViewChange = useCallback(
    (next: MapView) => {
      mapCamera.current = roundCamera(next.camera);
      setCamera(next.camera);
      clearTimeout(moveTimer.current);
      setMoving(true);
      moveTimer.current = setTimeout(() => {
        const shown = uncovered(next);
        setView((current) => keepCovered(current, shown));
        setMoving(false);
      }, MOVE_DEBOUNCE_MS);
    },
    [setCamera, uncovered],
  );

  /**
   * What covers the map changed (the phone's sheet lowered or raised): the view becomes the part now uncovered, even
   * when the loaded one covers it, so that the list never counts what the map hides.
   */
  const refreshUncovered = useCallback(() => {
    if (wholeView.current) setView(uncovered(wholeView.current));
  }, [uncovered]);
  useEffect(() => () => clearTimeout(moveTimer.current), []);

  /** Moves the map (animated) and records the move as a history entry (or in the current one: a fitted view). */
  const moveTo = useCallback(
    (target: Camera, mode: 'push' | 'replace' = 'push') => {
      mapCamera.current = roundCamera(target);
      setCamera(target, mode);
      setCameraRequest({ camera: target, seq: ++seq.current, animate: true });
      // Without a map there is no moveend: load the new area now. With one, the list shows it is updating until the
      // flight ends and the new view's answer arrives.
      if (!hasMap) setView(estimateView(target));
      else {
        setMoving(true);
        // A move the map never reports (it was already there) must not leave the list marked as updating.
        clearTimeout(moveTimer.current);
        moveTimer.current = setTimeout(() => setMoving(false), MOVE_REPORT_TIMEOUT_MS);
      }
    },
    [setCamera, hasMap, estimateView],
  );

  return { initialCamera, view, decided, reframed, cameraRequest, onViewChange, moveTo, moving, refreshUncovered };
}
