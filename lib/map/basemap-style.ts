import type { ExpressionSpecification, StyleSpecification } from 'maplibre-gl';
import type { Locale } from '@/lib/i18n/config';
import { mapMessages } from '@/lib/i18n/map-messages';
import { PLACE_LABEL_SIZES, PLACE_LABELS_MINZOOM } from './place-labels';

/** Basemap palette; the CSS custom properties --map-* mirror it. */
export const BASEMAP_COLORS = {
  water: '#b9d3e0',
  land: '#f4f1ea',
  landOutline: '#d9d2c3',
  border: '#a59c8a',
  region: '#c4b9a6',
  coast: '#93b3c4',
  graticule: '#a9c5d4',
  label: '#5e5648',
  placeLabel: '#2f2a22',
  labelHalo: '#f4f1ea',
} as const;

/** The same roles for a dark page (`theme=dark`, or `auto` on a dark system): dark land and sea, light labels. */
export const BASEMAP_DARK_COLORS: Record<keyof typeof BASEMAP_COLORS, string> = {
  water: '#0e1a24',
  land: '#1f262f',
  landOutline: '#2c3540',
  border: '#6b7685',
  region: '#4f5a68',
  coast: '#2f4a5c',
  graticule: '#1d3140',
  label: '#b8c2cf',
  placeLabel: '#e3e8ef',
  labelHalo: '#12161c',
};

export type BasemapScheme = 'light' | 'dark';

/** The area served, with a margin (west, south, east, north): detailed tiles cover it, the world tiles the rest. */
export const BASEMAP_AREA: [number, number, number, number] = [-12, 35, 20, 56];

/**
 * Vector tile sets written at build time under public/basemap/ (scripts/lib/basemap-tiles.ts,
 * scripts/lib/place-tiles.ts), z/x/y.pbf files loaded by tile as the camera moves. MapLibre overzooms each set's
 * last level, and asks for nothing outside `bounds`.
 * - `world`: Natural Earth 1:50m land, country borders and a graticule for the whole world at small scales; its
 *   land has a hole where `detail` draws.
 * - `detail`: over the area served, an OpenStreetMap-derived coastline and large lakes, Natural Earth 1:10m
 *   country borders, French régions and départements.
 * - `places`: GeoNames towns, each zoom its own population cut.
 */
export const BASEMAP_TILES = {
  world: { path: 'tiles/world/{z}/{x}/{y}.pbf', minzoom: 0, maxzoom: 5 },
  detail: { path: 'tiles/detail/{z}/{x}/{y}.pbf', minzoom: 3, maxzoom: 9, bounds: BASEMAP_AREA },
} as const;

/** Zoom from which the detailed tiles' borders replace the world tiles' ones. */
const DETAIL_BORDERS_FROM = 6;

/**
 * Place-name vector tiles (scripts/lib/place-tiles.ts): zooms written at build time, over the area served (France and
 * its neighbours); MapLibre overzooms the last level, and asks for nothing outside `bounds`.
 */
export const PLACE_TILES = {
  path: 'tiles/places/{z}/{x}/{y}.pbf',
  minzoom: 0,
  maxzoom: 8,
  bounds: [-6, 41, 10.5, 51.5] as [number, number, number, number],
} as const;

/** Whether a place is inside the place tiles' bounds: the tiles name every GeoNames record there, and only there. */
export function inPlaceTiles([lng, lat]: readonly [number, number]): boolean {
  const [west, south, east, north] = PLACE_TILES.bounds;
  return lng >= west && lng <= east && lat >= south && lat <= north;
}

/** The place-names layer's id (tests query its rendered features). */
export const PLACES_LAYER_ID = 'places';

/** Layer ids of the land and of lakes (tests ask which one is drawn at a point). */
export const LAND_LAYER_IDS = ['world-land', 'land'] as const;
export const LAKES_LAYER_ID = 'lakes';

/** Files the basemap generator (scripts/build-basemap.ts) writes under public/basemap/ besides the tiles. */
export const BASEMAP_FILES = {
  labels: 'country-labels.geojson',
} as const;

/** The source the first frame waits for before the sea colour comes back (splitStyle's `loadingBackground`). */
export const BASEMAP_LAND_SOURCE = 'detail';

