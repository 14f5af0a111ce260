/**
 * Typeahead benchmark of GET /v2/search (a benchmark, never a test): a catalogue of 100 000 events, 20 000 map
 * places and 30 000 performers in a temporary SQLite file, the service on 127.0.0.1:0, and one- to three-word
 * prefixes of real names sent over HTTP one at a time (keep-alive). Prints and writes p50/p99 per word count to
 * bench/results/search.json and bench/results/search.md.
 *
 * Run alone: `npx tsx bench/search.ts [--events N] [--places N] [--performers N] [--db file]`; `npm run bench` calls
 * `runSearchBench` (bench/run.ts).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '@/partner-api/app';
import { systemClock } from '@/partner-api/clock';
import { testServiceConfig } from '@/partner-api/env';
import { createRng, type Rng } from '@/partner-api/seed/rng';
import { seedCatalogue } from '@/partner-api/seed/seed-catalogue';
import { openDatabase, type Db } from '@/partner-api/store/sqlite/open';
import { optimizeSearchIndex } from '@/partner-api/store/sqlite/operations/optimize-search-index';
import { createSqliteStore } from '@/partner-api/store/sqlite/sqlite-store';

export interface SearchBenchOptions {
  events?: number;
  places?: number;
  performers?: number;
  /** Distinct queries per word count (each sent twice after a warm-up). */
  queriesPerSize?: number;
  /**
   * Reuse this SQLite file when it already holds a catalogue (seeding 100 000 events takes minutes on a busy
   * machine); by default a fresh temporary file is seeded and removed.
   */
  dbFile?: string;
  log?: (line: string) => void;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  /** CPU time of the process (server and client) per request: what contention on a shared machine cannot inflate. */
  cpuP50: number;
  cpuP99: number;
}

export interface SearchBenchResult {
  events: number;
  places: number;
  performers: number;
  seedMs: number;
  /** 1-minute load average at the end of the run (2 cores here). */
  loadAverage: number;
  byWords: Record<'1' | '2' | '3', LatencySummary>;
  all: LatencySummary;
  examples: string[];
}

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 100) / 100;
}

interface Sample {
  wall: number;
  cpu: number;
}

function summary(samples: Sample[]): LatencySummary {
  const wall = samples.map((s) => s.wall).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.cpu).sort((a, b) => a - b);
  return {
    count: wall.length,
    p50: percentile(wall, 50),
    p99: percentile(wall, 99),
    cpuP50: percentile(cpu, 50),
    cpuP99: percentile(cpu, 99),
  };
}

/**
 * The seed makes about one place per 15 events and one performer per 25; the bench tops them up to its targets
 * with more of the same (seeded names, venues moved to other seeded cities; performers with seeded first and last
 * names, each linked to one to three events so that they are searchable).
 */
