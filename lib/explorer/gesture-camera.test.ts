import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundsAround } from './bounds';
import { drawingCover, drawnMoveFor, movedCamera, NO_MOVE } from './gesture-camera';

const paris = { lng: 2.35, lat: 48.85, zoom: 12 };

describe('movedCamera', () => {
  it('stays put without a move', () => {
    const same = movedCamera(paris, NO_MOVE);
    expect(same.lng).toBeCloseTo(paris.lng, 9);
    expect(same.lat).toBeCloseTo(paris.lat, 9);
    expect(same.zoom).toBe(12);
  });

  it('drags the drawing right and down: the camera goes west and north by that many pixels', () => {
    // 200 px right = what was 200 px left of the centre is now at the centre: the old view's west edge for 400 px.
    const moved = movedCamera(paris, { x: 200, y: 150, scale: 1 });
    const box = boundsAround(paris, 400, 300);
    expect(moved.lng).toBeCloseTo(box.west, 6);
    expect(moved.lat).toBeCloseTo(box.north, 6);
    expect(moved.zoom).toBe(12);
  });

  it('a pinch that doubles the drawing zooms in one level about the centre', () => {
    const moved = movedCamera(paris, { x: 0, y: 0, scale: 2 });
    expect(moved.zoom).toBeCloseTo(13, 9);
    expect(moved.lng).toBeCloseTo(paris.lng, 9);
    // Shifted after scaling: 100 px at the new scale is 50 px of the old drawing.
    const panned = movedCamera(paris, { x: 100, y: 0, scale: 2 });
    expect(panned.lng).toBeCloseTo(boundsAround(paris, 100, 100).west, 6);
  });
});

describe('drawnMoveFor', () => {
  it('is the move that takes the drawing to the camera it is asked for', () => {
    const camera = fc.record({
      lng: fc.double({ min: -179, max: 179, noNaN: true }),
      lat: fc.double({ min: -60, max: 60, noNaN: true }),
      zoom: fc.double({ min: 4, max: 20, noNaN: true }),
    });
    fc.assert(
      fc.property(
        camera,
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: -500, max: 500, noNaN: true }),
        fc.double({ min: -1, max: 2, noNaN: true }),
        (drawing, px, py, dz) => {
          // A camera the visitor can reach from the drawing: a few hundred pixels and a zoom level or two away, short
          // of the world's edge at ±85°, where Web Mercator stops and the camera is clamped.
          const shown = movedCamera(drawing, { x: px, y: py, scale: 2 ** dz });
          const back = movedCamera(drawing, drawnMoveFor(drawing, shown));
          expect(back.zoom).toBeCloseTo(shown.zoom, 9);
          expect(back.lat).toBeCloseTo(shown.lat, 6);
          expect(back.lng).toBeCloseTo(shown.lng, 6);
        },
      ),
    );
  });

  it('shifts the drawing against the camera: the map 200 px east draws it 200 px to the left', () => {
    const box = boundsAround(paris, 400, 300);
    const move = drawnMoveFor(paris, { lng: paris.lng + (paris.lng - box.west), lat: paris.lat, zoom: 12 });
    expect(move.x).toBeCloseTo(-200, 6);
    expect(move.y).toBeCloseTo(0, 6);
    expect(move.scale).toBe(1);
  });

  it('takes the short way across the antimeridian', () => {
    const move = drawnMoveFor({ lng: 179.9, lat: 0, zoom: 3 }, { lng: -179.9, lat: 0, zoom: 3 });
    // 0.2° east at zoom 3: 0.2 / 360 of a 4 096 px world.
    expect(move.x).toBeCloseTo((-0.2 / 360) * 4096, 6);
  });
});

describe('drawingCover', () => {
  const phone = { width: 390, height: 844 };
  const drawing = { width: 1000, height: 1000 };

  it('is whole at rest, and while a pan stays within the drawing', () => {
    expect(drawingCover(NO_MOVE, phone, drawing)).toBe(1);
    expect(drawingCover({ x: 300, y: -70, scale: 1 }, phone, drawing)).toBe(1);
  });

  it('shrinks as a pan takes the box past the drawing’s edge, to none beyond it', () => {
    // 500 − 195 = 305 px of pan reach the drawing's edge; 195 px more leave half the box's width uncovered.
    expect(drawingCover({ x: -500, y: 0, scale: 1 }, phone, drawing)).toBeCloseTo(0.5, 9);
    expect(drawingCover({ x: 0, y: 2000, scale: 1 }, phone, drawing)).toBe(0);
  });

  it('shrinks with a zoom out: one level halves the drawing each way', () => {
    // 500 × 500 over 390 × 844: all of its width, 500 of its 844 px of height.
    expect(drawingCover({ x: 0, y: 0, scale: 0.5 }, phone, drawing)).toBeCloseTo(500 / 844, 9);
    expect(drawingCover({ x: 0, y: 0, scale: 0.25 }, phone, drawing)).toBeCloseTo((250 * 250) / (390 * 844), 9);
  });

  it('is none for a box with no size', () => {
    expect(drawingCover(NO_MOVE, { width: 0, height: 844 }, drawing)).toBe(0);
  });
});
