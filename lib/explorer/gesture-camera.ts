import { latFromMercatorY, mercatorY, TILE_SIZE } from './fit-camera';
import type { Camera } from './state';

/** A drawn map moved by a gesture: shifted by (x, y) CSS pixels, then scaled by `scale` about the box's centre. */
export interface DrawnMove {
  x: number;
  y: number;
  scale: number;
}

export const NO_MOVE: DrawnMove = { x: 0, y: 0, scale: 1 };

/**
 * The camera that shows what a drawing of `camera` shows once moved by `move` (CSS `translate(x, y) scale(s)` about
 * the box's centre): the point now at the box's centre was at `-(x, y) / s` from it, and the zoom grows by log2(s).
 * The live map starts there, so it takes over from the drawing the visitor moved without a jump.
 */
export function movedCamera(camera: Camera, move: DrawnMove): Camera {
  const worldPx = TILE_SIZE * 2 ** camera.zoom;
  const dx = -move.x / move.scale / worldPx;
  const dy = -move.y / move.scale / worldPx;
  const y = Math.min(1, Math.max(0, mercatorY(camera.lat) + dy));
  const lng = ((((camera.lng + dx * 360 + 180) % 360) + 360) % 360) - 180;
  const zoom = Math.max(0, Math.min(22, camera.zoom + Math.log2(move.scale)));
  return { lng, lat: latFromMercatorY(y), zoom };
}

/**
 * The move that shows a drawing of `drawing` as a map at `shown` shows it: the inverse of {@link movedCamera}. The
 * live map, held out of sight while its basemap loads, moves the drawing along with its own camera.
 */
export function drawnMoveFor(drawing: Camera, shown: Camera): DrawnMove {
  const scale = 2 ** (shown.zoom - drawing.zoom);
  const worldPx = TILE_SIZE * 2 ** shown.zoom;
  // The shorter way round the world between the two centres.
  const dx = (((((shown.lng - drawing.lng) / 360 + 0.5) % 1) + 1) % 1) - 0.5;
  const dy = mercatorY(shown.lat) - mercatorY(drawing.lat);
  return { x: -dx * worldPx, y: -dy * worldPx, scale };
}

/** A width and a height, in CSS pixels. */
export interface Size {
  width: number;
  height: number;
}

/**
 * The share of a box (0–1) that a drawing of `drawing`'s size, centred on it and moved by `move`, still covers. Past
 * its edges the visitor would see the drawing's empty margin, where the map has places and events.
 */
export function drawingCover(move: DrawnMove, box: Size, drawing: Size): number {
  if (box.width <= 0 || box.height <= 0) return 0;
  // The overlap, along one axis, of the box [-half, half] and the drawing [shift - drawnHalf, shift + drawnHalf].
  const overlap = (half: number, drawnHalf: number, shift: number) =>
    Math.max(0, Math.min(half, shift + drawnHalf) - Math.max(-half, shift - drawnHalf));
  const across = overlap(box.width / 2, (move.scale * drawing.width) / 2, move.x);
  const down = overlap(box.height / 2, (move.scale * drawing.height) / 2, move.y);
  return (across * down) / (box.width * box.height);
}
