/**
 * `npm run load` — load test of the Partner API service and (when built or running) the web app, on loopback only.
 *
 *   npm run load -- [--duration 60] [--rate 100] [--web-rate 50] [--steps 10,25,50,100,200,400] [--step-duration 10]
 *                   [--service http://127.0.0.1:4000] [--web http://127.0.0.1:3000] [--connections 20]
 *
 * Without --service it starts its own service (temp database, 5 000 demo events, limits raised so the load is not
 * throttled); without --web it starts `next start` if a production build exists (`npm run build`), else skips the web
 * app. A realistic mix at a fixed rate (autocannon `overallRate`): viewport queries, searches, event pages and logins.
 * 1. a rate ladder on the service (`--steps`, `--step-duration` s each) → the highest rate held with p99 < 100 ms and
 *    no errors; 2. `--duration` s at `--rate` on the service, then at `--web-rate` on the web app.
 * Prints a markdown table and writes bench/results/load.json and bench/results/load.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    rate: { type: 'string', default: '100' },
    'web-rate': { type: 'string', default: '50' },
    steps: { type: 'string', default: '10,25,50,100,200,400' },
    'step-duration': { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    service: { type: 'string' },
    web: { type: 'string' },
  },
  strict: true,
});

const DURATION = Number(args.duration);
const STEP_DURATION = Number(args['step-duration']);
const CONNECTIONS = Number(args.connections);
const P99_TARGET_MS = 100;

/** Viewports around French cities the demo catalogue is seeded in (city → map bounds of a typical screen). */
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
const SEARCHES = ['con', 'concert', 'thea', 'théâtre', 'jazz', 'expo', 'festival', 'paris', 'lyon', 'marché', 'danse'];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function viewport(): { minLng: number; maxLng: number; minLat: number; maxLat: number } {
  const city = pick(CITIES);
  // From a neighbourhood to a region: the zoom levels people use.
  const half = pick([0.02, 0.05, 0.1, 0.3, 1]);
  return {
    minLng: city.lng - half * 1.5,
    maxLng: city.lng + half * 1.5,
    minLat: city.lat - half,
    maxLat: city.lat + half,
  };
}

/** The weighted request mix; `kind` names the row of the report. */
type Mix = { weight: number; kind: string; build: () => { method: 'GET' | 'POST'; path: string; body?: string } };

function serviceMix(eventIds: number[]): Mix[] {
  return [
    {
      weight: 55,
      kind: 'viewport',
      build: () => ({
        method: 'POST',
        path: '/v2/get/events',
        body: JSON.stringify({
          locationFilter: { rectangle: viewport() },
          orderBy: 'endDate',
          limit: pick([50, 100, 500]),
        }),
      }),
    },
    {
      weight: 20,
      kind: 'search',
      build: () => ({ method: 'GET', path: `/v2/search?search=${encodeURIComponent(pick(SEARCHES))}` }),
    },
    { weight: 23, kind: 'event page', build: () => ({ method: 'GET', path: `/v2/event/${pick(eventIds)}` }) },
    {
      weight: 2,
      kind: 'login',
      build: () => ({
        method: 'POST',
        path: '/login',
        body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
      }),
    },
  ];
}

function webMix(eventIds: number[]): Mix[] {
  const query = () => new URLSearchParams(Object.entries(viewport()).map(([k, v]) => [k, v.toFixed(4)])).toString();
  return [
    { weight: 60, kind: 'viewport', build: () => ({ method: 'GET', path: `/api/events?${query()}` }) },
    {
      weight: 20,
      kind: 'search',
      build: () => ({ method: 'GET', path: `/api/search?q=${encodeURIComponent(pick(SEARCHES))}` }),
    },
    { weight: 20, kind: 'event page', build: () => ({ method: 'GET', path: `/api/events/${pick(eventIds)}` }) },
  ];
}

function chooser(mix: Mix[]): () => Mix {
  const total = mix.reduce((sum, entry) => sum + entry.weight, 0);
  return () => {
    let r = Math.random() * total;
    for (const entry of mix) if ((r -= entry.weight) < 0) return entry;
    return mix[mix.length - 1]!;
  };
}

interface RunResult {
  target: string;
  rate: number;
  duration: number;
  requests: number;
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
  byStatus: Record<string, number>;
}

