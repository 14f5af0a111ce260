/**
 * What Prometheus metrics and request-id / trace-context handling cost the events query (docs/performance.md, target
 * ≤ 5 %). Seeds N events (default 20 000) into a temporary SQLite file, starts the service twice on it (bench/events.ts
 * `--serve`): without metrics, and with PARTNER_API_METRICS_PORT's metrics while a scraper reads `/metrics` every
 * second. Each case's requests alternate between the two (so both see the same machine load); requests to the metrics
 * one also carry an `X-Request-Id` and a `traceparent`, which its log lines and the propagation then handle. Prints
 * the p50 of each case and the ratio with/without, and writes bench/results/observability.json.
 *
 *   npx tsx bench/observability.ts [--events 20000] [--iterations 60] [--tracing]
 *
 * --tracing: the "on" service also records OpenTelemetry spans (server, store port) and exports them by OTLP to a
 * loopback sink here; results go to bench/results/observability-tracing.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

async function startService(dbFile: string, metrics: boolean, otlp?: string): Promise<Child> {
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
    { stdio: ['ignore', 'pipe', 'inherit'] },
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
    eventsQueryUs: time(500_000, () => metrics.observeEventsQuery(420, 100)),
    requestIdKeptUs: time(500_000, () => acceptRequestId('partner-abc.123')),
    requestIdNewUs: time(500_000, () => acceptRequestId(undefined)),
    traceparentUs: time(500_000, () => traceIdOfTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '20000' },
      iterations: { type: 'string', default: '60' },
      tracing: { type: 'boolean', default: false },
    },
  });
  const tracingOn = values.tracing === true;
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

  const off = await startService(dbFile, false);
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
  const on = await startService(dbFile, true, otlp);
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
    const onAuth = await login(on);
    const minDate = new Date(now).toISOString();
    const cases = [
      {
        name: 'empty viewport (fixed cost)',
        body: { locationFilter: { rectangle: { minLng: -6, maxLng: -5.5, minLat: 45, maxLat: 45.5 } }, limit: 500 },
      },
      {
        name: 'city, 1 week, 500 events',
        body: {
          locationFilter: { rectangle: { minLng: 2.22, maxLng: 2.47, minLat: 48.81, maxLat: 48.91 } },
          datesFilter: { minDate, maxDate: new Date(now + 7 * DAY_MS).toISOString() },
          limit: 500,
        },
      },
      {
        name: 'country, 1 month, 500 events',
        body: {
          locationFilter: { rectangle: { minLng: -5.2, maxLng: 9.6, minLat: 41.3, maxLat: 51.1 } },
          datesFilter: { minDate, maxDate: new Date(now + 30 * DAY_MS).toISOString() },
          limit: 500,
        },
      },
    ];
    const results = [];
    for (const benchCase of cases) {
      const times = { off: [] as number[], on: [] as number[] };
      for (let i = 0; i < iterations + 20; i++) {
        // Alternate which goes first, so neither always meets a warmer cache or a quieter moment.
        const order = i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const which of order) {
          const headers: Record<string, string> =
            which === 'on'
              ? {
                  authorization: onAuth,
                  'x-request-id': `bench-${i}`,
                  traceparent: `00-${'4bf92f3577b34da6a3ce929d0e0e4736'}-${'00f067aa0ba902b7'}-01`,
                }
              : { authorization: offAuth };
          const answer = await post(which === 'on' ? on : off, '/v2/get/events', benchCase.body, headers);
          if (answer.status !== 201) throw new Error(`${benchCase.name}: ${answer.status} ${answer.text}`);
          if (i >= 20) times[which].push(answer.ms);
        }
      }
      const offMs = median(times.off);
      const onMs = median(times.on);
      const result = { case: benchCase.name, offP50Ms: round(offMs), onP50Ms: round(onMs), ratio: round(onMs / offMs) };
      results.push(result);
      console.log(`${result.case}: off ${result.offP50Ms} ms, on ${result.onP50Ms} ms → ×${result.ratio}`);
    }
    const output = {
      date: new Date().toISOString(),
      events,
      iterations,
      scrapes,
      loadavg: loadavg(),
      tracing: tracingOn,
      otlpExports: spansReceived,
      perRequestMicros: micros,
      results,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    writeFileSync(
      join(here, 'results', tracingOn ? 'observability-tracing.json' : 'observability.json'),
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
    on.child.kill('SIGTERM');
    sink?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
