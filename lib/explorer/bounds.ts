import { latFromMercatorY, mercatorY, TILE_SIZE, type Insets } from './fit-camera';

/** Map bounds in degrees; `west` may exceed `east` numerically only when the map wraps past ±180. */
export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Rounds bounds outward to a grid that scales with the zoom: the rectangle covers everything visible, and a view
 * asked twice (Back, a reload, the server's first view and the browser's) has one query key. The grid is 1/128 of a
 * tile at the zoom level: 4 CSS pixels (up to 8 just below the next level). The list counts the whole rectangle, so the
 * grid is what it may count beyond the map's edges: a coarser one (1/8 tile, 64 px) listed a town 26 px off the map.
 */
export function roundBounds(bounds: Bounds, zoom: number): Bounds {
  const step = 360 / 2 ** (Math.max(0, Math.floor(zoom)) + 7);
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

/**
 * The part of `bounds` — what a north-up map of `box` CSS pixels shows — that nothing covers (`insets`): on a phone,
 * the map above the half-open list sheet. Web Mercator is linear in x and in its y, so each edge moves by its share
 * of the box. The explorer counts and lists the events of this part: what a person sees is what the list says.
 */
export function visibleBounds(bounds: Bounds, box: { width: number; height: number }, insets: Insets): Bounds {
  const { top, right, bottom, left } = insets;
  if (top + right + bottom + left === 0 || box.width <= 0 || box.height <= 0) return bounds;
  // Never less than a pixel's strip: a panel over the whole box leaves the box as the area, not an empty one.
  const height = Math.max(1, box.height - top - bottom);
  const width = Math.max(1, box.width - left - right);
  const yNorth = mercatorY(bounds.north);
  const yStep = (mercatorY(bounds.south) - yNorth) / box.height;
  const span = bounds.west <= bounds.east ? bounds.east - bounds.west : bounds.east + 360 - bounds.west;
  const xStep = span / box.width;
  return {
    west: bounds.west + left * xStep,
    east: bounds.west + (left + width) * xStep,
    north: latFromMercatorY(yNorth + top * yStep),
    south: latFromMercatorY(yNorth + (top + height) * yStep),
  };
}

/** The bounds a `width` × `height` map shows around a camera, less what `insets` cover (see visibleBounds). */
export function visibleBoundsAround(
  center: { lng: number; lat: number; zoom: number },
  box: { width: number; height: number },
  insets: Insets,
): Bounds {
  return visibleBounds(boundsAround(center, box.width, box.height), box, insets);
}
