import 'client-only';
import type { addProtocol } from 'maplibre-gl';

/** What registering a protocol needs of MapLibre (the module the app serves, or the bundled one). */
interface ProtocolHost {
  addProtocol: typeof addProtocol;
}

/** Whether a style (its JSON text) reads a source through the `pmtiles://` protocol. */
export function usesPmtiles(styleText: string): boolean {
  return styleText.includes('"pmtiles://');
}

const registered = new WeakMap<ProtocolHost, Promise<void>>();

/** Registers the `pmtiles://` protocol with this MapLibre (once); the PMTiles reader is loaded only then. */
export function registerPmtiles(lib: ProtocolHost): Promise<void> {
  let done = registered.get(lib);
  if (!done) {
    done = import('pmtiles').then(({ Protocol }) => {
      // `metadata: true` lets the archive's own TileJSON (vector layers, attribution) reach MapLibre.
      const protocol = new Protocol({ metadata: true });
      lib.addProtocol('pmtiles', protocol.tile);
    });
    registered.set(lib, done);
  }
  return done;
}

/**
 * Readies MapLibre for an operator's style (MAP_STYLE_URL) before the map loads it: reads the style, and registers
 * the `pmtiles://` protocol when a source uses it — a self-hosted basemap in one .pmtiles file, read by HTTP range
 * requests. Any other style costs one request the browser's cache answers for MapLibre's own. A style that cannot be
 * read is left to MapLibre, which reports it as it would.
 */
export async function prepareStyle(lib: ProtocolHost, styleUrl: string): Promise<void> {
  let text: string;
  try {
    const response = await fetch(styleUrl);
    if (!response.ok) return;
    text = await response.text();
  } catch {
    return;
  }
  if (usesPmtiles(text)) await registerPmtiles(lib);
}
