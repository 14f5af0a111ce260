import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import type { Bounds } from '@/lib/explorer/bounds';

/** A position the browser reported, with its accuracy radius in metres. */
export interface Position {
  lng: number;
  lat: number;
  accuracy: number;
}

const EARTH_RADIUS_M = 6_371_008.8;

/** A circle of `radius` metres around a point, as a polygon of `steps` sides (good to a few metres at town scale). */
export function circlePolygon(lng: number, lat: number, radius: number, steps = 64): Polygon {
  const ring: [number, number][] = [];
  const dLat = (radius / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * 2 * Math.PI;
    ring.push([lng + dLng * Math.cos(a), lat + dLat * Math.sin(a)]);
  }
  return { type: 'Polygon', coordinates: [ring] };
}

/** The "you are here" features: the accuracy circle and the point; none without a position. */
export function youAreHereGeoJson(position: Position | null): FeatureCollection<Point | Polygon> {
  if (!position) return { type: 'FeatureCollection', features: [] };
  const circle: Feature<Polygon> = {
    type: 'Feature',
    geometry: circlePolygon(position.lng, position.lat, Math.max(position.accuracy, 1)),
    properties: { kind: 'accuracy' },
  };
  const point: Feature<Point> = {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [position.lng, position.lat] },
    properties: { kind: 'position' },
  };
  return { type: 'FeatureCollection', features: [circle, point] };
}

/** Whether a view still shows the position (the marker goes once the camera has left it). */
export function boundsContain(bounds: Bounds, { lng, lat }: { lng: number; lat: number }): boolean {
  if (lat < bounds.south || lat > bounds.north) return false;
  const span = bounds.east - bounds.west;
  if (span >= 360) return true;
  const x = (((lng - bounds.west) % 360) + 360) % 360;
  return x <= span;
}
