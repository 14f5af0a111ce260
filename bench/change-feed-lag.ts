/**
 * Visibility lag between replicas: how long after a write commits through one process does it show in another
 * process's events query? A child process (the writer replica) creates events at random intervals and reports each
 * commit; this process runs the service (its EventIndex following the store's change feed) and asks its events query
 * every few milliseconds until the event is there. Prints p50/p95/p99/max and writes bench/results/change-feed-lag.json.
 *
 *   npx tsx bench/change-feed-lag.ts [--writes 200] [--poll-ms 250] [--db <file or postgres:// URL>]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');
const PUBLIC_URL = 'http://127.0.0.1:4000';

/** The writer replica: one event every 20–420 ms (so writes fall anywhere in the reader's poll cycle). */
async function writer(database: string, writes: number): Promise<void> {
  const { systemClock } = await import('../partner-api/clock');
  const { openStore } = await import('../partner-api/store/open-store');
  const { makeEventInput } = await import('../partner-api/testing/fixtures');
  const store = await openStore({ database, clock: systemClock, publicUrl: PUBLIC_URL });
  for (let i = 0; i < writes; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 400));
    const startMs = Date.now() + 3_600_000;
    // Each event alone at its own spot: the reader's events query asks for that spot only.
    const lng = 2 + i * 0.001;
    const id = await store.catalogue.createEvent(
      makeEventInput({ name: `Lag ${i}`, startMs, endMs: startMs + 3_600_000, lng, lat: 46 }),
    );
    process.stdout.write(`wrote ${id} ${lng} ${performance.timeOrigin + performance.now()}\n`);
  }
  await store.close();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      writes: { type: 'string', default: '200' },
      'poll-ms': { type: 'string', default: '250' },
      db: { type: 'string' },
      'child-writer': { type: 'string' },
    },
  });
  const writes = Number(values.writes);
  if (values['child-writer'] !== undefined) return writer(values['child-writer'], writes);

  const pollMs = Number(values['poll-ms']);
  const temp = values.db ? null : mkdtempSync(join(tmpdir(), 'eventmap-lag-'));
  const database = values.db ?? join(temp!, 'lag.sqlite');
  const { buildApp } = await import('../partner-api/app');
  const { systemClock } = await import('../partner-api/clock');
  const { testServiceConfig } = await import('../partner-api/env');
  const { openStore } = await import('../partner-api/store/open-store');
  const store = await openStore({ database, clock: systemClock, publicUrl: PUBLIC_URL });
  const config = testServiceConfig({ database, changePollMs: pollMs, publicUrl: PUBLIC_URL });
  const app = await buildApp({ store, clock: systemClock, config });
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
  });
  const { accessToken } = login.json<{ accessToken: string }>();
  const visible = async (id: number, lng: number) => {
    const rectangle = { minLng: lng - 0.0002, maxLng: lng + 0.0002, minLat: 45.99, maxLat: 46.01 };
    const response = await app.inject({
      method: 'POST',
      url: '/v2/get/events',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { limit: 10, locationFilter: { rectangle } },
    });
    return response.statusCode === 201 && response.body.includes(`"id":${id},`);
  };

  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--child-writer', database, '--writes', String(writes)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lags: number[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^wrote (\d+) ([\d.]+) ([\d.]+)$/.exec(line);
    if (!match) continue;
    const id = Number(match[1]);
    const committedAt = Number(match[3]);
    while (!(await visible(id, Number(match[2])))) await new Promise((resolve) => setTimeout(resolve, 2));
    lags.push(performance.timeOrigin + performance.now() - committedAt);
  }
  await app.close();
  await store.close();
  if (temp) rmSync(temp, { recursive: true, force: true });

  lags.sort((x, y) => x - y);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const result = {
    date: new Date().toISOString(),
    store: database.startsWith('postgres') ? 'postgres' : 'sqlite',
    writes: lags.length,
    pollMs,
    lagMs: {
      p50: round(percentile(lags, 50)),
      p95: round(percentile(lags, 95)),
      p99: round(percentile(lags, 99)),
      max: round(lags[lags.length - 1]!),
    },
    loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    cpus: cpus().length,
  };
  console.log(JSON.stringify(result, null, 2));
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `change-feed-lag-${result.store}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

await main();