/** One fixed-rate run of a mix against a base URL. */
async function runLoad(target: string, baseUrl: string, mix: Mix[], rate: number, duration: number, token?: string) {
  const next = chooser(mix);
  const byStatus: Record<string, number> = {};
  const result = await autocannon({
    url: baseUrl,
    connections: Math.min(CONNECTIONS, Math.max(1, rate)),
    overallRate: rate,
    duration,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const chosen = next().build();
          const headers: Record<string, string> = { ...request.headers };
          if (token && chosen.path.startsWith('/v2/')) headers.authorization = `Bearer ${token}`;
          if (chosen.body) headers['content-type'] = 'application/json';
          return { ...request, method: chosen.method, path: chosen.path, headers, body: chosen.body };
        },
        onResponse: (status) => {
          byStatus[status] = (byStatus[status] ?? 0) + 1;
        },
      },
    ],
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  const run: RunResult = {
    target,
    rate,
    duration,
    requests: result.requests.total,
    throughput: Math.round(result.requests.total / duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    byStatus,
  };
  console.log(
    `${target} @ ${rate}/s for ${duration}s: ${run.throughput} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, errors ${errors}`,
  );
  return run;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child?: ChildProcess): Promise<void> {
  for (let i = 0; i < 1_200; i += 1) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-load-'));
  try {
    let serviceUrl = args.service;
    if (!serviceUrl) {
      const port = await freePort();
      serviceUrl = `http://127.0.0.1:${port}`;
      const service = spawn(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'serve'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PARTNER_API_DEMO: '1',
          PARTNER_API_PORT: String(port),
          PARTNER_API_DB: join(dir, 'partner-api.sqlite'),
          PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
          PARTNER_API_LOGIN_LIMIT_PER_MINUTE: '1000000',
          PARTNER_API_LOGIN_IP_LIMIT_PER_MINUTE: '1000000',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(service);
      console.log(`Starting the service on ${serviceUrl} (seeding the demo catalogue)…`);
      await waitFor(`${serviceUrl}/health`, service);
    }

    const login = await fetch(`${serviceUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const page = await fetch(`${serviceUrl}/v2/get/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ limit: 500 }),
    });
    const eventIds = ((await page.json()) as { data: { id: number }[] }).data.map((event) => event.id);
    if (eventIds.length === 0) throw new Error('the catalogue is empty: seed it first');
    const mix = serviceMix(eventIds);

    // Warm-up (JIT, SQLite page cache, token verification caches), not reported.
    await runLoad('warm-up', serviceUrl, mix, 20, 5, accessToken);

    // 1. The rate ladder: the highest fixed rate the service holds with p99 under target and no errors.
    const ladder: RunResult[] = [];
    for (const rate of args.steps.split(',').map(Number)) {
      const run = await runLoad('service (ladder)', serviceUrl, mix, rate, STEP_DURATION, accessToken);
      ladder.push(run);
      if (run.p99 >= P99_TARGET_MS || run.errors > 0) break;
    }
    const held = ladder.filter((run) => run.p99 < P99_TARGET_MS && run.errors === 0).at(-1)?.rate ?? 0;

    // 2. The long runs at fixed rates.
    const runs: RunResult[] = [];
    runs.push(await runLoad('service', serviceUrl, mix, Number(args.rate), DURATION, accessToken));

    let webUrl = args.web;
    if (!webUrl && existsSync('.next/BUILD_ID')) {
      const port = await freePort();
      webUrl = `http://127.0.0.1:${port}`;
      const web = spawn('node_modules/.bin/next', ['start', '-p', String(port), '-H', '127.0.0.1'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PARTNER_API_URL: serviceUrl,
          PARTNER_CLIENT_ID: 'demo',
          PARTNER_CLIENT_SECRET: 'demo-secret',
          SESSION_SECRET: 'load-test-session-secret-0123456789abcdef',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(web);
      await waitFor(`${webUrl}/api/events?limit=1`, web);
    }
    if (webUrl) runs.push(await runLoad('web app', webUrl, webMix(eventIds), Number(args['web-rate']), DURATION));
    else console.log('No production build (.next/BUILD_ID) and no --web: the web app was not loaded.');

    const table = [
      '| Target | Rate (req/s) | Duration | Requests | Throughput (req/s) | p50 (ms) | p99 (ms) | Errors |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...[...ladder, ...runs].map(
        (run) =>
          `| ${run.target} | ${run.rate} | ${run.duration} s | ${run.requests} | ${run.throughput} | ${run.p50} | ${run.p99} | ${run.errors} |`,
      ),
    ].join('\n');
    // Other processes on the machine distort every latency: say how busy it was.
    const machine = `${cpus().length} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) at the end`;
    const summary =
      `Machine: ${machine}.\n\n` +
      `Highest fixed rate the service held with p99 < ${P99_TARGET_MS} ms and no errors: **${held} req/s** ` +
      `(mix: 55 % viewport queries, 20 % searches, 23 % event records, 2 % logins; ${eventIds.length} event ids).`;
    console.log(`\n${table}\n\n${summary}`);
    mkdirSync('bench/results', { recursive: true });
    const measuredAt = new Date().toISOString();
    writeFileSync(
      'bench/results/load.json',
      JSON.stringify({ measuredAt, machine, heldRate: held, p99TargetMs: P99_TARGET_MS, ladder, runs }, null, 2) + '\n',
    );
    writeFileSync(
      'bench/results/load.md',
      `# Load (${measuredAt})\n\nCommand: \`npm run load -- ${process.argv.slice(2).join(' ')}\`\n\n${table}\n\n${summary}\n`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
