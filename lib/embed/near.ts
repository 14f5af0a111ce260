import type { Bounds } from '@/lib/explorer/bounds';
import { cameraFitting } from './camera';

/*
 * "Follow the visitor's position": a partner's embed may open around the visitor (`near=<km>` in its URL) instead of
 * a fixed area, which stays as the fallback for visitors who do not share their position.
 */

export const MIN_NEAR_KM = 0.5;
export const MAX_NEAR_KM = 100;
/** The radii the builder suggests (any value in range may be typed). */
export const NEAR_KM_SUGGESTIONS = [1, 2, 5, 10, 25, 50] as const;

/** A radius in km as typed or as the URL carries it (`2`, `2.5`, `2,5`); null unless within range, one decimal. */
export function parseNearKm(value: string | null | undefined): number | null {
  const text = (value ?? '').trim().replace(',', '.');
  if (!/^\d{1,3}(?:\.\d)?$/.test(text)) return null;
  const km = Number(text);
  return km >= MIN_NEAR_KM && km <= MAX_NEAR_KM ? km : null;
}

const KM_PER_DEGREE = 111.32;

/** The box that holds a circle of `radiusKm` around a position (clamped to the Web Mercator world). */
export function areaAround(position: { lng: number; lat: number }, radiusKm: number): Bounds {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos((position.lat * Math.PI) / 180)));
  return {
    west: Math.max(-180, position.lng - dLng),
    south: Math.max(-85, position.lat - dLat),
    east: Math.min(180, position.lng + dLng),
    north: Math.min(85, position.lat + dLat),
  };
}

/** The camera that shows `radiusKm` around a position whole in a box of `width`×`height` pixels, centred on it. */
export function cameraAround(
  position: { lng: number; lat: number },
  radiusKm: number,
  width: number,
  height: number,
): { lat: number; lng: number; zoom: number } {
  const { zoom } = cameraFitting(areaAround(position, radiusKm), width, height);
  return { lat: position.lat, lng: position.lng, zoom };
}
