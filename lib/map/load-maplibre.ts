import 'client-only';
import type * as MapLibre from 'maplibre-gl';

export type MapLibreModule = typeof MapLibre;

/** The absolute URL of the MapLibre modules, from the path the server gave (MAPLIBRE_ASSETS_PATH). */
export const mapLibUrl = (path: string) => `${window.location.origin}${path}`;

let loading: Promise<MapLibreModule> | undefined;

/**
 * Loads MapLibre as the native ES module the app serves (MAPLIBRE_ASSETS_PATH), not through the bundler, and starts
 * its worker. Bundled, its 1.1 MB sat in one module factory that V8 compiled in full on the main thread when the map
 * chunk was first required (~0.15–0.2 s on these cores); as a module script it is parsed and compiled off the main
 * thread while it streams in. `baseUrl` is absolute: the worker resolves it from its own context.
 * The first call wins; later calls return the same module.
 */
export function loadMapLibre(baseUrl: string): Promise<MapLibreModule> {
  return (loading ??= (
    import(
      /* webpackIgnore: true */ /* turbopackIgnore: true */ `${baseUrl}/maplibre-gl.mjs`
    ) as Promise<MapLibreModule>
  ).then((lib) => {
    // MapLibre 6 runs its worker from a separate ES module pair; set once, before any map exists.
    lib.setWorkerUrl(`${baseUrl}/maplibre-gl-worker.mjs`);
    // Start the worker (a 500 kB module to compile) while React is still rendering, rather than when the map is built.
    lib.prewarm();
    return lib;
  }));
}