const lineWidth = (stops: number[]) => ['interpolate', ['linear'], ['zoom'], ...stops] as unknown as number;

/**
 * The offline default style: water as the background, land, large lakes, borders (countries, French régions and
 * départements), a faint graticule at small scales, country names and place names — all from vector tiles but the
 * country names (a 20 kB GeoJSON). It has no `glyphs` URL, so MapLibre renders the labels with a local font (no
 * network at all). `baseUrl` is the absolute URL of the basemap folder (MapLibre fetches sources from a worker, so it
 * must be absolute).
 */
export function buildBasemapStyle(
  baseUrl: string,
  options: { scheme?: BasemapScheme; locale?: Locale } = {},
): StyleSpecification {
  const url = (file: string) => `${baseUrl.replace(/\/+$/, '')}/${file}`;
  const colors = options.scheme === 'dark' ? BASEMAP_DARK_COLORS : BASEMAP_COLORS;
  const { world, detail } = BASEMAP_TILES;
  const words = mapMessages(options.locale);
  return {
    version: 8,
    name: options.scheme === 'dark' ? 'Eventmap offline dark' : 'Eventmap offline',
    sources: {
      world: {
        type: 'vector',
        tiles: [url(world.path)],
        minzoom: world.minzoom,
        maxzoom: world.maxzoom,
      },
      [BASEMAP_LAND_SOURCE]: {
        type: 'vector',
        tiles: [url(detail.path)],
        minzoom: detail.minzoom,
        maxzoom: detail.maxzoom,
        bounds: detail.bounds,
        attribution: words.osmCredit,
      },
      labels: { type: 'geojson', data: url(BASEMAP_FILES.labels) },
      places: {
        type: 'vector',
        tiles: [url(PLACE_TILES.path)],
        minzoom: PLACE_TILES.minzoom,
        maxzoom: PLACE_TILES.maxzoom,
        bounds: PLACE_TILES.bounds,
        attribution: words.placesCredit,
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      {
        id: 'graticule',
        type: 'line',
        source: 'world',
        'source-layer': 'graticule',
        maxzoom: 7,
        paint: { 'line-color': colors.graticule, 'line-width': 0.6, 'line-opacity': 0.6 },
      },
      { id: 'world-land', type: 'fill', source: 'world', 'source-layer': 'land', paint: { 'fill-color': colors.land } },
      {
        id: 'land',
        type: 'fill',
        source: BASEMAP_LAND_SOURCE,
        'source-layer': 'land',
        paint: { 'fill-color': colors.land },
      },
      {
        id: LAKES_LAYER_ID,
        type: 'fill',
        source: BASEMAP_LAND_SOURCE,
        'source-layer': 'lakes',
        minzoom: 5,
        paint: { 'fill-color': colors.water },
      },
      {
        // The world land's outline only where it has no hole (its hole's edges are not a coast).
        id: 'world-coastline',
        type: 'line',
        source: 'world',
        'source-layer': 'land',
        maxzoom: BASEMAP_TILES.detail.minzoom,
        paint: { 'line-color': colors.coast, 'line-width': 0.6 },
      },
      {
        id: 'coastline',
        type: 'line',
        source: BASEMAP_LAND_SOURCE,
        'source-layer': 'coast',
        paint: { 'line-color': colors.coast, 'line-width': lineWidth([3, 0.6, 8, 1.2, 14, 2]) },
      },
      {
        id: 'departement-borders',
        type: 'line',
        source: BASEMAP_LAND_SOURCE,
        'source-layer': 'departements',
        minzoom: 8,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': colors.region, 'line-width': lineWidth([8, 0.5, 14, 1.2]), 'line-dasharray': [4, 3] },
      },
      {
        id: 'region-borders',
        type: 'line',
        source: BASEMAP_LAND_SOURCE,
        'source-layer': 'regions',
        minzoom: 5,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': colors.region, 'line-width': lineWidth([5, 0.8, 10, 1.6, 14, 2.4]) },
      },
      {
        id: 'world-borders',
        type: 'line',
        source: 'world',
        'source-layer': 'borders',
        maxzoom: DETAIL_BORDERS_FROM,
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': colors.border,
          'line-width': lineWidth([2, 0.6, 6, 1.4]),
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: BASEMAP_LAND_SOURCE,
        'source-layer': 'borders',
        minzoom: DETAIL_BORDERS_FROM,
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': colors.border,
          'line-width': lineWidth([6, 1.4, 10, 2, 14, 3]),
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'country-labels',
        type: 'symbol',
        source: 'labels',
        minzoom: 2.5,
        maxzoom: 9,
        layout: {
          // The page's language (name_fr, name_en), else the English name.
          'text-field': ['coalesce', ['get', `name_${options.locale ?? 'en'}`], ['get', 'name']],
          'text-font': ['sans-serif'],
          'text-size': ['interpolate', ['linear'], ['zoom'], 3, 11, 7, 15],
          'text-transform': 'uppercase',
          'text-letter-spacing': 0.12,
          'text-max-width': 8,
        },
        paint: {
          'text-color': colors.label,
          'text-halo-color': colors.labelHalo,
          'text-halo-width': 1.5,
        },
      },
      {
        id: PLACES_LAYER_ID,
        type: 'symbol',
        source: 'places',
        'source-layer': 'places',
        minzoom: PLACE_LABELS_MINZOOM,
        layout: {
          // The page's language where it names the town otherwise ("Bruxelles", lib/gazetteer/exonyms.ts).
          'text-field': ['coalesce', ['get', `name_${options.locale ?? 'en'}`], ['get', 'name']],
          'text-font': ['sans-serif'],
          // Bigger places are placed first and drawn larger, so a city wins over its suburbs.
          'symbol-sort-key': ['-', 0, ['get', 'population']],
          // Zoom outside, population inside: MapLibre allows one zoom interpolation, at the top of the expression.
          'text-size': [
            'interpolate',
            ['linear'],
            ['zoom'],
            ...PLACE_LABEL_SIZES.flatMap(([zoom, stops]) => [
              zoom,
              ['interpolate', ['linear'], ['get', 'population'], ...stops.flat()],
            ]),
          ] as ExpressionSpecification,
          'text-max-width': 8,
          'text-padding': 4,
        },
        paint: {
          'text-color': colors.placeLabel,
          'text-halo-color': colors.labelHalo,
          'text-halo-width': 1.5,
        },
      },
    ],
  };
}

/** A style split in two: what the first frame draws, and the rest, added once the events are on screen. */
export interface SplitStyle {
  initial: StyleSpecification;
  deferred: Pick<StyleSpecification, 'sources' | 'layers'>;
  /** The background colour to put back once `afterSource` has loaded (when a `loadingBackground` was asked for). */
  restoreBackground?: { layerId: string; color: string; afterSource: string };
}

export interface SplitStyleOptions {
  /**
   * Paints the background in `color` until the deferred source `until` has loaded. The offline basemap draws land on a
   * water background: while the land loads, a land-coloured background looks like a map still loading, not an ocean.
   */
  loadingBackground?: { color: string; until: string };
}

/**
 * Splits a style into its background layers (drawn at once, no data to load) and everything else. MapLibre parses and
 * tiles every GeoJSON source in one worker, in order: the Natural Earth land alone keeps it busy for seconds in
 * software WebGL, so the events would wait behind it. Loading the basemap after the first events are drawn puts them
 * on screen first (README, Performance: web).
 */
export function splitStyle(style: StyleSpecification, options: SplitStyleOptions = {}): SplitStyle {
  const background = style.layers.filter((layer) => layer.type === 'background');
  const deferred = { sources: style.sources, layers: style.layers.filter((layer) => layer.type !== 'background') };
  const first = background[0];
  const color = first?.paint?.['background-color'];
  const loading = options.loadingBackground;
  if (!loading || !first || typeof color !== 'string' || !(loading.until in style.sources)) {
    return { initial: { ...style, sources: {}, layers: background }, deferred };
  }
  const layers = background.map((layer) =>
    layer === first ? { ...first, paint: { ...first.paint, 'background-color': loading.color } } : layer,
  );
  return {
    initial: { ...style, sources: {}, layers },
    deferred,
    restoreBackground: { layerId: first.id, color, afterSource: loading.until },
  };
}
