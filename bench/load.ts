/**
 * `npm run load` — open-model load test of the Partner API service and the web app, on loopback only.
 *
 *   npm run load -- [--steps 50,100,200,400,600,800,1000] [--web-steps 25,50,100,200,300,400] [--step-duration 10]
 *                   [--kinds viewport,explorer,explorer-cold,search,event,login,mix] [--service URL] [--web URL]
 *                   [--no-web] [--web-only] [--out load]
 *
 * Web app kinds: `viewport` is `GET /api/events` (one page proxied from the Partner API, what the explorer asked
 * before the read model), `explorer` is `GET /api/explorer/events?zoom` (the whole view from the web app's read model,
 * what the explorer asks now, over the same 40 views as `viewport`, so mostly answers the read model keeps; the run
 * waits until the read model's first sync is complete); `explorer-cold` jitters each view's centre, so that every
 * answer is computed.
 *
 * Open model, constant arrival rate: request i leaves at start + i / rate whatever happened to the ones before (a
 * real audience does not wait for the server), so a server that falls behind builds a queue that shows in the
 * percentiles instead of silently lowering the rate. Latency is reported from the moment each request left and
 * from its scheduled instant (the difference is the generator's own lateness on a busy machine). autocannon's rate
 * mode cannot do this: it caps requests per connection per second, so each second's share leaves in a burst as fast
 * as connections free up, and a slow answer delays the next request instead of adding to the queue. The pacing is
 * reported with every step (how late requests left, and the busiest 100 ms window against the even share).
 *
 * For each target and each request kind (and the weighted mix), a rate ladder: the highest rate held with p99 <
 * 100 ms and no error (no non-2xx, no failed connection); a step that misses on latency alone is run once more
 * before the ladder stops (a shared machine's other jobs can spoil a single step). Without --service it starts its own service (temp database,
 * 5 000 demo events, limits raised so the run measures capacity, not throttling); without --web it starts the web
 * server (scripts/web-server.ts) when a production build exists, with the visitor limit raised likewise.
 * Writes bench/results/load.json and bench/results/load.md (or <out>.json and .md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { waitForServer } from './web-servers';

const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '50,100,200,400,600,800,1000,1200' },
    'web-steps': { type: 'string', default: '25,50,100,150,200,300,400' },
    'step-duration': { type: 'string', default: '10' },
    kinds: { type: 'string', default: 'viewport,explorer,explorer-cold,search,event,login,mix' },
    service: { type: 'string' },
    web: { type: 'string' },
    'no-web': { type: 'boolean', default: false },
    // Only the web app's ladders (the service is still started, as the web app's upstream).
    'web-only': { type: 'boolean', default: false },
    // Results as bench/results/<out>.json and .md (a partial run should not replace the full one's figures).
    out: { type: 'string', default: 'load' },
  },
  strict: true,
});

const STEP_SECONDS = Number(args['step-duration']);
const P99_TARGET_MS = 100;
const REQUEST_TIMEOUT_MS = 10_000;
const KINDS = new Set(args.kinds.split(','));

/** Viewports around French cities the demo catalogue is seeded in. */
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

function viewport(jitter = false): { minLng: number; maxLng: number; minLat: number; maxLat: number } {
  const picked = pick(CITIES);
  // Jittered: a centre moved by up to ~1 km, so that no two requests ask the same view (no answer kept helps).
  const city = jitter
    ? { lng: picked.lng + (Math.random() - 0.5) * 0.02, lat: picked.lat + (Math.random() - 0.5) * 0.02 }
    : picked;
  // From a neighbourhood to a region: the zoom levels people use.
  const half = pick([0.02, 0.05, 0.1, 0.3, 1]);
  return {
    minLng: city.lng - half * 1.5,
    maxLng: city.lng + half * 1.5,
    minLat: city.lat - half,
    maxLat: city.lat + half,
  };
}

interface Built {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}
type Kind = { kind: string; weight: number; build: () => Built };

