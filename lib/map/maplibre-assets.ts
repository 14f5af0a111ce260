import 'server-only';
import maplibrePackage from 'maplibre-gl/package.json';

/**
 * Where the app serves MapLibre's ES modules (scripts/build-basemap.ts copies them to public/): the library, its
 * worker and their shared chunk, under the installed version so a new version never meets a cached old file.
 */
export const MAPLIBRE_ASSETS_PATH = `/maplibre/${maplibrePackage.version}`;
