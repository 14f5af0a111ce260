/** Mean Earth radius (IUGG) used for every distance the service computes (docs/design.md §4.4). */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

/** Great-circle distance in meters between two points (haversine). */
export function haversineMeters(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const sinLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const sinLng = Math.sin(((lng2 - lng1) * RAD) / 2);
  const a = sinLat * sinLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * sinLng * sinLng;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A lng/lat box that never crosses the antimeridian (`minLng <= maxLng`). */
export interface LngLatBox {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

/** Splits a rectangle that crosses the antimeridian (`minLng > maxLng`) into its two halves. */
export function rectangleBoxes(rect: LngLatBox): LngLatBox[] {
  if (rect.minLng <= rect.maxLng) return [rect];
  return [
    { minLng: rect.minLng, maxLng: 180, minLat: rect.minLat, maxLat: rect.maxLat },
    { minLng: -180, maxLng: rect.maxLng, minLat: rect.minLat, maxLat: rect.maxLat },
  ];
}

// Widens computed bounds a little so rounding in the trigonometry can never exclude a point on the circle;
// the exact haversine check runs on every candidate anyway.
const MARGIN_DEG = 1e-6;

/**
 * Boxes that together contain every point within `meters` of the centre: one box, or two when the circle
 * crosses the antimeridian, or the whole latitude band when it reaches a pole.
 */
export function circleBoxes(lng: number, lat: number, meters: number): LngLatBox[] {
  const angular = meters / EARTH_RADIUS_M;
  if (angular >= Math.PI / 2) return [{ minLng: -180, maxLng: 180, minLat: -90, maxLat: 90 }];
  const dLat = angular / RAD + MARGIN_DEG;
  const minLat = lat - dLat;
  const maxLat = lat + dLat;
  if (minLat <= -90 || maxLat >= 90) {
    return [{ minLng: -180, maxLng: 180, minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat) }];
  }
  const ratio = Math.sin(angular) / Math.cos(lat * RAD);
  if (ratio >= 1) return [{ minLng: -180, maxLng: 180, minLat, maxLat }];
  const dLng = Math.asin(ratio) / RAD + MARGIN_DEG;
  const minLng = lng - dLng;
  const maxLng = lng + dLng;
  if (minLng < -180) {
    return [
      { minLng: minLng + 360, maxLng: 180, minLat, maxLat },
      { minLng: -180, maxLng, minLat, maxLat },
    ];
  }
  if (maxLng > 180) {
    return [
      { minLng, maxLng: 180, minLat, maxLat },
      { minLng: -180, maxLng: maxLng - 360, minLat, maxLat },
    ];
  }
  return [{ minLng, maxLng, minLat, maxLat }];
}
