/**
 * What Prometheus metrics and request-id / trace-context handling cost the events query (docs/performance.md, target
 * ≤ 5 %). Seeds N events (default 20 000) into a temporary SQLite file and serves it by three apps of one build in one
 * child process: "off" (no metrics), "control" (the same as "off") and "on" (PARTNER_API_METRICS_PORT's metrics, with
 * a scraper reading `/metrics` every second). Each round sends the case's request to all three in a rotating order
 * (so all see the same machine load); requests to "on" also carry an `X-Request-Id` and a `traceparent`, which its log
 * lines and problem bodies then carry. Prints the p50 of each case, the ratio on/off, and control/off — the A/A noise
 * of the run, against which the on/off ratio must be read — and writes bench/results/observability.json.
 *
 *   npx tsx bench/observability.ts [--events 20000] [--iterations 60]
 *   npx tsx bench/observability.ts --tracing [--iterations 300] [--sampler parentbased_traceidratio] [--ratio 0.1]
 *
 * --tracing: four service processes instead (startService, metrics on in all; OpenTelemetry's context manager is
 * process-wide): "off" and "control" without an OTLP endpoint, "always_on" recording every request's spans and
 * "sampled" under the given sampler, both exporting by OTLP to a loopback sink here; reports p50 and each process's own
 * CPU time per request, as ratios to "off" (control/off: the A/A noise). Results in
 * bench/results/observability-tracing.json (observability-tracing-<sampler>.json for another --sampler).
 *
 * --cases events: the events benchmark's 36 requests (bench/event-cases.ts, `limit: 500`) in place of the three cases,
 * with the whole benchmark's figure beside each case's: the sum of the p50s, and the CPU time over all cases. Results
 * in bench/results/observability-events.json and observability-tracing-events.json.
 *
 *   npx tsx bench/observability.ts --cases events --events 100000 [--tracing]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eventsBenchmarkCases, VIEWPORTS } from './event-cases';

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

/** One service process of this build (startService, as `npm start` runs it), for the --tracing comparison. */
interface ServiceProcess extends Child {
  /** The process's own user + system CPU time so far, in µs (asked by SIGUSR2: exact, unlike /proc's 10 ms ticks). */
  cpuUs(): Promise<number>;
}

/**
 * Child of --tracing: the service as startService wires it (the store port wrapped when tracing is on), metrics on,
 * logs silent; OTLP to the parent's sink and the given sampler when `--otlp` is passed.
 */
async function serveService(dbFile: string, otlp?: string, sampler?: string, ratio?: string): Promise<void> {
  const { startService } = await import('../partner-api/main');
  const { testServiceConfig } = await import('../partner-api/env');
  const { TRACES_SAMPLERS } = await import('../partner-api/observability/sampler-names');
  const name = TRACES_SAMPLERS.find((known) => known === sampler);
  const service = await startService(
    testServiceConfig({
      database: dbFile,
      publicUrl: 'http://127.0.0.1:4000',
      logLevel: 'silent',
      metricsPort: 0,
      otlpEndpoint: otlp,
      otelSampler: name,
      otelSamplerRatio: ratio === undefined ? undefined : Number(ratio),
    }),
  );
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage();
    process.stdout.write(`CPU ${used.user + used.system}\n`);
  });
  process.once('SIGTERM', () => void service.close().finally(() => process.exit(0)));
  process.stdout.write(`LISTENING ${service.url}\n`);
}

