import {
  createExpression,
  latest,
  validateStyleMin,
  type StylePropertySpecification,
} from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import {
  BASEMAP_AREA,
  BASEMAP_COLORS,
  BASEMAP_DARK_COLORS,
  BASEMAP_LAND_SOURCE,
  PLACES_LAYER_ID,
  buildBasemapStyle,
  splitStyle,
} from './basemap-style';

describe('buildBasemapStyle', () => {
  it('is a valid MapLibre style (MapLibre would refuse a layer at run time, in the console)', () => {
    expect(validateStyleMin(buildBasemapStyle('http://localhost/basemap')).map((e) => e.message)).toEqual([]);
  });

  it("credits its sources in the page's language", () => {
    const credits = (locale: 'en' | 'fr') =>
      Object.values(buildBasemapStyle('http://localhost/basemap', { locale }).sources)
        .map((source) => ('attribution' in source ? source.attribution : undefined))
        .filter(Boolean);
    expect(credits('en')).toEqual(['© OpenStreetMap contributors', 'Places: GeoNames']);
    expect(credits('fr')).toEqual(['© les contributeurs d’OpenStreetMap', 'Lieux : GeoNames']);
  });
});

describe('splitStyle with a loading background', () => {
  const style = buildBasemapStyle('http://localhost/basemap');
  const split = splitStyle(style, { loadingBackground: { color: BASEMAP_COLORS.land, until: BASEMAP_LAND_SOURCE } });

  it('paints the background land-coloured first, and says what to put back once the land has loaded', () => {
    const background = split.initial.layers[0];
    expect(background?.type).toBe('background');
    expect(background?.paint).toMatchObject({ 'background-color': BASEMAP_COLORS.land });
    expect(split.restoreBackground).toEqual({
      layerId: background?.id,
      color: BASEMAP_COLORS.water,
      afterSource: BASEMAP_LAND_SOURCE,
    });
    // The style it came from is untouched.
    expect(style.layers[0]?.paint).toMatchObject({ 'background-color': BASEMAP_COLORS.water });
  });

  it('ignores a source the style does not have', () => {
    const other = splitStyle(style, { loadingBackground: { color: '#fff', until: 'nope' } });
    expect(other.restoreBackground).toBeUndefined();
    expect(other.initial.layers[0]?.paint).toMatchObject({ 'background-color': BASEMAP_COLORS.water });
  });
});

describe('splitStyle', () => {
  const style = buildBasemapStyle('http://localhost/basemap');
  const { initial, deferred } = splitStyle(style);

  it('draws only the background layers first, with no source to load', () => {
    expect(initial.sources).toEqual({});
    expect(initial.layers.length).toBeGreaterThan(0);
    expect(initial.layers.every((layer) => layer.type === 'background')).toBe(true);
    expect(initial.version).toBe(8);
  });

  it('defers every other layer, in order, with the sources they need', () => {
    expect([...initial.layers, ...deferred.layers].map((l) => l.id).sort()).toEqual(
      style.layers.map((l) => l.id).sort(),
    );
    expect(deferred.layers.map((l) => l.id)).toEqual(
      style.layers.filter((l) => l.type !== 'background').map((l) => l.id),
    );
    for (const layer of deferred.layers) {
      if ('source' in layer) expect(deferred.sources).toHaveProperty(layer.source);
    }
  });
});

describe('buildBasemapStyle', () => {
  it('loads every source but the country names by tile, and nothing outside the area served at large scales', () => {
    const style = buildBasemapStyle('http://localhost/basemap');
    const geojson = Object.entries(style.sources).filter(([, source]) => source.type === 'geojson');
    expect(geojson.map(([id]) => id)).toEqual(['labels']);
    const detail = style.sources[BASEMAP_LAND_SOURCE];
    expect(detail).toMatchObject({ type: 'vector', tiles: ['http://localhost/basemap/tiles/detail/{z}/{x}/{y}.pbf'] });
    expect(detail && 'bounds' in detail && detail.bounds).toEqual(BASEMAP_AREA);
  });

  it("names countries in the page's language, falling back on the English name", () => {
    const field = (locale?: 'fr' | 'en') =>
      buildBasemapStyle('http://localhost/basemap', { locale }).layers.find((l) => l.id === 'country-labels')?.layout;
    expect(field('fr')).toMatchObject({ 'text-field': ['coalesce', ['get', 'name_fr'], ['get', 'name']] });
    expect(field('en')).toMatchObject({ 'text-field': ['coalesce', ['get', 'name_en'], ['get', 'name']] });
    expect(field()).toMatchObject({ 'text-field': ['coalesce', ['get', 'name_en'], ['get', 'name']] });
  });

  it("names towns abroad in the page's language where the tiles carry that name, else by GeoNames' name", () => {
    const named = (locale: 'fr' | 'en' | undefined, properties: Record<string, string | number>) => {
      const layer = buildBasemapStyle('http://localhost/basemap', { locale }).layers.find(
        (l) => l.id === PLACES_LAYER_ID,
      );
      const field = layer?.type === 'symbol' ? layer.layout?.['text-field'] : undefined;
      const spec = latest.layout_symbol['text-field'] as unknown as StylePropertySpecification;
      const expression = createExpression(field, `layers.${PLACES_LAYER_ID}.layout.text-field`, spec);
      if (expression.result !== 'success') throw new Error(JSON.stringify(expression.value));
      const feature = { type: 'Point' as const, properties, geometry: [] };
      return String(expression.value.evaluate({ zoom: 6 }, feature));
    };
    // As scripts/lib/place-tiles.ts writes them (lib/gazetteer/exonyms.ts).
    const brussels = { name: 'Brussels', name_fr: 'Bruxelles', population: 1_019_022 };
    const antwerp = { name: 'Antwerpen', name_fr: 'Anvers', name_en: 'Antwerp', population: 459_805 };
    expect(named('fr', brussels)).toBe('Bruxelles');
    expect(named('en', brussels)).toBe('Brussels');
    expect(named('fr', antwerp)).toBe('Anvers');
    expect(named('en', antwerp)).toBe('Antwerp');
    expect(named(undefined, antwerp)).toBe('Antwerp');
    expect(named('fr', { name: 'Lyon', population: 522_969 })).toBe('Lyon');
  });

  it('draws a dark basemap on request, with the same layers and sources', () => {
    const light = buildBasemapStyle('http://localhost/basemap');
    const dark = buildBasemapStyle('http://localhost/basemap', { scheme: 'dark' });
    expect(dark.layers.map((l) => l.id)).toEqual(light.layers.map((l) => l.id));
    expect(dark.sources).toEqual(light.sources);
    const paint = (style: typeof light, id: string) => JSON.stringify(style.layers.find((l) => l.id === id)?.paint);
    expect(paint(dark, 'water')).toContain(BASEMAP_DARK_COLORS.water);
    expect(paint(dark, 'land')).toContain(BASEMAP_DARK_COLORS.land);
    expect(paint(light, 'land')).toContain(BASEMAP_COLORS.land);
  });
});
