import { describe, expect, it } from 'vitest';
import { boundsAround, roundBounds } from './bounds';

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
    const step = 360 / 2 ** 15; // the grid at zoom 12
    const at = (offset: number) =>
      roundBounds(
        {
          west: 200 * step + offset,
          south: 4400 * step + offset,
          east: 210 * step + offset,
          north: 4406 * step + offset,
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
