/**
 * The read model's benchmark (issue 29 §1, docs/read-model.md): writes N mirrored events (default 100 000) into a
 * temporary catalogue-mirror file as the sync writes them, then measures
 *   - the cold start: building the in-memory EventIndex from the file (what a restarted web process does);
 *   - the index's memory (heap + typed arrays) per 100 000 events;
 *   - `GET /api/explorer/events?zoom` answered from the read model (ReadModel.view + JSON.stringify, what the route
 *     does), p50 and p99 for street / city / region / country viewports × day / week / month windows, against the
 *     floor: JSON.stringify of the same answer — cold (a query the read model has not kept: a cache miss) and warm
 *     (the same query again: a hit); and the answer's size, raw and gzipped (the country view's ≤ 30 KB).
 * Writes bench/results/read-model-N.json and .md. Run with --expose-gc for the memory figure:
 *
 *   node --expose-gc --conditions=react-server --import tsx bench/read-model.ts [--events 1000000] [--iterations 30] \
 *     [--mirror /tmp/mirror-1m.sqlite]   (kept between runs: written once, read by before/after runs alike)
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { MAIN_CATEGORIES, type TExplorerEvent, type TGetEventsRequest } from '@/lib/contract';
import { openMirrorDb, writeMeta } from '@/lib/mirror/mirror-db';
import { ReadModel } from '@/lib/read-model/read-model';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '30' },
    // A mirror file kept between runs (written when missing): before/after runs then read the same catalogue, and
    // the 1 000 000-event file (a minute to write) is written once.
    mirror: { type: 'string' },
  },
});
const N = Number(values.events);
const ITERATIONS = Number(values.iterations);
const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 10);

/** A deterministic generator (mulberry32), so runs compare. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(29);
const gauss = () => Math.sqrt(-2 * Math.log(rand() || 1e-9)) * Math.cos(2 * Math.PI * rand());

/** Towns of mainland France, Paris weighted most (the seed's shape). */
const TOWNS: [string, number, number][] = [
  ['Paris', 2.35, 48.86],
  ['Lyon', 4.83, 45.76],
  ['Marseille', 5.37, 43.3],
  ['Toulouse', 1.44, 43.6],
  ['Bordeaux', -0.58, 44.84],
  ['Lille', 3.06, 50.63],
  ['Nantes', -1.55, 47.22],
  ['Strasbourg', 7.75, 48.57],
  ['Rennes', -1.68, 48.11],
  ['Nice', 7.26, 43.7],
  ['Montpellier', 3.88, 43.61],
  ['Grenoble', 5.72, 45.19],
];
const PARTNERS = ['Billetterie Horizon', 'TicketSud', 'Festivalia'];

const iso = (ms: number) => new Date(ms).toISOString();
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' +0000';

