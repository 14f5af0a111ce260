import { describe, expect, it } from 'vitest';
import { areaAround, cameraAround, parseNearKm } from './near';

describe('near the visitor', () => {
  it('reads a radius in km within range, with a point or a comma', () => {
    expect(parseNearKm('5')).toBe(5);
    expect(parseNearKm(' 2,5 ')).toBe(2.5);
    expect(parseNearKm('0.5')).toBe(0.5);
    expect(parseNearKm('100')).toBe(100);
    for (const bad of ['', '0', '0.4', '101', '2.55', '-3', 'five', '1e2', null, undefined]) {
      expect(parseNearKm(bad), String(bad)).toBeNull();
    }
  });

  it('frames the radius around the position: the box holds the circle, wider in degrees of longitude up north', () => {
    const lyon = { lng: 4.835, lat: 45.764 };
    const area = areaAround(lyon, 5);
    expect(area.north - lyon.lat).toBeCloseTo(5 / 111.32, 6);
    expect(area.east - lyon.lng).toBeGreaterThan(area.north - lyon.lat);
    expect((area.west + area.east) / 2).toBeCloseTo(lyon.lng, 9);
  });

  it('zooms in for a small radius and out for a large one, centred on the position', () => {
    const lyon = { lng: 4.835, lat: 45.764 };
    const near = cameraAround(lyon, 1, 600, 450);
    const far = cameraAround(lyon, 50, 600, 450);
    expect(near).toMatchObject(lyon);
    expect(near.zoom).toBeGreaterThan(far.zoom + 5);
    // About 13 for a 1 km radius in 600×450 px (a neighbourhood), about 7.5 for 50 km.
    expect(near.zoom).toBeGreaterThan(12.5);
    expect(near.zoom).toBeLessThan(14);
    expect(far.zoom).toBeGreaterThan(7);
    expect(far.zoom).toBeLessThan(8.5);
  });
});
