import { describe, expect, it } from 'vitest';
import { boundsAround } from './bounds';
import { movedCamera, NO_MOVE } from './gesture-camera';

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
