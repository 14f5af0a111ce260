import { createExpression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { buildBasemapStyle, PLACES_LAYER_ID } from './basemap-style';
import { placeLabelSize } from './place-labels';
import { backdropBox, drawMapBackdrop } from './static-map';

const LYON = { lng: 4.835, lat: 45.76, zoom: 12 };

describe('drawMapBackdrop', () => {
  it('puts the camera at the drawing centre, at MapLibre scale (512 × 2^zoom pixels round the world)', () => {
    const east = { lng: LYON.lng + 360 / (512 * 2 ** LYON.zoom), lat: LYON.lat, color: '#000' };
    const map = drawMapBackdrop(LYON, [{ ...LYON, color: '#111' }, east], [], 800, 600);
    expect(map.dots).toEqual([
      { x: 400, y: 300, color: '#111' },
      { x: 401, y: 300, color: '#000' },
    ]);
  });

  it('draws one dot per pixel and none outside the drawing', () => {
    const far = { lng: LYON.lng + 1, lat: LYON.lat, color: '#222' };
    const map = drawMapBackdrop(LYON, [{ ...LYON, color: '#111' }, { ...LYON, color: '#333' }, far], [], 800, 600);
    expect(map.dots).toEqual([{ x: 400, y: 300, color: '#111' }]);
  });

  it('names places biggest first, without two names touching', () => {
    const places = [
      { name: 'Lyon', lng: 4.835, lat: 45.76, population: 500_000 },
      // A few pixels away: it collides with Lyon and is left out.
      { name: 'Lyon 2', lng: 4.836, lat: 45.76, population: 100_000 },
      { name: 'Villeurbanne', lng: 4.88, lat: 45.77, population: 150_000 },
    ];
    const map = drawMapBackdrop(LYON, [], places, 800, 600);
    expect(map.labels.map((label) => label.name)).toEqual(['Lyon', 'Villeurbanne']);
    expect(map.labels[0]).toMatchObject({ x: 400, y: 300, size: Math.round(placeLabelSize(12, 500_000) * 10) / 10 });
  });

  it('names no place below the style’s first zoom of names', () => {
    const map = drawMapBackdrop(
      { ...LYON, zoom: 3 },
      [],
      [{ name: 'Lyon', lng: 4.835, lat: 45.76, population: 5e5 }],
      800,
      600,
    );
    expect(map.labels).toEqual([]);
  });

  it('draws land at the camera (Lyon is inland) and spans the box it says', () => {
    const map = drawMapBackdrop(LYON, [], [], 800, 600);
    expect(map.land.length).toBeGreaterThan(0);
    const box = backdropBox(LYON, 800, 600);
    expect(box.west).toBeLessThan(LYON.lng);
    expect(box.east).toBeGreaterThan(LYON.lng);
    expect(box.east - box.west).toBeCloseTo((800 * 360) / (512 * 2 ** LYON.zoom), 6);
    expect(box.south).toBeLessThan(LYON.lat);
    expect(box.north).toBeGreaterThan(LYON.lat);
  });
});

describe('placeLabelSize', () => {
  it('is the style’s text size for place names', () => {
    const layer = buildBasemapStyle('http://localhost/basemap').layers.find((l) => l.id === PLACES_LAYER_ID);
    const textSize = (layer as { layout: { 'text-size': unknown } }).layout['text-size'];
    const spec = { type: 'number', expression: { interpolated: true, parameters: ['zoom', 'feature'] } };
    const compiled = createExpression(textSize, 'text-size', spec as unknown as StylePropertySpecification);
    if (compiled.result !== 'success') throw new Error(JSON.stringify(compiled.value));
    for (const zoom of [4, 5.5, 10, 12, 14, 16]) {
      for (const population of [500, 1_000, 30_000, 100_000, 400_000, 1_000_000, 3_000_000]) {
        const feature = { type: 1, properties: { population }, geometry: [] } as never;
        const expected = compiled.value.evaluate({ zoom }, feature) as number;
        expect(placeLabelSize(zoom, population), `zoom ${zoom}, ${population}`).toBeCloseTo(expected, 6);
      }
    }
  });
});
