/**
 * `npx tsx bench/ingest-replicas.ts [--events 5000] [--imports 50] [--pg-port 55437] [--ports 4211,4212]`: the time
 * from an import's commit to the change appearing in the events query on another replica (docs/ingestion.md). A
 * throwaway PostgreSQL server (loopback only), the demo seed through ingestion (`--events`), then two service
 * instances on that database: each import is one partner's one-record NDJSON feed POSTed to replica A's ingest API
 * (`/ingest/v1`; its answer comes after the commit), then replica B's `POST /v2/get/events` is asked until it shows
 * the new price. Prints p50/p99/max and writes bench/results/ingest-replicas.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ResolvedSource } from '../partner-api/ingest/resolve';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '5000' },
    imports: { type: 'string', default: '50' },
    'pg-port': { type: 'string', default: '55437' },
    ports: { type: 'string', default: '4211,4212' },
  },
  strict: true,
});
const EVENTS = Number(args.events);
const IMPORTS = Number(args.imports);
const [PORT_A, PORT_B] = String(args.ports).split(',').map(Number) as [number, number];

const children: ChildProcess[] = [];

function startService(database: string, port: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PARTNER_API_DEMO: '1',
      PARTNER_API_DB: database,
      PARTNER_API_PORT: String(port),
      PARTNER_API_TOKEN_SECRET: 'bench-ingest-replicas-shared-token-secret-0123456789',
      PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      if (/listening on/i.test(output)) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`service on :${port} exited (${code}): ${output}`)));
  });
}

async function stopServices(): Promise<void> {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

async function main(): Promise<void> {
  const { startPostgresServer } = await import('../partner-api/testing/postgres-server');
  const { openStore } = await import('../partner-api/store/open-store');
  const { systemClock } = await import('../partner-api/clock');
  const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
  const { createIngestKey } = await import('../partner-api/ingest/ingest-keys');
  const server = await startPostgresServer({ port: Number(args['pg-port']) });
  try {
    const database = await server.createDatabase({ name: 'eventmap' });
    const store = await openStore({ database, clock: systemClock, publicUrl: `http://127.0.0.1:${PORT_A}` });
    const seeded = await seedCatalogue(store.seeding, { events: EVENTS, seed: 'bench', ingestion: true });
    console.log(`Seeded ${EVENTS} events (${seeded.sourceRecords} source records) in ${seeded.durationMs} ms`);
    const current = (await store.ingest.sourcesByEvents(Array.from({ length: EVENTS }, (_, i) => i + 1)))
      .map((row) => JSON.parse(row.data) as ResolvedSource)
      .filter((s) => s.endMs > Date.now() + 86_400_000 && s.record.status === undefined);
    const keys = new Map<string, string>();
    for (const partner of new Set(current.map((s) => s.partner))) {
      keys.set(partner, await createIngestKey(store.ingest, partner, Date.now()));
    }
    await store.close();

    const writer = await startService(database, PORT_A);
    const reader = await startService(database, PORT_B);
    const login = await fetch(`${reader}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const load = () => loadavg().map((value) => Number(value.toFixed(2)));
    const loadBefore = load();
    const lags: number[] = [];
    const importMs: number[] = [];
    for (let i = 0; i < IMPORTS; i += 1) {
      const source = current[(i * 97) % current.length] as ResolvedSource;
      // A price above every seeded one: the event's highest price once the change is visible.
      const price = 9000 + i + 0.25;
      const record = { ...source.record, lowestPrice: price, highestPrice: price };
      const sent = performance.now();
      const response = await fetch(`${writer}/ingest/v1/partners/${encodeURIComponent(source.partner)}/feed`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', authorization: `Bearer ${keys.get(source.partner)}` },
        body: JSON.stringify(record) + '\n',
      });
      if (response.status !== 200) throw new Error(`import: ${response.status} ${await response.text()}`);
      const committed = performance.now();
      importMs.push(committed - sent);
      const { lng, lat } = source;
      const query = {
        locationFilter: {
          rectangle: { minLng: lng - 0.0005, maxLng: lng + 0.0005, minLat: lat - 0.0005, maxLat: lat + 0.0005 },
        },
        // The default window is the next 7 days: the whole seeded future instead.
        datesFilter: {
          minDate: new Date().toISOString(),
          maxDate: new Date(Date.now() + 200 * 86_400_000).toISOString(),
        },
        limit: 100,
      };
      for (;;) {
        const answer = await fetch(`${reader}/v2/get/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify(query),
        });
        const body = (await answer.json()) as { data?: Array<{ highestPrice: number | null }> };
        if (answer.status === 201 && body.data?.some((event) => event.highestPrice === price)) break;
        if (performance.now() - committed > 10_000) {
          throw new Error(`an import stayed invisible for 10 s: ${answer.status}`);
        }
      }
      lags.push(performance.now() - committed);
    }
    lags.sort((a, b) => a - b);
    importMs.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    const result = {
      events: EVENTS,
      imports: IMPORTS,
      cpus: cpus().length,
      loadBefore,
      loadAfter: load(),
      commitToReplicaMs: {
        p50: round(percentile(lags, 50)),
        p99: round(percentile(lags, 99)),
        max: round(lags.at(-1)!),
      },
      importRequestMs: { p50: round(percentile(importMs, 50)), p99: round(percentile(importMs, 99)) },
      at: new Date().toISOString(),
    };
    console.log(JSON.stringify(result));
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(join(here, 'results', 'ingest-replicas.json'), JSON.stringify(result, null, 2) + '\n');
  } finally {
    await stopServices();
    await server.stop();
  }
}

await main();