async function startServiceProcess(dbFile: string, tracing?: { otlp: string; sampler: string; ratio: string }) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve-service',
      dbFile,
      ...(tracing ? ['--otlp', tracing.otlp, '--sampler', tracing.sampler, '--ratio', tracing.ratio] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  const waiting: ((line: string) => boolean)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    let newline: number;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, newline);
      out = out.slice(newline + 1);
      const taker = waiting.findIndex((take) => take(line));
      if (taker >= 0) waiting.splice(taker, 1);
    }
  });
  const next = (prefix: string) =>
    new Promise<string>((resolve) =>
      waiting.push((line) => {
        if (!line.startsWith(prefix)) return false;
        resolve(line.slice(prefix.length));
        return true;
      }),
    );
  const listening = next('LISTENING ');
  const base = await Promise.race([
    listening,
    new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`service exited (${code})`)))),
  ]);
  const service: ServiceProcess = {
    child,
    base: new URL(base),
    agent: new Agent({ keepAlive: true, maxSockets: 1 }),
    async cpuUs() {
      const answer = next('CPU ');
      child.kill('SIGUSR2');
      return Number(await answer);
    },
  };
  return service;
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

/**
 * --tracing: the cost of each piece of tracing work, timed in a loop in this process (after the HTTP rounds: it
 * registers a provider here), in µs of CPU per request. The service's request makes 2 spans (SERVER and
 * `store catalogue.eventJsonByIds`); a sampled-out one makes a non-recording span and nothing else.
 */
async function tracingMicros(otlp: string): Promise<Record<string, number>> {
  const { context, propagation, ROOT_CONTEXT, SpanKind, trace } = await import('@opentelemetry/api');
  const tracing = await import('../partner-api/observability/tracing');
  const handle = tracing.startTracing({
    endpoint: otlp,
    serviceName: 'bench',
    sampler: { name: 'parentbased_traceidratio', ratio: 0 },
  });
  const cpuTime = async (runs: number, work: () => unknown) => {
    for (let i = 0; i < Math.min(runs, 2_000); i++) await work();
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++) await work();
    const used = process.cpuUsage(start);
    return round((used.user + used.system) / runs);
  };
  const sampledHeaders = { traceparent: TRACEPARENT };
  const unsampledHeaders = { traceparent: TRACEPARENT.replace(/01$/, '00') };
  const awaits = async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve(i);
  };
  // Before any context is entered, AsyncLocalStorage has no hook on promises yet.
  const awaitsBefore = await cpuTime(20_000, awaits);
  const serverSpan = (headers: Record<string, string>) => {
    const parent = propagation.extract(ROOT_CONTEXT, headers);
    const span = tracing
      .tracer()
      .startSpan('POST', { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'POST' } }, parent);
    if (span.isRecording()) {
      span.updateName('POST /v2/get/events');
      span.setAttribute('http.route', '/v2/get/events');
      span.setAttribute('http.response.status_code', 201);
    }
    span.end();
    return parent;
  };
  const store = tracing.traceStorePort({ catalogue: { eventJsonByIds: async () => [] as Buffer[] } }, ['catalogue']);
  const bare = { eventJsonByIds: async () => [] as Buffer[] };
  const recording = trace.setSpan(
    ROOT_CONTEXT,
    tracing.tracer().startSpan('parent', {}, propagation.extract(ROOT_CONTEXT, sampledHeaders)),
  );
  const result = {
    extractTraceparentUs: await cpuTime(200_000, () => propagation.extract(ROOT_CONTEXT, sampledHeaders)),
    unsampledServerSpanUs: await cpuTime(200_000, () => serverSpan(unsampledHeaders)),
    recordedServerSpanUs: await cpuTime(100_000, () => serverSpan(sampledHeaders)),
    bareStoreCallUs: await cpuTime(100_000, () => bare.eventJsonByIds()),
    recordedStoreCallUs: await cpuTime(100_000, () => context.with(recording, () => store.catalogue.eventJsonByIds())),
    fiftyAwaitsUs: awaitsBefore,
    fiftyAwaitsContextOnUs: await cpuTime(20_000, awaits),
    exportPerSpanUs: 0,
  };
  // Export: 2 000 spans recorded, then one flush (OTLP JSON serialization and the POST to the loopback sink).
  await handle.flush();
  for (let i = 0; i < 2_000; i++) serverSpan(sampledHeaders);
  const start = process.cpuUsage();
  await handle.flush();
  const used = process.cpuUsage(start);
  result.exportPerSpanUs = round((used.user + used.system) / 2_000);
  await handle.shutdown();
  return result;
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

