import { createExpression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countries from 'world-atlas/countries-50m.json';
import { buildBasemapStyle, PLACES_LAYER_ID } from './basemap-style';
import { placeLabelSize } from './place-labels';
import { backdropBox, drawMapBackdrop, drawVenueMap, type VenueMapLayout } from './static-map';

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

  it('names no place under a group’s circle, and leaves single events’ points alone', () => {
    const lyon = { name: 'Lyon', lng: 4.835, lat: 45.76, population: 500_000 };
    const group = { ...LYON, color: '#111', count: 12 };
    expect(drawMapBackdrop(LYON, [group], [lyon], 800, 600).labels).toEqual([]);
    expect(drawMapBackdrop(LYON, [{ ...group, count: 1 }], [lyon], 800, 600).labels.map((l) => l.name)).toEqual([
      'Lyon',
    ]);
    // A group 100 px east leaves Lyon's name where it was.
    const east = { ...group, lng: LYON.lng + (100 * 360) / (512 * 2 ** LYON.zoom) };
    expect(drawMapBackdrop(LYON, [east], [lyon], 800, 600).labels.map((l) => l.name)).toEqual(['Lyon']);
  });

  it('names a town at the drawing’s edge only when centred on its point fits (the live map’s rule)', () => {
    // A venue in Nice at neighbourhood scale: Nice's own point is near the frame's bottom edge.
    const venue = { lng: 7.240771, lat: 43.720299, zoom: 12 };
    const nice = { name: 'Nice', lng: 7.2661, lat: 43.7031, population: 338_620 };
    expect(drawMapBackdrop(venue, [], [nice], 640, 280).labels).toEqual([]);
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

describe('drawVenueMap', () => {
  const venue = { lng: 7.240771, lat: 43.720299, zoom: 12 };
  const layout: VenueMapLayout = {
    zooms: [12],
    height: 220,
    boxWidths: [240, 320, 480, 880],
    corner: { width: 176, height: 52 },
    pinRadius: 11,
  };
  const worldPx = 512 * 2 ** venue.zoom;
  const projection = geoMercator()
    .scale(worldPx / (2 * Math.PI))
    .center([venue.lng, venue.lat])
    .translate([440, 110]);
  /** A place at pixel (x, y) of the 880 × 220 drawing. */
  const at = (name: string, x: number, y: number, population = 50_000) => {
    const [lng, lat] = projection.invert!([x, y])!;
    return { name, lng, lat, population };
  };
  /** The label's box as placeLabels estimates it, padding included. */
  const boxOf = (label: { x: number; y: number; name: string; size: number }) => {
    const halfWidth = (label.name.length * label.size * 0.56) / 2 + 4;
    const halfHeight = label.size / 2 + 4;
    return {
      left: label.x - halfWidth,
      right: label.x + halfWidth,
      top: label.y - halfHeight,
      bottom: label.y + halfHeight,
    };
  };

  it('is as wide as the widest box and as tall as the box', () => {
    const map = drawVenueMap(venue, () => [], layout);
    expect([map.zoom, map.width, map.height]).toEqual([12, 880, 220]);
    expect(map.land.length).toBeGreaterThan(0);
  });

  it('shows each name only in boxes that hold it whole, never under the corner button or over the pin', () => {
    const places = [
      at('Centre', 440, 60, 300_000),
      at('East', 700, 70, 200_000),
      at('Far West', 40, 150, 150_000),
      at('Corner', 600, 200, 120_000),
      at('Near', 380, 150, 10_000),
      at('Pinned', 440, 110, 5_000),
    ];
    const map = drawVenueMap(venue, () => places, layout);
    expect(map.labels.length).toBeGreaterThanOrEqual(4);
    for (const label of map.labels) {
      const box = boxOf(label);
      for (const width of layout.boxWidths.filter((w) => w >= label.fromWidth)) {
        const left = (880 - width) / 2;
        // Whole inside the box (to the rounding of its centre).
        expect(box.left, `${label.name} in ${width}`).toBeGreaterThanOrEqual(left - 0.5);
        expect(box.right, `${label.name} in ${width}`).toBeLessThanOrEqual(left + width + 0.5);
        // Clear of the button in that box's bottom-right corner.
        const button = { left: left + width - 176, top: 220 - 52 };
        expect(box.right <= button.left + 0.5 || box.bottom <= button.top + 0.5, `${label.name} under the button`).toBe(
          true,
        );
      }
      // In a narrower box it would be cut: the first width that holds it is its own.
      const narrower = layout.boxWidths.filter((w) => w < label.fromWidth).at(-1);
      if (narrower !== undefined) {
        const left = (880 - narrower) / 2;
        const fits = box.left >= left - 0.5 && box.right <= left + narrower + 0.5;
        const clear = box.right <= left + narrower - 176 + 0.5 || box.bottom <= 220 - 52 + 0.5;
        expect(fits && clear, `${label.name} would fit in ${narrower}`).toBe(false);
      }
      // Never over the venue's pin at the centre.
      expect(box.right <= 429 || box.left >= 451 || box.bottom <= 99 || box.top >= 121, label.name).toBe(true);
    }
    const fromWidth = Object.fromEntries(map.labels.map((l) => [l.name, l.fromWidth]));
    expect(fromWidth).toMatchObject({ Centre: 240, East: 880, 'Far West': 880, Near: 240 });
  });

  it('places the names for the narrowest box first: a big town at the side does not push out a small one in sight', () => {
    // Centred on its point, the big town's name would cover the small town's, which is in every box.
    const big = at('Grandeville-sur-Mer-les-Bains', 560, 40, 400_000);
    const small = at('Petit', 430, 40, 2_000);
    const names = drawVenueMap(venue, () => [big, small], layout).labels.map((l) => [l.name, l.fromWidth]);
    expect(names).toContainEqual(['Petit', 240]);
  });

  it('names a town near the edge beside its point, and never a town outside the drawing', () => {
    const edge = at('Bord', 870, 110, 100_000);
    const [label] = drawVenueMap(venue, () => [edge], layout).labels;
    expect(label).toMatchObject({ name: 'Bord', fromWidth: 880 });
    expect(label!.x).toBeLessThan(870);
    // Nice's own point is below this 220-pixel-tall frame: it is not named, even where its name would fit.
    expect(drawVenueMap(venue, () => [nice], layout).labels).toEqual([]);
  });

  const nice = { name: 'Nice', lng: 7.2661, lat: 43.7031, population: 338_620 };

  it('frames the venue one zoom out when no place would be named in every box, and no further', () => {
    const asked: number[] = [];
    const map = drawVenueMap(
      venue,
      (camera) => {
        asked.push(camera.zoom);
        return [nice];
      },
      // No corner button here: at 11 Nice's name would stand where a 240-pixel box has its button.
      { ...layout, zooms: [12, 11, 10], corner: { width: 0, height: 0 } },
    );
    // At 12 Nice's point is below the frame; at 11 it is in sight, and named in the narrowest box.
    expect(asked).toEqual([12, 11]);
    expect(map.zoom).toBe(11);
    expect(map.labels).toEqual([expect.objectContaining({ name: 'Nice', fromWidth: 240 })]);
    // With no place near enough, the last zoom is kept.
    expect(drawVenueMap(venue, () => [], { ...layout, zooms: [12, 11, 10] }).zoom).toBe(10);
  });
});
