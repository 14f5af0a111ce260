import { describe, expect, it } from 'vitest';
import { boundsContain, circlePolygon, youAreHereGeoJson } from './you-are-here';

describe('you are here', () => {
  it('draws the accuracy circle at its radius and the point', () => {
    const ring = circlePolygon(4.85, 45.75, 1000).coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    // 1 km north is ~0.009° of latitude.
    expect(Math.max(...ring.map((p) => p[1]!)) - 45.75).toBeCloseTo(0.009, 3);
    const fc = youAreHereGeoJson({ lng: 4.85, lat: 45.75, accuracy: 50 });
    expect(fc.features.map((f) => (f.properties as { kind: string }).kind)).toEqual(['accuracy', 'position']);
    expect(youAreHereGeoJson(null).features).toEqual([]);
  });

  it('tells whether a view still shows the position, across the antimeridian too', () => {
    const view = { west: 4, east: 6, south: 45, north: 46 };
    expect(boundsContain(view, { lng: 4.85, lat: 45.75 })).toBe(true);
    expect(boundsContain(view, { lng: 2.35, lat: 45.75 })).toBe(false);
    expect(boundsContain(view, { lng: 4.85, lat: 48 })).toBe(false);
    expect(boundsContain({ west: 170, east: 190, south: -10, north: 10 }, { lng: -175, lat: 0 })).toBe(true);
  });
});
