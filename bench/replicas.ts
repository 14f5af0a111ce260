/**
 * `npx tsx bench/replicas.ts` — the Partner API as several replicas on one PostgreSQL database (`npm run bench --
 * --store postgres` runs it too):
 *
 * - visibility lag: a write committed through one replica's store (this process) until an events query on another
 *   replica (a service process) shows it, p50/p99 over `--writes` writes — with LISTEN/NOTIFY, and with polling only;
 * - throughput: the highest rate of events queries (viewports of French cities, page of 100) that 1 replica, then 2
 *   replicas behind client-side round robin, answer with p99 < 100 ms and no error (open model: request i leaves at
 *   start + i / rate, whatever happened to the ones before).
 *
 *   npx tsx bench/replicas.ts [--events 100000] [--writes 200] [--steps 50,100,200,300,400,600] [--step-duration 10]
 *                             [--pg-port 55433] [--ports 4331,4332]
 *
 * Starts its own throwaway PostgreSQL server and service processes, on loopback only, and stops them at the end.
 * Writes bench/results/replicas-<events>.json and .md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Store } from '../partner-api/store/port';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    writes: { type: 'string', default: '200' },
    steps: { type: 'string', default: '50,100,200,300,400,500,600,800' },
    'step-duration': { type: 'string', default: '10' },
    'pg-port': { type: 'string', default: '55433' },
    ports: { type: 'string', default: '4331,4332' },
    'poll-ms': { type: 'string', default: '250' },
  },
  strict: false,
});

const EVENTS = Number(args.events);
const WRITES = Number(args.writes);
const STEPS = String(args.steps).split(',').map(Number);
const STEP_SECONDS = Number(args['step-duration']);
const PORTS = String(args.ports).split(',').map(Number);
const POLL_MS = Number(args['poll-ms']);
const P99_TARGET_MS = 100;
const NOW = Date.now();

const CITIES = [
  { lng: 2.3522, lat: 48.8566 },
  { lng: 4.8357, lat: 45.764 },
  { lng: 5.3698, lat: 43.2965 },
  { lng: 1.4442, lat: 43.6047 },
  { lng: -1.5536, lat: 47.2184 },
  { lng: 7.7521, lat: 48.5734 },
  { lng: 3.0573, lat: 50.6292 },
  { lng: -0.5792, lat: 44.8378 },
];

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(base: string, path: string, body: unknown, token?: string): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(payload);
  });
}

const children: ChildProcess[] = [];

function startService(database: string, port: number, env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PARTNER_API_DEMO: '1',
      PARTNER_API_DB: database,
      PARTNER_API_PORT: String(port),
      PARTNER_API_TOKEN_SECRET: 'bench-replicas-shared-token-secret-0123456789',
      PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_LOGIN_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
      PARTNER_API_CHANGE_POLL_MS: String(POLL_MS),
      LOG_LEVEL: 'warn',
      ...env,
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

async function login(base: string): Promise<string> {
  const response = await post(base, '/login', {
    grantAccess: 'clientSecret',
    clientId: 'demo',
    clientSecret: 'demo-secret',
  });
  if (response.status !== 201) throw new Error(`login failed: ${response.status} ${response.body}`);
  return (JSON.parse(response.body) as { accessToken: string }).accessToken;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

async function measureLag(
  store: Store,
  reader: string,
  token: string,
  phase: number,
): Promise<{ p50: number; p99: number; max: number; samples: number }> {
  const { makeEventInput } = await import('../partner-api/testing/fixtures');
  const lags: number[] = [];
  for (let i = 0; i < WRITES; i += 1) {
    // A spot in the Atlantic no other event occupies (none seeded, none of another sample or phase): the query sees
    // exactly the new event.
    const lng = -30 + (i % 100) * 0.01;
    const lat = 40 + phase + Math.floor(i / 100) * 0.01;
    const startMs = Date.now() + 3_600_000;
    await store.catalogue.createEvent(makeEventInput({ lng, lat, startMs, endMs: startMs + 3_600_000 }));
    const committed = performance.now();
    const query = {
      locationFilter: {
        rectangle: { minLng: lng - 0.001, maxLng: lng + 0.001, minLat: lat - 0.001, maxLat: lat + 0.001 },
      },
      limit: 1,
    };
    let last = '';
    for (;;) {
      const response = await post(reader, '/v2/get/events', query, token);
      last = `${response.status} ${response.body.slice(0, 300)}`;
      if (
        response.status === 201 &&
        (JSON.parse(response.body) as { pagination: { totalItems: number } }).pagination.totalItems > 0
      ) {
        break;
      }
      if (performance.now() - committed > 10_000) throw new Error(`a write stayed invisible for 10 s: ${last}`);
    }
    lags.push(performance.now() - committed);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  lags.sort((a, b) => a - b);
  return {
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    max: lags[lags.length - 1] ?? NaN,
    samples: lags.length,
  };
}

interface StepResult {
  rate: number;
  sent: number;
  errors: number;
  p50: number;
  p99: number;
}

/** One open-model step: `rate` viewport queries a second for STEP_SECONDS, spread round robin over `targets`. */
async function step(targets: Array<{ base: string; token: string }>, rate: number): Promise<StepResult> {
  const total = Math.round(rate * STEP_SECONDS);
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const target = targets[i % targets.length] as { base: string; token: string };
    const city = CITIES[i % CITIES.length] as { lng: number; lat: number };
    const body = {
      locationFilter: {
        rectangle: { minLng: city.lng - 0.2, maxLng: city.lng + 0.2, minLat: city.lat - 0.12, maxLat: city.lat + 0.12 },
      },
      limit: 100,
    };
    pending.push(
      post(target.base, '/v2/get/events', body, target.token).then(
        (response) => {
          // Latency from the scheduled instant: a server that falls behind shows it.
          latencies.push(performance.now() - due);
          if (response.status !== 201) errors += 1;
        },
        () => {
          errors += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  return { rate, sent: total, errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function ladder(targets: Array<{ base: string; token: string }>): Promise<{ held: number; steps: StepResult[] }> {
  const steps: StepResult[] = [];
  let held = 0;
  for (const rate of STEPS) {
    let result = await step(targets, rate);
    // A shared machine's other jobs can spoil one step: a miss on latency alone is run once more.
    if (result.errors === 0 && result.p99 >= P99_TARGET_MS) result = await step(targets, rate);
    steps.push(result);
    console.log(
      `  ${rate}/s: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.errors} errors`,
    );
    if (result.errors > 0 || result.p99 >= P99_TARGET_MS) break;
    held = rate;
  }
  return { held, steps };
}

async function main(): Promise<void> {
  const { startPostgresServer } = await import('../partner-api/testing/postgres-server');
  const { openStore } = await import('../partner-api/store/open-store');
  const { systemClock } = await import('../partner-api/clock');
  const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
  const server = await startPostgresServer({ port: Number(args['pg-port']) });
  const stops = async () => {
    await stopServices();
    await server.stop();
  };
  process.once('SIGINT', () => void stops().then(() => process.exit(130)));
  try {
    const database = await server.createDatabase({ name: 'eventmap' });
    const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4331' });
    console.log(`Seeding ${EVENTS.toLocaleString('en')} events into PostgreSQL…`);
    const seeded = await seedCatalogue(store.seeding, { events: EVENTS, seed: 'bench', now: NOW, batchSize: 5_000 });
    console.log(`Seeded in ${(seeded.durationMs / 1000).toFixed(1)} s`);
    await store.search.optimize();

    const load = () => loadavg().map((value) => Number(value.toFixed(2)));
    const result: Record<string, unknown> = { events: EVENTS, cpus: cpus().length, loadBefore: load() };

    const [portA, portB] = PORTS as [number, number];
    const reader = await startService(database, portA);
    const token = await login(reader);
    console.log('Visibility lag, LISTEN/NOTIFY and polling every', POLL_MS, 'ms…');
    result.lagNotify = await measureLag(store, reader, token, 0);
    console.log(' ', result.lagNotify);
    await stopServices();
    const pollOnly = await startService(database, portA, { PARTNER_API_DB_LISTEN: '0' });
    const pollToken = await login(pollOnly);
    console.log('Visibility lag, polling only…');
    result.lagPollOnly = await measureLag(store, pollOnly, pollToken, 1);
    console.log(' ', result.lagPollOnly);
    await stopServices();
    await store.close();

    console.log('Throughput, 1 replica…');
    const one = await startService(database, portA);
    result.oneReplica = await ladder([{ base: one, token: await login(one) }]);
    await stopServices();
    console.log('Throughput, 2 replicas (round robin)…');
    const a = await startService(database, portA);
    const b = await startService(database, portB);
    result.twoReplicas = await ladder([
      { base: a, token: await login(a) },
      { base: b, token: await login(b) },
    ]);
    result.loadAfter = load();

    mkdirSync(join(here, 'results'), { recursive: true });
    const file = join(here, 'results', `replicas-${EVENTS}`);
    writeFileSync(`${file}.json`, `${JSON.stringify(result, null, 2)}\n`);
    const lag = (name: string) => {
      const value = result[name] as { p50: number; p99: number; max: number };
      return `p50 ${value.p50.toFixed(1)} ms, p99 ${value.p99.toFixed(1)} ms, max ${value.max.toFixed(1)} ms`;
    };
    const held = (name: string) => (result[name] as { held: number }).held;
    writeFileSync(
      `${file}.md`,
      [
        `# Replicas on PostgreSQL, ${EVENTS.toLocaleString('en')} events`,
        '',
        `${cpus().length} cores; load average before ${JSON.stringify(result.loadBefore)}, after ${JSON.stringify(result.loadAfter)}.`,
        '',
        `- Visibility lag (write committed → events query on another replica shows it), LISTEN/NOTIFY: ${lag('lagNotify')}`,
        `- Visibility lag, polling every ${POLL_MS} ms only: ${lag('lagPollOnly')}`,
        `- Events queries (viewport, page of 100) held at p99 < ${P99_TARGET_MS} ms: 1 replica ${held('oneReplica')}/s, 2 replicas ${held('twoReplicas')}/s`,
        '',
      ].join('\n'),
    );
    console.log(`Wrote ${file}.json and .md`);
  } finally {
    await stops();
    agent.destroy();
  }
}

await main();