function seed(file: string): number {
  const db = openMirrorDb(file);
  const insert = db.prepare(
    `INSERT INTO read_events (id, lng, lat, start_ms, end_ms, updated_ms, lowest_price, highest_price, category_mask,
                              partners, town, card, event)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}')`,
  );
  const started = performance.now();
  db.transaction(() => {
    for (let id = 1; id <= N; id++) {
      const r = rand();
      const [town, tLng, tLat] = r < 0.4 ? TOWNS[0]! : TOWNS[1 + Math.floor(rand() * (TOWNS.length - 1))]!;
      const spread = r < 0.9 ? 0.06 : 2;
      const lng = tLng + gauss() * spread;
      const lat = tLat + gauss() * spread * 0.7;
      const start = NOW + Math.floor(rand() * 60 * DAY_MS);
      const end = start + (rand() < 0.05 ? 30 * DAY_MS : (2 + Math.floor(rand() * 3)) * 3_600_000);
      const priced = rand() < 0.8;
      const low = priced ? Math.floor(rand() * 60) : null;
      const high = priced ? low! + Math.floor(rand() * 30) : null;
      const mask = rand() < 0.1 ? 0 : 1 << Math.floor(rand() * MAIN_CATEGORIES.length);
      const card: TExplorerEvent = {
        id,
        name: `Concert numéro ${id} à ${town}`,
        start: minute(start),
        end: minute(end),
        ...(low !== null && { minPrice: low }),
        ...(high !== null && high !== low && { maxPrice: high }),
        place: `Salle ${id % 997}`,
        city: town,
        position: [Math.round(lng * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5],
        ...(mask !== 0 && { category: MAIN_CATEGORIES[Math.log2(mask)] }),
      };
      insert.run(
        id,
        lng,
        lat,
        start,
        end,
        NOW - id,
        low,
        high,
        mask,
        JSON.stringify([PARTNERS[id % 3]]),
        r < 0.9 ? town : null,
        JSON.stringify(card),
      );
    }
    writeMeta(db, 'read_model', '1');
  })();
  db.close();
  return performance.now() - started;
}

/** Around Paris, densest here as in the seed; each at the zoom a 1200-pixel-wide map shows it at. */
const VIEWPORTS = [
  { name: 'street', zoom: 15, rectangle: { minLng: 2.335, maxLng: 2.36, minLat: 48.85, maxLat: 48.865 } },
  { name: 'city', zoom: 11.7, rectangle: { minLng: 2.22, maxLng: 2.47, minLat: 48.81, maxLat: 48.91 } },
  { name: 'region', zoom: 8.6, rectangle: { minLng: 1.44, maxLng: 3.56, minLat: 48.12, maxLat: 49.24 } },
  { name: 'country', zoom: 5.5, rectangle: { minLng: -5.2, maxLng: 9.6, minLat: 41.3, maxLat: 51.1 } },
];
const WINDOWS = [
  { name: 'day', days: 1 },
  { name: 'week', days: 7 },
  { name: 'month', days: 30 },
];

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const gc = (globalThis as { gc?: () => void }).gc;
const heap = () => {
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const dir = mkdtempSync(join(tmpdir(), 'bench-read-model-'));
try {
  const file = values.mirror ?? join(dir, 'mirror.sqlite');
  const seedMs = existsSync(file) ? null : seed(file);
  const model = new ReadModel(openMirrorDb(file));
  const before = heap();
  const coldStarted = performance.now();
  model.warm();
  const coldStartMs = performance.now() - coldStarted;
  const indexBytes = heap() - before;
  const rows: Record<string, unknown>[] = [];
  for (const viewport of VIEWPORTS) {
    for (const window of WINDOWS) {
      const body: TGetEventsRequest = {
        locationFilter: { rectangle: viewport.rectangle },
        datesFilter: { minDate: iso(NOW), maxDate: iso(NOW + window.days * DAY_MS) },
        orderBy: 'startDate',
        limit: 50,
      };
      // Cold: each iteration a query the cache has not seen (the window's start moved by a millisecond: the same
      // matches, another key), as a visitor's new pan or filter meets it. Warm: the same query again, as a second
      // visitor on the same view (or the same visitor's Back) meets it within the minute and before the next sync.
      const cold: number[] = [];
      const warm: number[] = [];
      const floors: number[] = [];
      let json = '';
      for (let i = 0; i < ITERATIONS + 3; i++) {
        const fresh = { ...body, datesFilter: { minDate: iso(NOW + i), maxDate: iso(NOW + window.days * DAY_MS) } };
        const t0 = performance.now();
        const view = model.view({ body: fresh, zoom: viewport.zoom, now: NOW })!;
        json = JSON.stringify({ ...view, source: 'mirror', asOf: iso(NOW), degraded: false });
        const t1 = performance.now();
        const again = model.view({ body: fresh, zoom: viewport.zoom, now: NOW })!;
        JSON.stringify({ ...again, source: 'mirror', asOf: iso(NOW), degraded: false });
        const t2 = performance.now();
        const answer: unknown = JSON.parse(json);
        const t3 = performance.now();
        JSON.stringify(answer);
        const t4 = performance.now();
        if (i >= 3) {
          cold.push(t1 - t0);
          warm.push(t2 - t1);
          floors.push(t4 - t3);
        }
      }
      cold.sort((a, b) => a - b);
      warm.sort((a, b) => a - b);
      floors.sort((a, b) => a - b);
      const parsed = JSON.parse(json) as { pagination: { totalItems: number }; clusters: unknown[] };
      const floorP50 = quantile(floors, 0.5);
      rows.push({
        viewport: viewport.name,
        window: window.name,
        matches: parsed.pagination.totalItems,
        clusters: parsed.clusters.length,
        // p50Ms / p99Ms: cold (a query not kept), comparable with earlier runs of this benchmark.
        p50Ms: +quantile(cold, 0.5).toFixed(2),
        p99Ms: +quantile(cold, 0.99).toFixed(2),
        warmP50Ms: +quantile(warm, 0.5).toFixed(3),
        warmP99Ms: +quantile(warm, 0.99).toFixed(3),
        floorP50Ms: +floorP50.toFixed(3),
        coldOverFloor: +(quantile(cold, 0.5) / floorP50).toFixed(1),
        warmOverFloor: +(quantile(warm, 0.5) / floorP50).toFixed(2),
        bytes: json.length,
        gzipBytes: gzipSync(json).length,
      });
    }
  }
  const result = {
    events: N,
    iterations: ITERATIONS,
    loadavg: loadavg().map((l) => +l.toFixed(2)),
    seedMs: seedMs === null ? null : Math.round(seedMs),
    mirrorFileMb: +(statSync(file).size / 1e6).toFixed(1),
    coldStartMs: Math.round(coldStartMs),
    indexMbPer100k: gc ? +((indexBytes / 1e6) * (100_000 / N)).toFixed(1) : null,
    rssMb: Math.round(process.memoryUsage().rss / 1e6),
    views: rows,
  };
  const table = [
    `Read model, ${N.toLocaleString('en')} mirrored events; load average ${result.loadavg.join(' ')} (shared machine)`,
    '',
    `Cold start (index built from the mirror file): ${result.coldStartMs} ms; index memory per 100 000 events: ` +
      `${result.indexMbPer100k ?? 'n/a (run with --expose-gc)'} MB; process RSS ${result.rssMb} MB.`,
    '',
    'Cold = a query not kept (cache miss); warm = the same query again (cache hit); floor = JSON.stringify of the answer.',
    '',
    '| viewport | window | matches | clusters | cold p50 ms | cold p99 ms | warm p50 ms | warm p99 ms | floor p50 ms | ' +
      'cold / floor | warm / floor | bytes | gzip bytes |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) =>
      [
        r.viewport,
        r.window,
        r.matches,
        r.clusters,
        r.p50Ms,
        r.p99Ms,
        r.warmP50Ms,
        r.warmP99Ms,
        r.floorP50Ms,
        r.coldOverFloor,
        r.warmOverFloor,
        r.bytes,
        r.gzipBytes,
      ]
        .map(String)
        .reduce((line, cell) => `${line} ${cell} |`, '|'),
    ),
  ].join('\n');
  writeFileSync(join(here, 'results', `read-model-${N}.json`), JSON.stringify(result, null, 2) + '\n');
  writeFileSync(join(here, 'results', `read-model-${N}.md`), table + '\n');
  console.log(table);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
