/**
 * What Prometheus metrics and request-id / trace-context handling cost the events query (docs/performance.md, target
 * ≤ 5 %). Seeds N events (default 20 000) into a temporary SQLite file and serves it by three apps of one build in one
 * child process: "off" (no metrics), "control" (the same as "off") and "on" (PARTNER_API_METRICS_PORT's metrics, with
 * a scraper reading `/metrics` every second). Each round sends the case's request to all three in a rotating order
 * (so all see the same machine load); requests to "on" also carry an `X-Request-Id` and a `traceparent`, which its log
 * lines and problem bodies then carry. Prints the p50 of each case, the ratio on/off, and control/off — the A/A noise
 * of the run, against which the on/off ratio must be read — and writes bench/results/observability.json.
 *
 *   npx tsx bench/observability.ts [--events 20000] [--iterations 60] [--tracing] [--sampler always_off]
 *
 * --tracing: three processes instead (bench/events.ts `--serve`; OpenTelemetry's context manager is process-wide), the
 * "on" one also recording OpenTelemetry spans (server, store port) and exporting them by OTLP to a loopback sink here;
 * results go to bench/results/observability-tracing.json.
 * --sampler NAME: as --tracing, under OTEL_TRACES_SAMPLER=NAME (always_off: OTel's context manager and propagation
 * run, no span records or exports); results in observability-tracing-NAME.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const DAY_MS = 24 * 3_600_000;

interface Child {
  child: ChildProcess;
  base: URL;
  metrics?: URL;
  agent: Agent;
}

/**
 * Child of the default mode: three apps of one build in this one process, on one store — "off", "control" (the same)
 * and "on" (metrics port and scrape) — so that their requests share the JIT, the GC and the machine's moments, and
 * only the observability differs. Two processes of one build differed by up to 20 % here (measured with the A/A
 * control on a loaded machine), more than the 5 % to resolve.
 */
async function serveTrio(dbFile: string): Promise<void> {
  const { buildApp } = await import('../partner-api/app');
  const { systemClock } = await import('../partner-api/clock');
  const { testServiceConfig } = await import('../partner-api/env');
  const { openStore } = await import('../partner-api/store/open-store');
  const config = testServiceConfig({ database: dbFile, publicUrl: 'http://127.0.0.1:4000', logLevel: 'silent' });
  const store = await openStore({ database: dbFile, clock: systemClock, publicUrl: config.publicUrl });
  const apps = {
    off: await buildApp({ store, clock: systemClock, config }),
    control: await buildApp({ store, clock: systemClock, config }),
    on: await buildApp({ store, clock: systemClock, config: { ...config, metricsPort: 0 } }),
  };
  for (const [name, app] of Object.entries(apps)) {
    process.stdout.write(`LISTENING_${name} ${await app.listen({ port: 0, host: '127.0.0.1' })}\n`);
  }
  process.stdout.write(`METRICS ${apps.on.metricsUrl}\n`);
  const stop = () => void Promise.all(Object.values(apps).map((app) => app.close())).finally(() => void store.close());
  process.once('SIGTERM', stop);
}

type Trio = Record<'off' | 'control' | 'on', Child>;

async function startTrio(dbFile: string): Promise<Trio> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve-trio', dbFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = (name: string) => new RegExp(`${name} (\\S+)`).exec(out)?.[1];
      const [off, control, on, metrics] = ['LISTENING_off', 'LISTENING_control', 'LISTENING_on', 'METRICS'].map(url);
      if (off && control && on && metrics) {
        const child_ = (base: string, extra: { metrics?: URL } = {}): Child => ({
          child,
          base: new URL(base),
          agent: new Agent({ keepAlive: true, maxSockets: 1 }),
          ...extra,
        });
        resolve({ off: child_(off), control: child_(control), on: child_(on, { metrics: new URL(metrics) }) });
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code})`)));
  });
}

async function startService(
  dbFile: string,
  metrics: boolean,
  otlp?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(here, 'events.ts'),
      '--serve',
      dbFile,
      ...(metrics ? ['--metrics'] : []),
      ...(otlp ? ['--otlp', otlp] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /LISTENING (\S+)/.exec(out);
      const scraped = /METRICS (\S+)/.exec(out);
      if (listening && (!metrics || scraped)) {
        resolve({
          child,
          base: new URL(listening[1]!),
          ...(scraped ? { metrics: new URL(scraped[1]!) } : {}),
          agent: new Agent({ keepAlive: true, maxSockets: 1 }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code})`)));
  });
}

