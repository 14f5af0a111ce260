import type { Camera } from './state';

/** MapLibre's world size at zoom 0, in CSS pixels. */
export const TILE_SIZE = 512;

/** Web Mercator's y of a latitude, 0 at the north edge to 1 at the south. */
export function mercatorY(lat: number): number {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

/** The latitude of a Web Mercator y. */
export function latFromMercatorY(y: number): number {
  const n = Math.PI - 2 * Math.PI * y;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

/**
 * The part of the map's box that something else covers, in CSS pixels from each edge: the phone's list sheet lying
 * over the bottom of the map. A place framed on the map must be shown in what is left.
 */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * The camera that puts `target` (a camera's centre, at its zoom) in the middle of the map's uncovered part: the
 * centre moves by half of what covers each side, so a town chosen on a phone shows above the half-open sheet.
 */
export function cameraForVisible(target: Camera, insets: Insets): Camera {
  const worldPx = TILE_SIZE * 2 ** target.zoom;
  const dx = (insets.right - insets.left) / 2 / worldPx;
  const dy = (insets.bottom - insets.top) / 2 / worldPx;
  const y = Math.min(1, Math.max(0, mercatorY(target.lat) + dy));
  return { lng: target.lng + dx * 360, lat: latFromMercatorY(y), zoom: target.zoom };
}

/**
 * The highest zoom a search's results are framed at over the built-in offline basemap (no MAP_STYLE_URL). Its finest
 * data — coastlines, départements, towns — stops at zoom 9 and is only enlarged beyond: framed at zoom 13, the
 * results of one town stood on blank land with one name in the whole map (at 390×844 over Lyon: 1 name at 13, 6 at
 * 12, 20 at 11). At 11 the town and its neighbours name the place. A street basemap keeps fitCamera's own cap.
 */
export const OFFLINE_BASEMAP_FIT_MAX_ZOOM = 11;

/**
 * The camera that shows every point in a `width` × `height` map with `padding` pixels spare on each side (Web
 * Mercator) and clear of `insets` (what covers the map), capped at `maxZoom` so that one point, or points at one
 * venue, show a neighbourhood rather than a roof. Null without points.
 */
export function fitCamera(
  points: readonly [number, number][],
  size: { width: number; height: number },
  { padding = 48, maxZoom = 14, insets = NO_INSETS }: { padding?: number; maxZoom?: number; insets?: Insets } = {},
): Camera | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let east = -Infinity;
  let north = Infinity; // in Mercator y, north is the smaller value
  let south = -Infinity;
  for (const [lng, lat] of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    const y = mercatorY(lat);
    north = Math.min(north, y);
    south = Math.max(south, y);
  }
  const spanX = (east - west) / 360;
  const spanY = south - north;
  const width = Math.max(1, size.width - insets.left - insets.right - 2 * padding);
  const height = Math.max(1, size.height - insets.top - insets.bottom - 2 * padding);
  const zoomX = spanX > 0 ? Math.log2(width / (TILE_SIZE * spanX)) : maxZoom;
  const zoomY = spanY > 0 ? Math.log2(height / (TILE_SIZE * spanY)) : maxZoom;
  const zoom = Math.floor(Math.max(1, Math.min(maxZoom, zoomX, zoomY)) * 100) / 100;
  const centre = { lng: (west + east) / 2, lat: latFromMercatorY((north + south) / 2), zoom };
  return cameraForVisible(centre, insets);
}
