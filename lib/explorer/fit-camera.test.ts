import { describe, expect, it } from 'vitest';
import { boundsAround } from './bounds';
import { cameraForVisible, fitCamera, NO_INSETS } from './fit-camera';

const lyon = { lng: 4.85, lat: 45.75, zoom: 12 };

describe('cameraForVisible', () => {
  it('keeps the camera when nothing covers the map', () => {
    const same = cameraForVisible(lyon, NO_INSETS);
    expect(same.lng).toBeCloseTo(lyon.lng, 9);
    expect(same.lat).toBeCloseTo(lyon.lat, 9);
  });

  it("moves the centre south by half the sheet, so the town is in the middle of the map's uncovered top", () => {
    // A 390 × 700 map whose bottom 350 px a sheet covers: the town must be 175 px above the centre.
    const camera = cameraForVisible(lyon, { ...NO_INSETS, bottom: 350 });
    expect(camera.lat).toBeLessThan(lyon.lat);
    expect(camera.lng).toBeCloseTo(lyon.lng, 9);
    const view = boundsAround(camera, 390, 700);
    const visibleTop = view.north;
    const sheetTop = boundsAround(camera, 390, 0).north; // the centre's latitude
    // The town lies between the top of the map and the centre, 175 px from each (half of the uncovered 350 px).
    expect(lyon.lat).toBeLessThan(visibleTop);
    expect(lyon.lat).toBeGreaterThan(sheetTop);
    expect(boundsAround(camera, 390, 350).north).toBeCloseTo(lyon.lat, 6);
  });
});

describe('fitCamera with insets', () => {
  it('fits the points in the uncovered part: a lower zoom, and the centre moved off the sheet', () => {
    const points: [number, number][] = [
      [4.8, 45.7],
      [4.9, 45.8],
    ];
    const open = fitCamera(points, { width: 390, height: 700 })!;
    const covered = fitCamera(points, { width: 390, height: 700 }, { insets: { ...NO_INSETS, bottom: 350 } })!;
    expect(covered.zoom).toBeLessThanOrEqual(open.zoom);
    expect(covered.lat).toBeLessThan(open.lat);
  });
});