function post(
  target: Child,
  path: string,
  body: object,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const start = performance.now();
    const req = request(
      new URL(path, target.base),
      {
        method: 'POST',
        agent: target.agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - start,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** User + system CPU time a service process has used so far, in ms (Linux: /proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(target: Child): number {
  const stat = readFileSync(`/proc/${target.child.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Per-request cost of the added work itself, in-process, in microseconds: counting a request (label lookup, histogram
 * and counter), taking or making its id, reading its traceparent. Load on a shared machine moves the HTTP medians by
 * more than these; they bound the overhead from below the noise.
 */
async function perRequestMicros(): Promise<Record<string, number>> {
  const { createServiceMetrics } = await import('../partner-api/observability/metrics');
  const { acceptRequestId, traceIdOfTraceparent } = await import('../lib/contract/request-id');
  const { EventIndex } = await import('../lib/event-index/event-index');
  const fakeStore = { pool: undefined } as unknown as Parameters<typeof createServiceMetrics>[0]['store'];
  const follower = { stamp: 0, index: new EventIndex() } as unknown as Parameters<
    typeof createServiceMetrics
  >[0]['follower'];
  const metrics = createServiceMetrics({ store: fakeStore, follower, clock: () => Date.now() });
  const request = {
    is404: false,
    routeOptions: { url: '/v2/get/events' },
    method: 'POST',
    body: {},
  } as unknown as Parameters<typeof metrics.observeRequest>[0];
  const reply = { statusCode: 201, elapsedTime: 3.2 } as unknown as Parameters<typeof metrics.observeRequest>[1];
  const time = (runs: number, work: () => unknown) => {
    for (let i = 0; i < 10_000; i++) work();
    const start = performance.now();
    for (let i = 0; i < runs; i++) work();
    return round(((performance.now() - start) * 1000) / runs);
  };
  return {
    countRequestUs: time(500_000, () => metrics.observeRequest(request, reply)),
    eventsQueryUs: time(500_000, () => metrics.observeEventsQuery(420, 100, 1_200)),
    requestIdKeptUs: time(500_000, () => acceptRequestId('partner-abc.123')),
    requestIdNewUs: time(500_000, () => acceptRequestId(undefined)),
    traceparentUs: time(500_000, () => traceIdOfTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')),
  };
}

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

/**
 * The same A/B without sockets: "off", "control" (the same as "off") and "on" apps of this build in this process, each
 * case's request sent to all three by Fastify's `inject` in rotating order; p50 of the wall time and of this process's
 * CPU time per request. Without HTTP parsing and the loopback round trip in the times, the fixed cost weighs more
 * here than over HTTP (an upper bound of the ratio), and CPU time does not move when other jobs take the core away.
 */
async function injectRatios(
  dbFile: string,
  cases: readonly { name: string; body: object }[],
  rounds: number,
): Promise<
  {
    case: string;
    offP50Us: number;
    onP50Us: number;
    ratio: number;
    offCpuP50Us: number;
    onCpuP50Us: number;
    cpuRatio: number;
    cpuNoiseRatio: number;
  }[]
> {
  const { buildApp } = await import('../partner-api/app');
  const { systemClock } = await import('../partner-api/clock');
  const { testServiceConfig } = await import('../partner-api/env');
  const { openStore } = await import('../partner-api/store/open-store');
  const config = testServiceConfig({ database: dbFile, publicUrl: 'http://127.0.0.1:4000', logLevel: 'silent' });
  const store = await openStore({ database: dbFile, clock: systemClock, publicUrl: config.publicUrl });
  const apps = {
    off: await buildApp({ store, clock: systemClock, config }),
    control: await buildApp({ store, clock: systemClock, config }),
    on: await buildApp({ store, clock: systemClock, config: { ...config, metricsPort: 0 } }),
  };
  const order = [
    ['off', 'control', 'on'],
    ['on', 'off', 'control'],
    ['control', 'on', 'off'],
  ] as const;
  try {
    const headers: Record<keyof typeof apps, Record<string, string>> = { off: {}, control: {}, on: {} };
    for (const which of ['off', 'control', 'on'] as const) {
      const answer = await apps[which].inject({
        method: 'POST',
        url: '/login',
        payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
      });
      const authorization = `Bearer ${(JSON.parse(answer.body) as { accessToken: string }).accessToken}`;
      headers[which] =
        which === 'on'
          ? { authorization, 'x-request-id': 'bench-inject', traceparent: TRACEPARENT }
          : { authorization };
    }
    const results = [];
    for (const benchCase of cases) {
      const wall = { off: [] as number[], control: [] as number[], on: [] as number[] };
      // CPU time of this process during the request: unlike wall time, untouched by the other jobs of the machine
      // taking the core away mid-request (most of what moves the HTTP medians here).
      const cpu = { off: [] as number[], control: [] as number[], on: [] as number[] };
      for (let i = 0; i < rounds + 50; i++) {
        for (const which of order[i % 3]!) {
          const start = performance.now();
          const startCpu = process.cpuUsage();
          const answer = await apps[which].inject({
            method: 'POST',
            url: '/v2/get/events',
            payload: benchCase.body,
            headers: headers[which],
          });
          const used = process.cpuUsage(startCpu);
          const us = (performance.now() - start) * 1000;
          if (answer.statusCode !== 201) throw new Error(`${benchCase.name}: ${answer.statusCode} ${answer.body}`);
          if (i >= 50) {
            wall[which].push(us);
            cpu[which].push(used.user + used.system);
          }
        }
      }
      const [off, on] = [median(wall.off), median(wall.on)];
      const [offCpu, onCpu, controlCpu] = [median(cpu.off), median(cpu.on), median(cpu.control)];
      results.push({
        case: benchCase.name,
        offP50Us: round(off),
        onP50Us: round(on),
        ratio: round(on / off),
        offCpuP50Us: round(offCpu),
        onCpuP50Us: round(onCpu),
        cpuRatio: round(onCpu / offCpu),
        cpuNoiseRatio: round(controlCpu / offCpu),
      });
    }
    return results;
  } finally {
    for (const app of Object.values(apps)) await app.close();
    await store.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '20000' },
      iterations: { type: 'string', default: '60' },
      tracing: { type: 'boolean', default: false },
      sampler: { type: 'string' },
      'serve-trio': { type: 'string' },
    },
  });
  if (values['serve-trio']) return serveTrio(values['serve-trio']);
  const tracingOn = values.tracing === true || values.sampler !== undefined;
  const micros = await perRequestMicros();
  console.log(`per request, in-process (µs): ${JSON.stringify(micros)}`);
  const events = Number(values.events);
  const iterations = Math.max(10, Number(values.iterations));
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-bench-observability-'));
  const dbFile = join(dir, 'events.sqlite');
  const now = Date.now();
  const { openStore } = await import('../partner-api/store/open-store');
  const { systemClock } = await import('../partner-api/clock');
  const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
  console.log(`Seeding ${events.toLocaleString('en')} events…`);
  const store = await openStore({ database: dbFile, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
  await seedCatalogue(store.seeding, { events, seed: 'bench', now, batchSize: 5_000 });
  await store.close();

  // Default: the three apps in one process (serveTrio). --tracing: three processes, since OpenTelemetry's context
  // manager is process-wide (on Node 20 its AsyncLocalStorage puts a hook on every promise of the process), so an
  // "off" app beside a traced one would pay part of the cost measured.
  const trio = tracingOn ? undefined : await startTrio(dbFile);
  const off = trio?.off ?? (await startService(dbFile, false));
  // A second service exactly like `off`: its ratio to `off` is what two identical services differ by on this machine
  // now (the A/A noise floor the on/off ratio must be read against).
  const control = trio?.control ?? (await startService(dbFile, false));
  // --tracing: the "on" service also records and exports OpenTelemetry spans, to a loopback sink that accepts them.
  let spansReceived = 0;
  const sink = tracingOn
    ? createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          spansReceived++;
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      })
    : undefined;
  if (sink) await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const otlp = sink ? `http://127.0.0.1:${(sink.address() as AddressInfo).port}` : undefined;
  // --sampler: OTel's own OTEL_TRACES_SAMPLER for the "on" service (e.g. always_off: the context manager and the
  // propagation stay, no span records), to tell the cost of recording and exporting from that of carrying context.
  const on =
    trio?.on ??
    (await startService(
      dbFile,
      true,
      otlp,
      values.sampler === undefined ? process.env : { ...process.env, OTEL_TRACES_SAMPLER: values.sampler },
    ));
  let scraping = true;
  let scrapes = 0;
  const scraper = (async () => {
    while (scraping) {
      await fetch(new URL('/metrics', on.metrics)).then((response) => response.text());
      scrapes++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  try {
    const login = async (target: Child) => {
      const answer = await post(
        target,
        '/login',
        { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
        {},
      );
      return `Bearer ${(JSON.parse(answer.text) as { accessToken: string }).accessToken}`;
    };
    const offAuth = await login(off);
    const controlAuth = await login(control);
    const onAuth = await login(on);
    const minDate = new Date(now).toISOString();
    const cases = [
      {
        name: 'empty viewport (fixed cost)',
        body: { locationFilter: { rectangle: { minLng: -6, maxLng: -5.5, minLat: 45, maxLat: 45.5 } }, limit: 500 },
      },
      {
        name: 'city, 1 week, 100-event page',
        body: {
          locationFilter: { rectangle: { minLng: 2.22, maxLng: 2.47, minLat: 48.81, maxLat: 48.91 } },
          datesFilter: { minDate, maxDate: new Date(now + 7 * DAY_MS).toISOString() },
          limit: 100,
        },
      },
      {
        name: 'country, 1 month, 500-event page (broad)',
        body: {
          locationFilter: { rectangle: { minLng: -5.2, maxLng: 9.6, minLat: 41.3, maxLat: 51.1 } },
          datesFilter: { minDate, maxDate: new Date(now + 30 * DAY_MS).toISOString() },
          limit: 500,
        },
      },
    ];
    const results = [];
    for (const benchCase of cases) {
      const times = { off: [] as number[], control: [] as number[], on: [] as number[] };
      const rotations = [
        ['off', 'control', 'on'],
        ['on', 'off', 'control'],
        ['control', 'on', 'off'],
      ] as const;
      let cpuAtStart: Record<'off' | 'control' | 'on', number> | undefined;
      for (let i = 0; i < iterations + 20; i++) {
        if (i === 20 && !trio) cpuAtStart = { off: cpuMs(off), control: cpuMs(control), on: cpuMs(on) };
        // Rotate which goes first, so none always meets a warmer cache or a quieter moment.
        for (const which of rotations[i % 3]!) {
          const headers: Record<string, string> =
            which === 'on'
              ? {
                  authorization: onAuth,
                  'x-request-id': `bench-${i}`,
                  traceparent: TRACEPARENT,
                }
              : { authorization: which === 'off' ? offAuth : controlAuth };
          const target = which === 'on' ? on : which === 'off' ? off : control;
          const answer = await post(target, '/v2/get/events', benchCase.body, headers);
          if (answer.status !== 201) throw new Error(`${benchCase.name}: ${answer.status} ${answer.text}`);
          if (i >= 20) times[which].push(answer.ms);
        }
      }
      const offMs = median(times.off);
      const onMs = median(times.on);
      const controlMs = median(times.control);
      const result = {
        case: benchCase.name,
        offP50Ms: round(offMs),
        onP50Ms: round(onMs),
        ratio: round(onMs / offMs),
        controlP50Ms: round(controlMs),
        noiseRatio: round(controlMs / offMs),
        // Three processes (--tracing): each one's CPU time over the measured rounds (from /proc, 10 ms ticks), which
        // other jobs taking the core away do not inflate.
        ...(cpuAtStart && {
          cpuRatio: round((cpuMs(on) - cpuAtStart.on) / (cpuMs(off) - cpuAtStart.off)),
          cpuNoiseRatio: round((cpuMs(control) - cpuAtStart.control) / (cpuMs(off) - cpuAtStart.off)),
        }),
      };
      results.push(result);
      console.log(
        `${result.case}: off ${result.offP50Ms} ms, on ${result.onP50Ms} ms → ×${result.ratio} ` +
          `(A/A: a second "off" ×${result.noiseRatio})` +
          (result.cpuRatio === undefined ? '' : `; CPU ×${result.cpuRatio} (A/A ×${result.cpuNoiseRatio})`),
      );
    }
    // Without sockets, in this process (metrics and ids only: tracing is process-wide).
    const inProcess = tracingOn ? [] : await injectRatios(dbFile, cases, Math.max(200, iterations * 4));
    for (const result of inProcess) {
      console.log(
        `in-process (inject) ${result.case}: wall off ${result.offP50Us} µs, on ${result.onP50Us} µs → ×${result.ratio}; ` +
          `CPU off ${result.offCpuP50Us} µs, on ${result.onCpuP50Us} µs → ×${result.cpuRatio} (A/A ×${result.cpuNoiseRatio})`,
      );
    }
    const output = {
      date: new Date().toISOString(),
      events,
      iterations,
      scrapes,
      loadavg: loadavg(),
      inOneProcess: trio !== undefined,
      tracing: tracingOn,
      sampler: values.sampler ?? null,
      otlpExports: spansReceived,
      perRequestMicros: micros,
      results,
      inProcess,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(
      join(
        here,
        'results',
        values.sampler
          ? `observability-tracing-${values.sampler}.json`
          : tracingOn
            ? 'observability-tracing.json'
            : 'observability.json',
      ),
      `${JSON.stringify(output, null, 2)}\n`,
    );
    console.log(
      `load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}; ${scrapes} scrapes`,
    );
  } finally {
    scraping = false;
    await scraper;
    off.child.kill('SIGTERM');
    control.child.kill('SIGTERM');
    on.child.kill('SIGTERM');
    sink?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
