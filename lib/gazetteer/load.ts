import 'server-only';
import { readFileSync } from 'node:fs';
import type { GazetteerData } from './data';
import { GAZETTEER_FILE } from './file';
import { createGazetteer, type Gazetteer } from './gazetteer';

let loaded: Gazetteer | null = null;

/**
 * The build's gazetteer, read and indexed on first use (~60 ms) and kept for the life of the process.
 * Throws when the build did not write it (`npm run build:gazetteer`).
 */
export function serverGazetteer(): Gazetteer {
  loaded ??= createGazetteer(JSON.parse(readFileSync(GAZETTEER_FILE(process.cwd()), 'utf8')) as GazetteerData);
  return loaded;
}
