/**
 * Import throughput of the ingestion path (docs/ingestion.md): N source records of one partner (NDJSON, generated
 * deterministically: venues in French towns, starts over four months) into a fresh store, then the same feed with 1 %
 * of the records changed. Prints and writes bench/results/ingest-<store>.json with records per second, events per
 * second and peak RSS.
 *
 *   npx tsx bench/ingest.ts [records=100000] [sqlite|postgres|postgres://…]
 *
 * `postgres` starts a throwaway PostgreSQL server (loopback only, partner-api/testing/postgres-server.ts) and stops it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TSourceRecord } from '../lib/contract/ingest';
import { importItems } from '../partner-api/ingest/import';
import { readFeed } from '../partner-api/ingest/read-feed';
import { systemClock } from '../partner-api/clock';
import { openStore } from '../partner-api/store/open-store';
import { startPostgresServer } from '../partner-api/testing/postgres-server';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const records = Number(process.argv[2] ?? 100_000);
const target = process.argv[3] ?? 'sqlite';

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const TOWNS = [
  ['Paris', 48.8566, 2.3522],
  ['Lyon', 45.764, 4.8357],
  ['Marseille', 43.2965, 5.3698],
  ['Toulouse', 43.6047, 1.4442],
  ['Nantes', 47.2184, -1.5536],
  ['Bordeaux', 44.8378, -0.5792],
  ['Lille', 50.6292, 3.0573],
  ['Strasbourg', 48.5734, 7.7521],
] as const;
const WORDS = ['Nuit', 'Jazz', 'Festival', 'Concert', 'Orchestre', 'Quartet', 'Théâtre', 'Rock', 'Ballet', 'Salon'];
const startMs = Date.parse('2027-03-01T00:00:00Z');

function record(i: number, version: number): TSourceRecord {
  const [city, lat, lng] = TOWNS[i % TOWNS.length]!;
  const venue = i % 2_000;
  const start = new Date(startMs + Math.floor(random() * 120 * 24) * 3_600_000);
  return {
    id: `bench-${i}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} n° ${i}`,
    dates: [{ start: start.toISOString() }],
    venue: {
      name: `Salle ${venue}`,
      city,
      lat: lat + ((venue % 50) - 25) * 0.002,
      lng: lng + (Math.floor(venue / 50) - 20) * 0.002,
    },
    lowestPrice: 10 + (i % 40) + version,
    highestPrice: 60 + (i % 40),
    link: `https://bench.example/e/${i}`,
    categories: [WORDS[i % WORDS.length]!],
  };
}

function feed(changedEvery: number | null): string {
  seed = 7;
  const lines: string[] = [];
  for (let i = 0; i < records; i++)
    lines.push(JSON.stringify(record(i, changedEvery && i % changedEvery === 0 ? 1 : 0)));
  return lines.join('\n');
}

const dir = mkdtempSync(join(tmpdir(), 'bench-ingest-'));
// A port of the range this bench's runs were given on the shared machine (docs/performance.md).
const server = target === 'postgres' ? await startPostgresServer({ port: 4710 }) : null;
const database = server
  ? await server.createDatabase({ name: 'bench' })
  : target === 'sqlite'
    ? join(dir, 'bench.sqlite')
    : target;
const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });

async function run(label: string, text: string) {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const summary = await importItems(store, readFeed(text, 'ndjson'), {
    partner: 'Billetterie Horizon',
    format: 'ndjson',
    nowMs: systemClock(),
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const written = summary.created + summary.merged + summary.updated;
  const line = {
    label,
    records,
    seconds: Math.round(seconds * 10) / 10,
    // This process's CPU time (user + system): on a loaded machine, what the run cost rather than how long it waited.
    // PostgreSQL's server processes are not in it.
    cpuSeconds: Math.round((cpu.user + cpu.system) / 100_000) / 10,
    recordsPerSecond: Math.round(records / seconds),
    writtenPerSecond: Math.round(written / seconds),
    created: summary.created,
    updated: summary.updated,
    unchanged: summary.unchanged,
    loadavg1: Math.round(loadavg()[0]! * 100) / 100,
  };
  console.log(JSON.stringify(line));
  return line;
}

try {
  const first = await run('initial import', feed(null));
  const again = await run('re-import, 1 % changed', feed(100));
  const same = await run('re-import, nothing changed', feed(100));
  const result = {
    store: store.kind,
    runs: [first, again, same],
    // maxRSS is in kB: the process's peak, feeds generated in memory included.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(result));
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `ingest-${store.kind}.json`), JSON.stringify(result, null, 2) + '\n');
} finally {
  await store.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