const viewportRectangle = (name: string) => VIEWPORTS.find((viewport) => viewport.name === name)!.rectangle;

/** The three cases: an empty viewport (the fixed cost of a request), a city week, a country month. */
function benchCases(now: number) {
  const minDate = new Date(now).toISOString();
  return [
    {
      name: 'empty viewport (fixed cost)',
      body: { locationFilter: { rectangle: { minLng: -6, maxLng: -5.5, minLat: 45, maxLat: 45.5 } }, limit: 500 },
    },
    {
      name: 'city, 1 week, 100-event page',
      body: {
        locationFilter: { rectangle: viewportRectangle('city') },
        datesFilter: { minDate, maxDate: new Date(now + 7 * DAY_MS).toISOString() },
        limit: 100,
      },
    },
    {
      name: 'country, 1 month, 500-event page (broad)',
      body: {
        locationFilter: { rectangle: viewportRectangle('country') },
        datesFilter: { minDate, maxDate: new Date(now + 30 * DAY_MS).toISOString() },
        limit: 500,
      },
    },
  ];
}

async function login(target: Child): Promise<string> {
  const answer = await post(
    target,
    '/login',
    { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
    {},
  );
  return `Bearer ${(JSON.parse(answer.text) as { accessToken: string }).accessToken}`;
}

const loadLine = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * --tracing: four service processes of this build, all with metrics on and sent the same headers (`X-Request-Id`, a
 * `traceparent`): "off" and "control" (no OTLP endpoint: no SDK), "always_on" (every request's spans recorded and
 * exported) and "sampled" (the production setting, `parentbased_traceidratio` at `ratio`). Each request carries a new
 * trace id, sampled (flag 01) on one request in 1/ratio as an upstream at that ratio would send. Each round sends the
 * case to the four in a rotating order; per case: p50 of each, and each process's own CPU time over the case's
 * measured rounds.
 */
/**
 * Unmeasured rounds per case in --tracing, so that JIT compilation (more code in the traced processes) falls outside
 * the measured CPU time, which counts every thread of a process.
 */
const WARM_UP_ROUNDS = 200;
const LATER_WARM_UP_ROUNDS = 30;

type CaseSet = 'three' | 'events';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const geometricMean = (values: readonly number[]) =>
  Math.exp(sum(values.map((value) => Math.log(value))) / values.length);

async function tracingRun(
  dbFile: string,
  cases: readonly { name: string; body: object }[],
  iterations: number,
  sampler: string,
  ratio: string,
  events: number,
  caseSet: CaseSet,
): Promise<void> {
  let spansReceived = 0;
  const sink = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      spansReceived += body.split('"spanId"').length - 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const otlp = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  const names = ['off', 'control', 'always_on', 'sampled'] as const;
  type Name = (typeof names)[number];
  const services = {
    off: await startServiceProcess(dbFile),
    control: await startServiceProcess(dbFile),
    always_on: await startServiceProcess(dbFile, { otlp, sampler: 'always_on', ratio: '1' }),
    sampled: await startServiceProcess(dbFile, { otlp, sampler, ratio }),
  };
  const loadBefore = loadLine();
  try {
    const auth = {} as Record<Name, string>;
    for (const name of names) auth[name] = await login(services[name]);
    const every = Math.max(1, Math.round(1 / Number(ratio)));
    const hex = (bytes: number) => randomBytes(bytes).toString('hex');
    const results: {
      case: string;
      p50Ms: Record<string, number>;
      cpuUsPerRequest: Record<string, number>;
      wallRatio: Record<Exclude<Name, 'off'>, number>;
      cpuRatio: Record<Exclude<Name, 'off'>, number>;
    }[] = [];
    const totalCpu = Object.fromEntries(names.map((name) => [name, 0])) as Record<Name, number>;
    for (const [index, benchCase] of cases.entries()) {
      const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
      const cpuAtStart = {} as Record<Name, number>;
      // The first case compiles the code every request runs; later ones only need their own path warm.
      const warmUp = index === 0 ? WARM_UP_ROUNDS : LATER_WARM_UP_ROUNDS;
      for (let i = 0; i < iterations + warmUp; i++) {
        if (i === warmUp) for (const name of names) cpuAtStart[name] = await services[name].cpuUs();
        const traceparent = `00-${hex(16)}-${hex(8)}-${i % every === 0 ? '01' : '00'}`;
        // Rotate which goes first (a Latin square of four), so none always meets a warmer cache or a quieter moment.
        for (let k = 0; k < names.length; k++) {
          const name = names[(i + k) % names.length]!;
          const answer = await post(services[name], '/v2/get/events', benchCase.body, {
            authorization: auth[name],
            'x-request-id': `bench-${i}`,
            traceparent,
          });
          if (answer.status !== 201) throw new Error(`${benchCase.name}: ${answer.status} ${answer.text}`);
          if (i >= warmUp) times[name].push(answer.ms);
        }
      }
      const cpu = {} as Record<Name, number>;
      for (const name of names) {
        cpu[name] = ((await services[name].cpuUs()) - cpuAtStart[name]) / iterations;
        totalCpu[name] += cpu[name];
      }
      const p50 = Object.fromEntries(names.map((name) => [name, median(times[name])])) as Record<Name, number>;
      const result = {
        case: benchCase.name,
        p50Ms: Object.fromEntries(names.map((name) => [name, round(p50[name])])),
        cpuUsPerRequest: Object.fromEntries(names.map((name) => [name, Math.round(cpu[name])])),
        wallRatio: {
          control: round(p50.control / p50.off),
          always_on: round(p50.always_on / p50.off),
          sampled: round(p50.sampled / p50.off),
        },
        cpuRatio: {
          control: round(cpu.control / cpu.off),
          always_on: round(cpu.always_on / cpu.off),
          sampled: round(cpu.sampled / cpu.off),
        },
      };
      results.push(result);
      console.log(
        `${result.case}: p50 off ${result.p50Ms.off} ms; wall ×${result.wallRatio.always_on} always_on, ` +
          `×${result.wallRatio.sampled} ${sampler} ${ratio} (A/A ×${result.wallRatio.control}); ` +
          `CPU off ${result.cpuUsPerRequest.off} µs/request: ×${result.cpuRatio.always_on} always_on, ` +
          `×${result.cpuRatio.sampled} sampled (A/A ×${result.cpuRatio.control})`,
      );
    }
    const whole = {
      // The benchmark run once: each case's p50 added up, and the CPU time of one request of each case added up.
      p50SumMs: Object.fromEntries(names.map((name) => [name, round(sum(results.map((r) => r.p50Ms[name]!)))])),
      cpuSumUs: Object.fromEntries(names.map((name) => [name, Math.round(totalCpu[name])])),
      wallRatio: Object.fromEntries(
        (['control', 'always_on', 'sampled'] as const).map((name) => [
          name,
          round(sum(results.map((r) => r.p50Ms[name]!)) / sum(results.map((r) => r.p50Ms.off!))),
        ]),
      ),
      wallRatioGeometricMean: Object.fromEntries(
        (['control', 'always_on', 'sampled'] as const).map((name) => [
          name,
          round(geometricMean(results.map((r) => r.wallRatio[name]))),
        ]),
      ),
      cpuRatio: Object.fromEntries(
        (['control', 'always_on', 'sampled'] as const).map((name) => [name, round(totalCpu[name] / totalCpu.off)]),
      ),
    };
    if (cases.length > 1) {
      console.log(
        `whole benchmark: p50s add up to ${whole.p50SumMs.off} ms off; wall ×${whole.wallRatio.always_on} always_on, ` +
          `×${whole.wallRatio.sampled} sampled (A/A ×${whole.wallRatio.control}); geometric mean of the cases ` +
          `×${whole.wallRatioGeometricMean.sampled} sampled (A/A ×${whole.wallRatioGeometricMean.control}); CPU ` +
          `×${whole.cpuRatio.always_on} always_on, ×${whole.cpuRatio.sampled} sampled (A/A ×${whole.cpuRatio.control})`,
      );
    }
    const micros = await tracingMicros(otlp);
    console.log(`tracing work, in-process (µs of CPU): ${JSON.stringify(micros)}`);
    const output = {
      date: new Date().toISOString(),
      events,
      iterations,
      loadavgBefore: loadBefore,
      loadavgAfter: loadLine(),
      sampled: { sampler, ratio: Number(ratio) },
      spansExported: spansReceived,
      cases: caseSet,
      results,
      whole,
      tracingMicros: micros,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    // The production setting's run is the reference file; another sampler's (e.g. always_off) gets its own.
    const suffix = [
      ...(sampler === 'parentbased_traceidratio' && ratio === '0.1' ? [] : [sampler]),
      ...(caseSet === 'events' ? ['events'] : []),
    ];
    const file = ['observability-tracing', ...suffix].join('-') + '.json';
    writeFileSync(join(here, 'results', file), `${JSON.stringify(output, null, 2)}\n`);
    console.log(`load average before ${loadBefore}, after ${loadLine()}; ${spansReceived} spans exported`);
  } finally {
    for (const name of names) services[name].child.kill('SIGTERM');
    sink.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '20000' },
      iterations: { type: 'string', default: '60' },
      tracing: { type: 'boolean', default: false },
      sampler: { type: 'string', default: 'parentbased_traceidratio' },
      ratio: { type: 'string', default: '0.1' },
      cases: { type: 'string', default: 'three' },
      otlp: { type: 'string' },
      'serve-trio': { type: 'string' },
      'serve-service': { type: 'string' },
    },
  });
  if (values['serve-trio']) return serveTrio(values['serve-trio']);
  if (values['serve-service']) {
    return serveService(
      values['serve-service'],
      values.otlp,
      values.otlp ? values.sampler : undefined,
      values.otlp ? values.ratio : undefined,
    );
  }
  if (values.cases !== 'three' && values.cases !== 'events') {
    throw new Error(`--cases ${values.cases}: expected "three" (the default) or "events" (the events benchmark's 36)`);
  }
  const caseSet: CaseSet = values.cases;
  const events = Number(values.events);
  const iterations = Math.max(10, Number(values.iterations));
  const dir = mkdtempSync(join(tmpdir(), 'eventmap-bench-observability-'));
  const dbFile = join(dir, 'events.sqlite');
  const now = Date.now();
  try {
    const { openStore } = await import('../partner-api/store/open-store');
    const { systemClock } = await import('../partner-api/clock');
    const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
    console.log(`Seeding ${events.toLocaleString('en')} events…`);
    const store = await openStore({ database: dbFile, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
    await seedCatalogue(store.seeding, { events, seed: 'bench', now, batchSize: 5_000 });
    await store.close();
    const cases = caseSet === 'events' ? eventsBenchmarkCases(now) : benchCases(now);
    if (values.tracing) {
      // Processes, not apps of one process: OpenTelemetry's context manager is process-wide (on Node 20 its
      // AsyncLocalStorage puts a hook on every promise of the process once a traced request ran).
      await tracingRun(dbFile, cases, iterations, values.sampler, values.ratio, events, caseSet);
    } else {
      await metricsRun(dbFile, cases, iterations, events, caseSet);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Default: metrics and request ids, three apps in one child process (serveTrio), then in-process (inject). */
async function metricsRun(
  dbFile: string,
  cases: readonly { name: string; body: object }[],
  iterations: number,
  events: number,
  caseSet: CaseSet,
): Promise<void> {
  const micros = await perRequestMicros();
  console.log(`per request, in-process (µs): ${JSON.stringify(micros)}`);
  const { off, control, on } = await startTrio(dbFile);
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
    const offAuth = await login(off);
    const controlAuth = await login(control);
    const onAuth = await login(on);
    const results = [];
    for (const benchCase of cases) {
      const times = { off: [] as number[], control: [] as number[], on: [] as number[] };
      const rotations = [
        ['off', 'control', 'on'],
        ['on', 'off', 'control'],
        ['control', 'on', 'off'],
      ] as const;
      for (let i = 0; i < iterations + 20; i++) {
        // Rotate which goes first, so none always meets a warmer cache or a quieter moment.
        for (const which of rotations[i % 3]!) {
          const headers: Record<string, string> =
            which === 'on'
              ? { authorization: onAuth, 'x-request-id': `bench-${i}`, traceparent: TRACEPARENT }
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
      };
      results.push(result);
      console.log(
        `${result.case}: off ${result.offP50Ms} ms, on ${result.onP50Ms} ms → ×${result.ratio} ` +
          `(A/A: a second "off" ×${result.noiseRatio})`,
      );
    }
    const whole = {
      // The benchmark run once: each case's p50 added up.
      offP50SumMs: round(sum(results.map((r) => r.offP50Ms))),
      ratio: round(sum(results.map((r) => r.onP50Ms)) / sum(results.map((r) => r.offP50Ms))),
      noiseRatio: round(sum(results.map((r) => r.controlP50Ms)) / sum(results.map((r) => r.offP50Ms))),
      ratioGeometricMean: round(geometricMean(results.map((r) => r.ratio))),
      noiseRatioGeometricMean: round(geometricMean(results.map((r) => r.noiseRatio))),
    };
    if (cases.length > 1) {
      console.log(
        `whole benchmark over HTTP: p50s add up to ${whole.offP50SumMs} ms off → ×${whole.ratio} on ` +
          `(A/A ×${whole.noiseRatio}); geometric mean of the cases ×${whole.ratioGeometricMean} ` +
          `(A/A ×${whole.noiseRatioGeometricMean})`,
      );
    }
    // Without sockets, in this process.
    const inProcess = await injectRatios(dbFile, cases, Math.max(200, iterations * 4));
    for (const result of inProcess) {
      console.log(
        `in-process (inject) ${result.case}: wall off ${result.offP50Us} µs, on ${result.onP50Us} µs → ×${result.ratio}; ` +
          `CPU off ${result.offCpuP50Us} µs, on ${result.onCpuP50Us} µs → ×${result.cpuRatio} (A/A ×${result.cpuNoiseRatio})`,
      );
    }
    const wholeInProcess = {
      cpuRatio: round(sum(inProcess.map((r) => r.onCpuP50Us)) / sum(inProcess.map((r) => r.offCpuP50Us))),
      cpuNoiseRatio: round(
        sum(inProcess.map((r) => r.cpuNoiseRatio * r.offCpuP50Us)) / sum(inProcess.map((r) => r.offCpuP50Us)),
      ),
    };
    if (cases.length > 1) {
      console.log(`whole benchmark in-process: CPU ×${wholeInProcess.cpuRatio} (A/A ×${wholeInProcess.cpuNoiseRatio})`);
    }
    const output = {
      date: new Date().toISOString(),
      events,
      iterations,
      cases: caseSet,
      whole: { ...whole, inProcess: wholeInProcess },
      scrapes,
      loadavg: loadavg(),
      inOneProcess: true,
      perRequestMicros: micros,
      results,
      inProcess,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    const file = caseSet === 'events' ? 'observability-events.json' : 'observability.json';
    writeFileSync(join(here, 'results', file), `${JSON.stringify(output, null, 2)}\n`);
    console.log(`load average ${loadLine()}; ${scrapes} scrapes`);
  } finally {
    scraping = false;
    await scraper;
    off.child.kill('SIGTERM');
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
