/** Map bounds in degrees; `west` may exceed `east` numerically only when the map wraps past ±180. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Rounds bounds outward to a grid that scales with the zoom, so that small pans reuse the same query key and cache
 * entry while the rectangle still covers everything visible. The grid is 1/8 of a tile at that zoom.
 */
export function roundBounds(bounds: Bounds, zoom: number): Bounds {
  const step = 360 / 2 ** (Math.max(0, Math.floor(zoom)) + 3);
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const clampLat = (v: number) => Math.max(-90, Math.min(90, v));
  const fix = (v: number) => Number(v.toFixed(6));
  let west = down(bounds.west);
  let east = up(bounds.east);
  // Far out, the viewport covers the world: ask for all of it (the API treats a 360° span as every longitude).
  if (east - west >= 360) {
    west = -180;
    east = 180;
  }
  return {
    west: fix(west),
    south: fix(clampLat(down(bounds.south))),
    east: fix(east),
    north: fix(clampLat(up(bounds.north))),
  };
}

/** MapLibre's tile size: the world is 512 × 2^zoom pixels wide. */
const TILE_SIZE = 512;

function mercatorY(lat: number): number {
  const s = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

function latFromMercatorY(y: number): number {
  const n = Math.PI - 2 * Math.PI * y;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
}

/**
 * The bounds a map of `width` × `height` CSS pixels shows around a camera (Web Mercator), so the list can load the
 * viewport's events before the map chunk has arrived — or without a map at all.
 */
export function boundsAround(
  center: { lng: number; lat: number; zoom: number },
  width: number,
  height: number,
): Bounds {
  const worldPx = TILE_SIZE * 2 ** center.zoom;
  const halfLng = (width / 2 / worldPx) * 360;
  const y = mercatorY(center.lat);
  const dy = height / 2 / worldPx;
  return {
    west: center.lng - halfLng,
    east: center.lng + halfLng,
    north: latFromMercatorY(Math.max(0, y - dy)),
    south: latFromMercatorY(Math.min(1, y + dy)),
  };
}