function serviceKinds(eventIds: number[]): Kind[] {
  return [
    {
      kind: 'viewport',
      weight: 55,
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
      kind: 'search',
      weight: 20,
      build: () => ({ method: 'GET', path: `/v2/search?search=${encodeURIComponent(pick(SEARCHES))}` }),
    },
    { kind: 'event', weight: 23, build: () => ({ method: 'GET', path: `/v2/event/${pick(eventIds)}` }) },
    {
      kind: 'login',
      weight: 2,
      build: () => ({
        method: 'POST',
        path: '/login',
        body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
      }),
    },
  ];
}

/** A viewport's query string; with `zoom`, the zoom a 1200-pixel-wide map shows it at (512-pixel tiles). */
function viewportQuery(withZoom: boolean, jitter = false): string {
  const box = viewport(jitter);
  const params = new URLSearchParams(Object.entries(box).map(([k, v]) => [k, v.toFixed(4)]));
  if (withZoom) params.set('zoom', Math.log2((1200 * 360) / (512 * (box.maxLng - box.minLng))).toFixed(1));
  return params.toString();
}

function webKinds(eventIds: number[]): Kind[] {
  return [
    // The previous clients' proxied page: measured on its own, no longer part of the mix (the explorer asks `explorer`).
    { kind: 'viewport', weight: 0, build: () => ({ method: 'GET', path: `/api/events?${viewportQuery(false)}` }) },
    {
      kind: 'explorer',
      weight: 60,
      build: () => ({ method: 'GET', path: `/api/explorer/events?${viewportQuery(true)}` }),
    },
    {
      // The same views with their centres jittered: every answer computed (the read model's cold path).
      kind: 'explorer-cold',
      weight: 0,
      build: () => ({ method: 'GET', path: `/api/explorer/events?${viewportQuery(true, true)}` }),
    },
    {
      kind: 'search',
      weight: 20,
      build: () => ({ method: 'GET', path: `/api/search?q=${encodeURIComponent(pick(SEARCHES))}` }),
    },
    { kind: 'event', weight: 20, build: () => ({ method: 'GET', path: `/api/events/${pick(eventIds)}` }) },
  ];
}

/** The weighted mix of every kind, as one more kind. */
function mixOf(kinds: Kind[]): Kind {
  const total = kinds.reduce((sum, entry) => sum + entry.weight, 0);
  return {
    kind: 'mix',
    weight: 0,
    build: () => {
      let r = Math.random() * total;
      for (const entry of kinds) if ((r -= entry.weight) < 0) return entry.build();
      return kinds.at(-1)!.build();
    },
  };
}

// One pool of keep-alive connections, as a reverse proxy or the web app's own client would hold.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

