import { describe, expect, it } from 'vitest';
import { boundsAround, roundBounds, visibleBounds, visibleBoundsAround } from './bounds';

describe('roundBounds', () => {
  it('rounds outward, so the rounded rectangle covers the viewport', () => {
    const b = { west: 2.2711, south: 48.8021, east: 2.4187, north: 48.9102 };
    const r = roundBounds(b, 12);
    expect(r.west).toBeLessThanOrEqual(b.west);
    expect(r.south).toBeLessThanOrEqual(b.south);
    expect(r.east).toBeGreaterThanOrEqual(b.east);
    expect(r.north).toBeGreaterThanOrEqual(b.north);
  });

  it('gives small pans the same key, and a larger one a new key', () => {
    const step = 360 / 2 ** 19; // the grid at zoom 12
    const at = (offset: number) =>
      roundBounds(
        {
          west: 3200 * step + offset,
          south: 70400 * step + offset,
          east: 3360 * step + offset,
          north: 70496 * step + offset,
        },
        12,
      );
    expect(at(0.2 * step)).toEqual(at(0.6 * step));
    expect(at(1.2 * step)).not.toEqual(at(0.2 * step));
  });

  it('asks for the whole world when the view spans it, and clamps latitudes', () => {
    expect(roundBounds({ west: -250, south: -95, east: 250, north: 95 }, 0)).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
  });
});

describe('boundsAround', () => {
  it('matches MapLibre at zoom 0 (a 512 px world)', () => {
    const b = boundsAround({ lng: 0, lat: 0, zoom: 0 }, 256, 256);
    expect(b.west).toBeCloseTo(-90);
    expect(b.east).toBeCloseTo(90);
    expect(b.north).toBeCloseTo(66.513, 2);
    expect(b.south).toBeCloseTo(-66.513, 2);
  });
});

describe('visibleBounds', () => {
  const lyon = { lng: 4.84, lat: 45.76, zoom: 11 };
  const box = { width: 390, height: 724 };
  const none = { top: 0, right: 0, bottom: 0, left: 0 };

  it('is the whole view when nothing covers the map', () => {
    const whole = boundsAround(lyon, box.width, box.height);
    expect(visibleBounds(whole, box, none)).toBe(whole);
  });

  it('is the part above a sheet over the bottom half: the same as the upper half of the box', () => {
    const whole = boundsAround(lyon, box.width, box.height);
    const above = visibleBounds(whole, box, { ...none, bottom: box.height / 2 });
    expect(above.north).toBeCloseTo(whole.north, 9);
    expect(above.west).toBeCloseTo(whole.west, 9);
    expect(above.east).toBeCloseTo(whole.east, 9);
    // The sheet's edge is the camera's centre row.
    expect(above.south).toBeCloseTo(lyon.lat, 9);
    // Computed directly, from a box whose centre is the camera's: the same.
    expect(visibleBoundsAround(lyon, box, { ...none, bottom: box.height / 2 }).south).toBeCloseTo(lyon.lat, 9);
  });

  it('moves each edge by its share of the box, in Web Mercator (not in degrees)', () => {
    const wide = { lng: 2.35, lat: 46.6, zoom: 4 };
    const whole = boundsAround(wide, 400, 800);
    const above = visibleBounds(whole, { width: 400, height: 800 }, { ...none, bottom: 200, left: 100 });
    // Three quarters of the height from the north edge: at zoom 4, 600 of 8 192 pixels below the north edge.
    const pixelsToSouth = (lat: number) => {
      const s = Math.sin((lat * Math.PI) / 180);
      return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 512 * 2 ** 4;
    };
    expect(pixelsToSouth(above.south) - pixelsToSouth(whole.north)).toBeCloseTo(600, 6);
    expect(above.west - whole.west).toBeCloseTo(((whole.east - whole.west) * 100) / 400, 9);
    // Not the degrees' share: latitudes are not linear on the map.
    expect(above.south).not.toBeCloseTo(whole.north - ((whole.north - whole.south) * 3) / 4, 2);
  });

  it('keeps a view across the antimeridian in one piece', () => {
    const whole = { west: 170, east: -170, north: 10, south: -10 };
    const right = visibleBounds(whole, { width: 200, height: 200 }, { ...none, left: 100 });
    expect(right.west).toBeCloseTo(180, 9);
    expect(right.east).toBeCloseTo(190, 9);
  });

  it('leaves a strip rather than nothing when the cover is the whole box', () => {
    const whole = boundsAround(lyon, box.width, box.height);
    const strip = visibleBounds(whole, box, { ...none, bottom: box.height });
    expect(strip.south).toBeLessThan(strip.north);
  });
});
