/*
 * Writes Mapbox Vector Tiles as z/x/y.pbf files (geojson-vt slices and simplifies per zoom, vt-pbf encodes), the
 * shared step of the offline basemap's tile sets (scripts/lib/basemap-tiles.ts, scripts/lib/place-tiles.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FeatureCollection } from 'geojson';
import geojsonvt from 'geojson-vt';

const require = createRequire(import.meta.url);
const vtpbf = require('vt-pbf') as { fromGeojsonVt(layers: Record<string, unknown>, options?: object): Uint8Array };

export type Bounds = readonly [west: number, south: number, east: number, north: number];

/** Tile units per tile side (the vector tile default). */
const EXTENT = 4096;

export const WORLD: Bounds = [-180, -85.0511, 180, 85.0511];

/** The tiles of zoom `z` that cover `bounds` (Web Mercator, as MapLibre asks for them). */
export function tileRange(z: number, [west, south, east, north]: Bounds) {
  const n = 2 ** z;
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, v));
  const x = (lng: number) => clamp(Math.floor(((lng + 180) / 360) * n));
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return clamp(Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n));
  };
  return { minX: x(west), maxX: x(east), minY: y(north), maxY: y(south) };
}

/** One layer of a tile set: its data for a given zoom (so a layer may change source between zooms). */
export interface TileLayer {
  name: string;
  data(z: number): FeatureCollection | null;
}

export interface TileSetOptions {
  minzoom: number;
  maxzoom: number;
  bounds: Bounds;
  /**
   * The last level's tile extent (the others have 4096): larger keeps more precision where MapLibre overzooms to
   * street scale.
   */
  lastExtent?: number;
}

export interface TileSetStats {
  tiles: number;
  bytes: number;
}

type Index = ReturnType<typeof geojsonvt>;

/**
 * Writes every tile of `bounds` from `minzoom` to `maxzoom`; a tile with nothing in it is an empty file (MapLibre draws
 * nothing for it; a missing one would be a 404 in the console).
 */
export function writeTileSet(outDir: string, layers: TileLayer[], options: TileSetOptions): TileSetStats {
  const { minzoom, maxzoom, bounds, lastExtent = EXTENT } = options;
  // One index per distinct layer data and extent: data that is the same object at several zooms is sliced once.
  const indexes = new Map<FeatureCollection, Map<number, Index>>();
  const indexOf = (data: FeatureCollection, extent: number) => {
    const byExtent = indexes.get(data) ?? new Map<number, Index>();
    indexes.set(data, byExtent);
    let index = byExtent.get(extent);
    if (!index) {
      // The buffer (in tile units) stays 1/64 of the tile whatever the extent, as does the simplification tolerance.
      const scale = extent / EXTENT;
      index = geojsonvt(data, { maxZoom: maxzoom, indexMaxZoom: 4, extent, tolerance: 3 * scale, buffer: 64 * scale });
      byExtent.set(extent, index);
    }
    return index;
  };
  let tiles = 0;
  let bytes = 0;
  for (let z = minzoom; z <= maxzoom; z += 1) {
    const extent = z === maxzoom ? lastExtent : EXTENT;
    const zoomLayers = layers.flatMap((layer) => {
      const data = layer.data(z);
      return data ? [{ name: layer.name, index: indexOf(data, extent) }] : [];
    });
    const { minX, maxX, minY, maxY } = tileRange(z, bounds);
    for (let x = minX; x <= maxX; x += 1) {
      const dir = join(outDir, String(z), String(x));
      mkdirSync(dir, { recursive: true });
      for (let y = minY; y <= maxY; y += 1) {
        const content: Record<string, unknown> = {};
        for (const { name, index } of zoomLayers) {
          const tile = index.getTile(z, x, y);
          if (tile && tile.features.length > 0) content[name] = tile;
        }
        const body =
          Object.keys(content).length > 0 ? vtpbf.fromGeojsonVt(content, { version: 2, extent }) : new Uint8Array(0);
        writeFileSync(join(dir, `${y}.pbf`), body);
        tiles += 1;
        bytes += body.length;
      }
    }
  }
  return { tiles, bytes };
}
