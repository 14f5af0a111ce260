import { createExpression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countries from 'world-atlas/countries-50m.json';
import { buildBasemapStyle, PLACES_LAYER_ID } from './basemap-style';
import { placeLabelSize } from './place-labels';
import { backdropBox, drawMapBackdrop } from './static-map';

const LYON = { lng: 4.835, lat: 45.76, zoom: 12 };

describe('drawMapBackdrop', () => {
  it('puts the camera at the drawing centre, at MapLibre scale (512 × 2^zoom pixels round the world)', () => {
    const east = { lng: LYON.lng + 360 / (512 * 2 ** LYON.zoom), lat: LYON.lat, color: '#000' };
    const map = drawMapBackdrop(LYON, [{ ...LYON, color: '#111', count: 259 }, east], [], 800, 600);
    // A dot stands for its cluster's events (the view's answer); a plain point for one.
    expect(map.dots).toEqual([
      { x: 400, y: 300, color: '#111', count: 259 },
      { x: 401, y: 300, color: '#000', count: 1 },
    ]);
  });

  it('draws one dot per pixel and none outside the drawing', () => {
    const far = { lng: LYON.lng + 1, lat: LYON.lat, color: '#222' };
    const map = drawMapBackdrop(LYON, [{ ...LYON, color: '#111' }, { ...LYON, color: '#333' }, far], [], 800, 600);
    expect(map.dots).toEqual([{ x: 400, y: 300, color: '#111', count: 1 }]);
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

  it('names a town at the drawing’s edge beside its point when asked to, never off the drawing', () => {
    // A venue in Nice at neighbourhood scale: Nice's own point is on the frame's bottom edge.
    const venue = { lng: 7.240771, lat: 43.720299, zoom: 12 };
    const nice = { name: 'Nice', lng: 7.2661, lat: 43.7031, population: 338_620 };
    // Centred on its point the name would cross the edge: the live map's stand-in leaves it out.
    expect(drawMapBackdrop(venue, [], [nice], 640, 280).labels).toEqual([]);
    const [label, ...rest] = drawMapBackdrop(venue, [], [nice], 640, 280, { namesBesidePoints: true }).labels;
    expect(rest).toEqual([]);
    expect(label).toMatchObject({ name: 'Nice' });
    const size = label!.size;
    // Above the point, wholly inside the drawing.
    expect(label!.y + size / 2).toBeLessThanOrEqual(280);
    expect(label!.y).toBeLessThan(279);
    // A town just off the drawing is not named, even where its name would fit beside it.
    const below = { ...nice, lat: 43.7, name: 'Off the map' };
    expect(drawMapBackdrop(venue, [], [below], 640, 280, { namesBesidePoints: true }).labels).toEqual([]);
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

/** The absolute points of path data made of `M x y`, `l dx dy …` and `z` (the drawing's compact form). */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, command, args] of d.matchAll(/([Mlz])([^Mlz]*)/g)) {
    const numbers = (args ?? '').match(/-?\d+/g)?.map(Number) ?? [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      x = command === 'M' ? numbers[i]! : x + numbers[i]!;
      y = command === 'M' ? numbers[i + 1]! : y + numbers[i + 1]!;
      points.push([x, y]);
    }
  }
  return points;
}

describe('the drawing’s path data', () => {
  it('stays inside the drawing, in whole pixels, on the outline d3 draws', () => {
    // The Gulf of Lion at regional zoom: coast, islands and borders, clipped to the drawing.
    const camera = { lng: 4.5, lat: 43.2, zoom: 7 };
    const map = drawMapBackdrop(camera, [], [], 800, 600);
    const land = pathPoints(map.land);
    expect(land.length).toBeGreaterThan(40);
    for (const [x, y] of [...land, ...pathPoints(map.borders)]) {
      expect(Number.isInteger(x) && Number.isInteger(y)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(-2);
      expect(x).toBeLessThanOrEqual(802);
      expect(y).toBeGreaterThanOrEqual(-2);
      expect(y).toBeLessThanOrEqual(602);
    }
    // The same outline as d3's own path data of the same projection (absolute, unrounded), point for point.
    const projection = geoMercator()
      .scale((512 * 2 ** camera.zoom) / (2 * Math.PI))
      .center([camera.lng, camera.lat])
      .translate([400, 300])
      .clipExtent([
        [-2, -2],
        [802, 602],
      ]);
    const topology = countries as unknown as Topology;
    const reference = [
      ...(geoPath(projection)(feature(topology, topology.objects.countries as GeometryCollection)) ?? '').matchAll(
        /[ML](-?[\d.]+),(-?[\d.]+)/g,
      ),
    ].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(land.length).toBeGreaterThanOrEqual(reference.length * 0.9);
    for (const [x, y] of land) {
      expect(Math.min(...reference.map(([rx, ry]) => Math.hypot(rx - x, ry - y)))).toBeLessThanOrEqual(0.71);
    }
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
