import type { StyleSpecification } from 'maplibre-gl';

/** Basemap palette; the CSS custom properties --map-* mirror it. */
export const BASEMAP_COLORS = {
  water: '#b9d3e0',
  land: '#f4f1ea',
  landOutline: '#d9d2c3',
  border: '#a59c8a',
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
  border: '#5d6877',
  coast: '#2f4a5c',
  graticule: '#1d3140',
  label: '#b8c2cf',
  placeLabel: '#e3e8ef',
  labelHalo: '#12161c',
};

export type BasemapScheme = 'light' | 'dark';

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

/** The place-names layer's id (tests query its rendered features). */
export const PLACES_LAYER_ID = 'places';

/** Files the basemap generator (scripts/build-basemap.ts) writes under public/basemap/. */
export const BASEMAP_FILES = {
  land: 'land.geojson',
  borders: 'borders.geojson',
  labels: 'country-labels.geojson',
  graticule: 'graticule.geojson',
} as const;

/**
 * The offline default style: water as the background, Natural Earth land and country borders, a faint graticule,
 * country names and place names (GeoNames towns, by vector tile). It has no `glyphs` URL, so MapLibre renders the labels with a local font (no network at all).
 * `baseUrl` is the absolute URL of the basemap folder (MapLibre fetches sources from a worker, so it must be absolute).
 */
export function buildBasemapStyle(baseUrl: string, options: { scheme?: BasemapScheme } = {}): StyleSpecification {
  const url = (file: string) => `${baseUrl.replace(/\/+$/, '')}/${file}`;
  const colors = options.scheme === 'dark' ? BASEMAP_DARK_COLORS : BASEMAP_COLORS;
  return {
    version: 8,
    name: options.scheme === 'dark' ? 'Eventmap offline dark' : 'Eventmap offline',
    sources: {
      land: { type: 'geojson', data: url(BASEMAP_FILES.land), tolerance: 0.6 },
      borders: { type: 'geojson', data: url(BASEMAP_FILES.borders), tolerance: 0.6 },
      labels: { type: 'geojson', data: url(BASEMAP_FILES.labels) },
      graticule: { type: 'geojson', data: url(BASEMAP_FILES.graticule) },
      places: {
        type: 'vector',
        tiles: [url(PLACE_TILES.path)],
        minzoom: PLACE_TILES.minzoom,
        maxzoom: PLACE_TILES.maxzoom,
        bounds: PLACE_TILES.bounds,
        attribution: 'Places: GeoNames',
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colors.water } },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        maxzoom: 7,
        paint: { 'line-color': colors.graticule, 'line-width': 0.6, 'line-opacity': 0.6 },
      },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colors.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': colors.coast,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.6],
        },
      },
      {
        id: 'country-borders',
        type: 'line',
        source: 'borders',
        layout: { 'line-join': 'round' },
        paint: {
          'line-color': colors.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.8],
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
          'text-field': ['get', 'name'],
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
        minzoom: 4,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': ['sans-serif'],
          // Bigger places are placed first and drawn larger, so a city wins over its suburbs.
          'symbol-sort-key': ['-', 0, ['get', 'population']],
          // Zoom outside, population inside: MapLibre allows one zoom interpolation, at the top of the expression.
          'text-size': [
            'interpolate',
            ['linear'],
            ['zoom'],
            4,
            ['interpolate', ['linear'], ['get', 'population'], 1_000, 9, 100_000, 11, 1_000_000, 13],
            10,
            ['interpolate', ['linear'], ['get', 'population'], 1_000, 11, 100_000, 14, 1_000_000, 18],
            14,
            ['interpolate', ['linear'], ['get', 'population'], 1_000, 13, 100_000, 16, 1_000_000, 20],
          ],
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