function topUp(db: Db, rng: Rng, places: number, performers: number): void {
  const mapPlaces = db
    .prepare('SELECT name, address, city, street, postal_code, country FROM map_places')
    .all() as Array<Record<string, string | null>>;
  const spots = db.prepare('SELECT lng, lat FROM map_places').all() as Array<{ lng: number; lat: number }>;
  const insertMapPlace = db.prepare(
    `INSERT INTO map_places (id, name, address, lng, lat, average_grade, total_grades, street, city, postal_code, country)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const existingPlaces = (db.prepare('SELECT count(*) AS n FROM map_places').get() as { n: number }).n;
  const people = db.prepare('SELECT name FROM performers').all() as Array<{ name: string }>;
  const firsts = people.map((p) => p.name.split(' ')[0] ?? p.name);
  const lasts = people.map((p) => p.name.split(' ').slice(1).join(' ') || p.name);
  const eventIds = (db.prepare('SELECT id FROM events').all() as Array<{ id: number }>).map((row) => row.id);
  const insertPerformer = db.prepare('INSERT INTO performers (name, description, identity_confirmed) VALUES (?, ?, ?)');
  const link = db.prepare('INSERT OR IGNORE INTO event_performers (event_id, performer_id) VALUES (?, ?)');
  const existingPerformers = people.length;
  db.transaction(() => {
    for (let i = existingPlaces; i < places; i++) {
      const model = rng.pick(mapPlaces);
      const spot = rng.pick(spots);
      insertMapPlace.run(
        `bench-mp-${i}`,
        model.name,
        model.address,
        spot.lng + (rng.next() - 0.5) * 0.05,
        spot.lat + (rng.next() - 0.5) * 0.05,
        Math.round((3 + rng.next() * 2) * 10) / 10,
        rng.int(0, 500),
        model.street,
        model.city,
        model.postal_code,
        model.country,
      );
    }
    for (let i = existingPerformers; i < performers; i++) {
      const { lastInsertRowid } = insertPerformer.run(
        `${rng.pick(firsts)} ${rng.pick(lasts)}`,
        '',
        rng.next() < 0.9 ? 1 : 0,
      );
      for (let k = rng.int(1, 3); k > 0; k--) link.run(rng.pick(eventIds), Number(lastInsertRowid));
    }
  })();
}

/** One- to three-word typeahead prefixes of real names: whole words, the last one cut as if still being typed. */
function makeQueries(db: Db, rng: Rng, perSize: number): Array<{ words: 1 | 2 | 3; text: string }> {
  const names = [
    ...(db.prepare('SELECT name FROM events ORDER BY id LIMIT 20000').all() as Array<{ name: string }>),
    ...(db.prepare('SELECT name FROM map_places').all() as Array<{ name: string }>),
    ...(db.prepare('SELECT name FROM performers').all() as Array<{ name: string }>),
  ].map((row) => row.name.split(/[\s:—–,;!?()«»"]+/).filter((word) => word.length > 0));
  const queries: Array<{ words: 1 | 2 | 3; text: string }> = [];
  for (const size of [1, 2, 3] as const) {
    let made = 0;
    for (let attempts = 0; made < perSize && attempts < perSize * 50; attempts++) {
      const words = rng.pick(names);
      if (words.length < size) continue;
      const picked = words.slice(0, size);
      const last = picked[size - 1] ?? '';
      picked[size - 1] = last.slice(0, Math.max(1, Math.ceil(last.length * (0.3 + rng.next() * 0.7))));
      queries.push({ words: size, text: picked.join(' ') });
      made++;
    }
  }
  return queries;
}

/** Runs the typeahead benchmark; returns (and writes) its figures. */
export async function runSearchBench(options: SearchBenchOptions = {}): Promise<SearchBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const events = options.events ?? 100_000;
  const places = options.places ?? 20_000;
  const performers = options.performers ?? 30_000;
  const dir = options.dbFile ? null : mkdtempSync(join(tmpdir(), 'eventmap-search-bench-'));
  const db = openDatabase(options.dbFile ?? join(dir!, 'bench.sqlite'));
  const rng = createRng('search-bench');
  // The typeahead on SQLite's FTS5: this bench tops the catalogue up and draws its queries with SQL of its own.
  const store = createSqliteStore(db, { clock: systemClock });
  try {
    const started = performance.now();
    if ((db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n === 0) {
      log(`search bench: seeding ${events} events…`);
      await seedCatalogue(store.seeding, { events, seed: 'search-bench', now: Date.now() });
    }
    topUp(db, rng, places, performers);
    // As the CLI does after seeding (see optimizeSearchIndex).
    optimizeSearchIndex(db);
    const seedMs = Math.round(performance.now() - started);
    const counts = db
      .prepare(
        'SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM map_places) AS places, ' +
          '(SELECT count(*) FROM performers) AS performers',
      )
      .get() as { events: number; places: number; performers: number };
    log(`search bench: ${JSON.stringify(counts)} in ${seedMs} ms`);

    const cities = db
      .prepare('SELECT lng, lat FROM map_places WHERE id NOT LIKE ? ORDER BY id LIMIT 200')
      .all('bench-%') as Array<{ lng: number; lat: number }>;
    const queries = makeQueries(db, rng, options.queriesPerSize ?? 150);
    const config = testServiceConfig({
      rateLimit: { apiPerMinute: 10_000_000, loginPerClientPerMinute: 1000, loginPerIpPerMinute: 1000 },
    });
    const app = await buildApp({ store, clock: systemClock, config });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const headers = { authorization: `Bearer ${accessToken}` };
      const urlOf = (text: string, i: number) => {
        const params = new URLSearchParams({ search: text });
        // Half the queries come with a point, as from a map.
        if (i % 2 === 0) {
          const at = cities[i % cities.length];
          if (at) {
            params.set('lng', String(at.lng));
            params.set('lat', String(at.lat));
          }
        }
        return `${address}/v2/search?${params}`;
      };
      const send = async (url: string): Promise<Sample> => {
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        const wall = performance.now() - t0;
        const cpu = process.cpuUsage(cpu0);
        if (response.status !== 200) throw new Error(`search answered ${response.status} for ${url}`);
        return { wall, cpu: (cpu.user + cpu.system) / 1000 };
      };
      for (let i = 0; i < Math.min(100, queries.length); i++) await send(urlOf(queries[i]!.text, i));
      const samples: Record<1 | 2 | 3, Sample[]> = { 1: [], 2: [], 3: [] };
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < queries.length; i++) {
          const query = queries[i]!;
          samples[query.words].push(await send(urlOf(query.text, i)));
        }
      }
      const result: SearchBenchResult = {
        ...counts,
        seedMs,
        loadAverage: Math.round(loadavg()[0]! * 10) / 10,
        byWords: { '1': summary(samples[1]), '2': summary(samples[2]), '3': summary(samples[3]) },
        all: summary([...samples[1], ...samples[2], ...samples[3]]),
        examples: queries.filter((_, i) => i % 25 === 0).map((q) => q.text),
      };
      writeResults(result);
      log(markdown(result));
      return result;
    } finally {
      await app.close();
    }
  } finally {
    db.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(result: SearchBenchResult): string {
  const row = (label: string, s: LatencySummary) =>
    `| ${label} | ${s.count} | ${s.p50} | ${s.p99} | ${s.cpuP50} | ${s.cpuP99} | ≤ 10 |`;
  return [
    `Typeahead \`GET /v2/search\` over HTTP (keep-alive, one request at a time), ${result.events} events, ` +
      `${result.places} map places, ${result.performers} performers; half the queries with a point. ` +
      `Load average ${result.loadAverage} on this shared 2-core machine: wall-clock figures include waiting for a ` +
      `core; CPU figures are the process's own time per request (server and client).`,
    '',
    '| Prefix | Requests | p50 (ms) | p99 (ms) | CPU p50 (ms) | CPU p99 (ms) | Target p50 (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('1 word', result.byWords['1']),
    row('2 words', result.byWords['2']),
    row('3 words', result.byWords['3']),
    row('all', result.all),
    '',
    `Sample queries: ${result.examples.map((q) => `\`${q}\``).join(', ')}.`,
    '',
  ].join('\n');
}

function writeResults(result: SearchBenchResult): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'search.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, 'search.md'), markdown(result));
}

function flag(name: string): number | undefined {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const events = flag('events');
  const places = flag('places');
  const performers = flag('performers');
  const dbIndex = process.argv.indexOf('--db');
  const dbFile = dbIndex >= 0 ? process.argv[dbIndex + 1] : undefined;
  await runSearchBench({
    ...(dbFile ? { dbFile } : {}),
    ...(events === undefined ? {} : { events }),
    ...(places === undefined ? {} : { places }),
    ...(performers === undefined ? {} : { performers }),
  });
}