/** One request; resolves with the status (0 for a failed connection or a timeout) once the body is read. */
function send(base: URL, built: Built, token: string | undefined): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token && built.path.startsWith('/v2/')) headers.authorization = `Bearer ${token}`;
    if (built.body) headers['content-type'] = 'application/json';
    const req = httpRequest(
      { host: base.hostname, port: base.port, path: built.path, method: built.method, headers, agent },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(built.body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Step {
  target: string;
  kind: string;
  rate: number;
  seconds: number;
  requests: number;
  /** Latency from the moment the request left (the server's answer time, plus the client's own delays). */
  p50: number;
  p99: number;
  max: number;
  /** Latency from the scheduled instant: adds how late the generator sent it (what a visitor would have felt). */
  p99FromSchedule: number;
  errors: number;
  byStatus: Record<string, number>;
  /** How late requests left against their schedule (ms): the generator's own pacing error. */
  sendLagP99: number;
  /**
   * Requests in the busiest 100 ms window divided by the even share (rate / 10): 1 = perfectly even. Null below
   * 20 req/s, where a window holds one request or none and the ratio says nothing.
   */
  burstiness: number | null;
}

/** Sends `rate` requests a second for `seconds`, each at its scheduled instant; latency from that instant. */
async function runStep(target: string, base: URL, kind: Kind, rate: number, seconds: number, token?: string) {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const start = performance.now() + 20;
  const latencies: number[] = [];
  const fromSchedule: number[] = [];
  const lags: number[] = [];
  const windows = new Map<number, number>();
  const byStatus: Record<string, number> = {};
  const inflight: Promise<void>[] = [];
  let errors = 0;
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        const scheduled = start + sent * intervalMs;
        const leftAt = now;
        sent += 1;
        lags.push(now - scheduled);
        const window = Math.floor((now - start) / 100);
        windows.set(window, (windows.get(window) ?? 0) + 1);
        inflight.push(
          send(base, kind.build(), token).then((status) => {
            const done = performance.now();
            latencies.push(done - leftAt);
            fromSchedule.push(done - scheduled);
            byStatus[status] = (byStatus[status] ?? 0) + 1;
            if (status < 200 || status >= 300) errors += 1;
          }),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, start + sent * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.all(inflight);
  latencies.sort((a, b) => a - b);
  fromSchedule.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const step: Step = {
    target,
    kind: kind.kind,
    rate,
    seconds,
    requests: total,
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    p99FromSchedule: Math.round(percentile(fromSchedule, 99) * 10) / 10,
    errors,
    byStatus,
    sendLagP99: Math.round(percentile(lags, 99) * 10) / 10,
    burstiness: rate < 20 ? null : Math.round((Math.max(...windows.values()) / (rate / 10)) * 100) / 100,
  };
  console.log(
    `${target} ${kind.kind} @ ${rate}/s: p50 ${step.p50} ms, p99 ${step.p99} ms ` +
      `(${step.p99FromSchedule} ms from schedule), errors ${errors} ` +
      `(send lag p99 ${step.sendLagP99} ms, busiest 100 ms ×${step.burstiness ?? '–'}; load ${loadavg()[0]!.toFixed(1)})`,
  );
  return step;
}

/** The rate ladder of one kind: stops at the first step that misses the target. */
async function ladder(target: string, base: URL, kind: Kind, rates: number[], token?: string) {
  const steps: Step[] = [];
  const holds = (step: Step) => step.p99 < P99_TARGET_MS && step.errors === 0;
  for (const rate of rates) {
    let step = await runStep(target, base, kind, rate, STEP_SECONDS, token);
    steps.push(step);
    if (!holds(step) && step.errors === 0) {
      // On a shared machine another job's burst can spoil one step's p99: a step must miss twice to end the
      // ladder (both attempts are kept in load.json). Errors are never given a second chance.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      step = await runStep(target, base, kind, rate, STEP_SECONDS, token);
      steps.push(step);
    }
    if (!holds(step)) break;
    // A short pause lets the previous step's stragglers and sockets settle.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const held = steps.filter(holds).at(-1);
  return { target, kind: kind.kind, held, steps };
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

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-load-'));
  const loadAtStart = load();
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
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(service);
      console.log(`Starting the service on ${serviceUrl} (seeding the demo catalogue)…`);
      await waitForServer(`${serviceUrl}/health`, service, { timeoutMs: 300_000, intervalMs: 250 });
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

    const serviceBase = new URL(serviceUrl);
    const service = serviceKinds(eventIds);
    // Warm-up (JIT, SQLite page cache, token caches), not reported.
    await runStep('warm-up', serviceBase, mixOf(service), 50, 5, accessToken);
    const results: Awaited<ReturnType<typeof ladder>>[] = [];
    const serviceRates = args.steps.split(',').map(Number);
    for (const kind of [...service, mixOf(service)].filter((entry) => KINDS.has(entry.kind) && !args['web-only'])) {
      // Logins cost an scrypt hash each (~50 ms of CPU on purpose): their ladder starts low.
      const rates = kind.kind === 'login' ? [1, 2, 5, 10, 20, 40] : serviceRates;
      results.push(await ladder('service', serviceBase, kind, rates, accessToken));
    }

    let webUrl = args.web;
    if (!webUrl && !args['no-web'] && existsSync('.next/BUILD_ID')) {
      const port = await freePort();
      webUrl = `http://127.0.0.1:${port}`;
      const web = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/web-server.ts', '-p', String(port), '-H', '127.0.0.1'],
        {
          env: {
            ...process.env,
            NODE_ENV: 'production',
            PARTNER_API_URL: serviceUrl,
            PARTNER_CLIENT_ID: 'demo',
            PARTNER_CLIENT_SECRET: 'demo-secret',
            SESSION_SECRET: 'load-test-session-secret-0123456789abcdef',
            // One load generator is one visitor: lift its fair share so the run measures capacity.
            VISITOR_API_RATE_PER_SECOND: '100000',
            VISITOR_API_BURST: '100000',
            // A fresh copy of the catalogue for the read model, synced from this service at start.
            CATALOGUE_MIRROR_FILE: join(dir, 'catalogue-mirror.sqlite'),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      children.push(web);
      await waitForServer(`${webUrl}/api/ready`, web, { timeoutMs: 300_000, intervalMs: 250 });
    }
    if (webUrl && (KINDS.has('explorer') || KINDS.has('explorer-cold'))) {
      // The explorer's views come from the read model once its first sync is complete (live until then).
      const started = performance.now();
      for (;;) {
        const view = await fetch(`${webUrl}/api/explorer/events?${viewportQuery(true)}`);
        if (((await view.json()) as { source?: string }).source === 'mirror') break;
        if (performance.now() - started > 300_000) throw new Error('the read model did not get its copy in 5 min');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      console.log(`Read model ready after ${Math.round(performance.now() - started)} ms.`);
    }
    if (webUrl) {
      const webBase = new URL(webUrl);
      const web = webKinds(eventIds);
      await runStep('warm-up', webBase, mixOf(web), 25, 5);
      const webRates = args['web-steps'].split(',').map(Number);
      for (const kind of [...web, mixOf(web)].filter((entry) => KINDS.has(entry.kind))) {
        results.push(await ladder('web app', webBase, kind, webRates));
      }
    } else {
      console.log('The web app was not loaded (--no-web, or no production build: run `npm run build`).');
    }

    const machine = `${cpus().length} CPUs shared with other jobs; load average ${loadAtStart} at the start, ${load()} at the end (1 / 5 / 15 min)`;
    const holds = (step: Step) => step.p99 < P99_TARGET_MS && step.errors === 0;
    const table = [
      '| Target | Request kind | Highest rate held (req/s) | p50 (ms) | p99 (ms) | p99 from schedule (ms) | Next step | Its p99 (ms) / errors | Send lag p99 (ms) | Busiest 100 ms / even share |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...results.map(({ target, kind, held, steps }) => {
        const failed = holds(steps.at(-1)!) ? undefined : steps.at(-1);
        return (
          `| ${target} | ${kind} | ${held?.rate ?? '< ' + steps[0]!.rate} | ${held?.p50 ?? '–'} | ${held?.p99 ?? '–'} | ` +
          `${held?.p99FromSchedule ?? '–'} | ` +
          `${failed ? failed.rate : 'not reached'} | ${failed ? `${failed.p99} / ${failed.errors}` : '–'} | ` +
          `${held?.sendLagP99 ?? '–'} | ${held?.burstiness ?? '–'} |`
        );
      }),
    ].join('\n');
    const summary =
      `Machine: ${machine}.\n\n` +
      `Open model at a constant arrival rate (bench/load.ts), ${STEP_SECONDS} s per step; "held" = p99 < ` +
      `${P99_TARGET_MS} ms (from the moment each request left) and no error. "Send lag" says how late the generator ` +
      `itself sent requests against their schedule (the machine's other jobs delay it); "p99 from schedule" adds that ` +
      `lag. Mixes: service 55 % viewport queries, 20 % ` +
      `searches, 23 % event records, 2 % logins; web app 60 % explorer views (read model), 20 % search, 20 % event ` +
      `records. Web app "viewport" = one page proxied from the Partner API (/api/events), "explorer" = the whole ` +
      `view from the read model (/api/explorer/events?zoom).`;
    console.log(`\n${table}\n\n${summary}`);
    mkdirSync('bench/results', { recursive: true });
    const measuredAt = new Date().toISOString();
    writeFileSync(
      `bench/results/${args.out}.json`,
      JSON.stringify({ measuredAt, machine, p99TargetMs: P99_TARGET_MS, stepSeconds: STEP_SECONDS, results }, null, 2) +
        '\n',
    );
    writeFileSync(
      `bench/results/${args.out}.md`,
      `# Load (${measuredAt})\n\nCommand: \`npm run load -- ${process.argv.slice(2).join(' ')}\`\n\n${table}\n\n${summary}\n`,
    );
  } finally {
    agent.destroy();
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
