import type { Camera } from './state';

const TILE_SIZE = 512;

function mercatorY(lat: number): number {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

function latFromMercatorY(y: number): number {
  const n = Math.PI - 2 * Math.PI * y;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

/**
 * The camera that shows every point in a `width` × `height` map with `padding` pixels spare on each side (Web
 * Mercator), capped at `maxZoom` so that one point, or points at one venue, show a neighbourhood rather than a roof.
 * Null without points.
 */
export function fitCamera(
  points: readonly [number, number][],
  size: { width: number; height: number },
  { padding = 48, maxZoom = 14 }: { padding?: number; maxZoom?: number } = {},
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
  const width = Math.max(1, size.width - 2 * padding);
  const height = Math.max(1, size.height - 2 * padding);
  const zoomX = spanX > 0 ? Math.log2(width / (TILE_SIZE * spanX)) : maxZoom;
  const zoomY = spanY > 0 ? Math.log2(height / (TILE_SIZE * spanY)) : maxZoom;
  const zoom = Math.max(1, Math.min(maxZoom, zoomX, zoomY));
  return { lng: (west + east) / 2, lat: latFromMercatorY((north + south) / 2), zoom: Math.floor(zoom * 100) / 100 };
}
