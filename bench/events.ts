/**
 * The events benchmark (docs/design.md §5): seeds N events (default 100 000) into a temporary database file, runs the
 * service in a child process on 127.0.0.1:0 and measures over real HTTP, for street / city / region / country
 * viewports × 1-day / 1-week / 1-month windows × no filter / a category filter / a price filter, the p50 and p99
 * latency (to the last byte) of `limit: 500` pages, each against the floor: `JSON.stringify` of the same payload, in
 * the same run. Also page 100 at `limit: 500`, a full catalogue walk, and the service process's memory.
 * Writes bench/results/events.json and bench/results/events.md (the table for the README).
 *
 *   npx tsx bench/events.ts [--events 1000000] [--iterations 40] [--db file.sqlite (reuse or keep a seeded file)]
 *     [--db postgres://… --seeded (measure a database seeded already)]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eventsCaseBody, FILTERS, VIEWPORTS, WINDOWS } from './event-cases';

const here = dirname(fileURLToPath(import.meta.url));
const DAY_MS = 24 * 3_600_000;

interface ServiceMemory {
  rssMb: number;
  peakRssMb: number;
  anonymousMb: number;
  fileMappedMb: number;
}

interface CaseResult {
  viewport: string;
  window: string;
  filter: string;
  totalItems: number;
  items: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  stringifyMs: number;
  ratio: number;
  /**
   * The case's first request against the floor: the page not asked for before (on PostgreSQL, read from the database
   * rather than the process's copy of served JSON; on SQLite, possibly from disk rather than the page cache).
   */
  firstRatio: number;
  /** p50 against the floor plus the fixed cost of an empty request, measured in the same run. */
  ratioWithRequestCost: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : round(percentile(sorted, 50));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Median time of `JSON.stringify(value)` over a few runs: the floor a response cannot beat. */
function stringifyMs(value: unknown, runs = 15): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    JSON.stringify(value);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return percentile(times, 50);
}

/**
 * Memory of a process from /proc (Linux): current and peak resident set, MB, and the anonymous part of it (heap,
 * index). The rest is the database file's pages mapped by SQLite's mmap, which the OS shares and can drop at will.
 */
function processMemory(pid: number): ServiceMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    const mb = (key: string) => Math.round(kb(key) / 1024);
    return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM'), anonymousMb: mb('RssAnon'), fileMappedMb: mb('RssFile') };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Child: the service under test.

async function serve(dbFile: string, metrics = false, otlp?: string): Promise<void> {
  const { buildApp } = await import('../partner-api/app');
  const { systemClock } = await import('../partner-api/clock');
  const { testServiceConfig } = await import('../partner-api/env');
  const { openStore } = await import('../partner-api/store/open-store');
  const config = testServiceConfig({
    database: dbFile,
    publicUrl: 'http://127.0.0.1:4000',
    logLevel: 'silent',
    // bench/observability.ts compares the service with its Prometheus metrics on and off.
    ...(metrics ? { metricsPort: 0 } : {}),
  });
  // bench/observability.ts --tracing: OpenTelemetry on too, exporting to its loopback OTLP sink (as startService does).
  const tracing = otlp
    ? (await import('../partner-api/observability/tracing')).startTracing({ endpoint: otlp, serviceName: 'bench' })
    : undefined;
  const opened = await openStore({ database: dbFile, clock: systemClock, publicUrl: config.publicUrl });
  const store = tracing
    ? (await import('../partner-api/observability/tracing')).traceStorePort(opened, [
        'catalogue',
        'search',
        'auth',
        'clicks',
      ])
    : opened;
  const app = await buildApp({ store, clock: systemClock, config });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`LISTENING ${url}\n`);
  if (app.metricsUrl) process.stdout.write(`METRICS ${app.metricsUrl}\n`);
  const stop = () => void app.close().finally(() => store.close());
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  process.once('disconnect', stop);
}

// ---------------------------------------------------------------------------------------------------------------
// Parent: seed, start the service, measure.

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One POST on the keep-alive connection. `ms` runs from the request to the last byte of the answer: decoding the
 * bytes into a string is the client's own work (like parsing them, which the floor leaves out too), so `text` is
 * decoded after the clock stops. For a 1.7 MB page of mostly-French text that decoding alone takes ~6 ms here.
 */
function post(
  base: URL,
  path: string,
  body: object,
  token?: string,
): Promise<{ status: number; text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const start = performance.now();
    const req = request(
      new URL(path, base),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - start;
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Child: a bare node:http server answering every request with an empty page, the least any service can do per
 * request. Its round trip is this machine's floor for a request between two processes.
 */
async function serveBare(): Promise<void> {
  const { createServer } = await import('node:http');
  const empty = Buffer.from('{"data":[],"pagination":{"currentPage":1,"totalPages":0,"totalItems":0}}');
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end(empty));
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    process.stdout.write(`LISTENING http://127.0.0.1:${address.port}\n`);
  });
  process.once('SIGTERM', () => server.close());
}

async function startChild(args: string[]): Promise<{ child: ChildProcess; base: URL }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<URL>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /LISTENING (\S+)/.exec(out);
      if (match) resolve(new URL(match[1]!));
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code})`)));
  });
  return { child, base };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      iterations: { type: 'string', default: '40' },
      db: { type: 'string' },
      // The database behind --db (a server URL) is seeded already: measure it as it is.
      seeded: { type: 'boolean' },
      serve: { type: 'string' },
      metrics: { type: 'boolean' },
      otlp: { type: 'string' },
      'serve-bare': { type: 'boolean' },
      render: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (values.serve) return serve(values.serve, values.metrics === true, values.otlp);
  if (values['serve-bare']) return serveBare();
  if (values.render) {
    // Re-renders the markdown of a results file (after a change to the table's layout).
    const saved = JSON.parse(readFileSync(values.render, 'utf8')) as Parameters<typeof markdown>[0];
    writeFileSync(values.render.replace(/\.json$/, '.md'), markdown(saved));
    return;
  }

  const events = Number(values.events);
  const iterations = Math.max(5, Number(values.iterations));
  const tempDir = values.db ? null : mkdtempSync(join(tmpdir(), 'eventmap-bench-'));
  const dbFile = values.db ?? join(tempDir!, 'events.sqlite');
  const now = Date.now();

  if (!existsSync(dbFile) && !values.seeded) {
    const { openStore } = await import('../partner-api/store/open-store');
    const { systemClock } = await import('../partner-api/clock');
    const { seedCatalogue } = await import('../partner-api/seed/seed-catalogue');
    console.log(`Seeding ${events.toLocaleString('en')} events into ${dbFile}…`);
    const store = await openStore({ database: dbFile, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
    const stats = await seedCatalogue(store.seeding, { events, seed: 'bench', now, batchSize: 5_000 });
    // Closing the last connection checkpoints the WAL into the file.
    await store.close();
    console.log(`Seeded in ${(stats.durationMs / 1000).toFixed(1)} s`);
  } else {
    console.log(`Reusing ${dbFile}`);
  }

  const { child, base } = await startChild(['--serve', dbFile]);
  try {
    const login = await post(base, '/login', {
      grantAccess: 'clientSecret',
      clientId: 'demo',
      clientSecret: 'demo-secret',
    });
    const token = (JSON.parse(login.text) as { accessToken: string }).accessToken;

    /**
     * Times `iterations` identical requests (after warm-up). The floor is sampled right after each request, so on a
     * shared, busy machine both sides see the same load; returns both sorted, with the last body.
     */
    const measure = async (path: string, body: object, runs = iterations, warmUps = 3) => {
      let last = { status: 0, text: '', ms: 0 };
      let firstMs = NaN;
      for (let i = 0; i < warmUps; i++) {
        last = await post(base, path, body, token);
        if (i === 0) firstMs = last.ms;
      }
      if (last.status !== 201) throw new Error(`${path} ${JSON.stringify(body)} → ${last.status} ${last.text}`);
      const parsed: unknown = JSON.parse(last.text);
      const times: number[] = [];
      const floors: number[] = [];
      for (let i = 0; i < runs; i++) {
        last = await post(base, path, body, token);
        times.push(last.ms);
        floors.push(stringifyMs(parsed, 3));
      }
      times.sort((a, b) => a - b);
      floors.sort((a, b) => a - b);
      return { times, floor: percentile(floors, 50), firstMs, text: last.text };
    };

    const minDate = new Date(now).toISOString();
    // The fixed cost of one request (round trip, bearer check, validation, an index lookup), measured on a viewport in
    // the Bay of Biscay that holds no event: a few-event page cannot be answered faster than this plus its floor.
    const emptyBody = {
      locationFilter: { rectangle: { minLng: -6, maxLng: -5.5, minLat: 45, maxLat: 45.5 } },
      datesFilter: { minDate, maxDate: new Date(now + DAY_MS).toISOString() },
      limit: 500,
    };
    // Measured first, so after a longer warm-up: the code every request runs is then compiled, as for later cases.
    const empty = await measure('/v2/get/events', emptyBody, iterations, 200);
    if ((JSON.parse(empty.text) as { data: unknown[] }).data.length !== 0)
      throw new Error('the empty viewport has events');
    const requestCostMs = round(percentile(empty.times, 50));
    const bare = await startChild(['--serve-bare']);
    const bareTimes: number[] = [];
    try {
      for (let i = 0; i < iterations + 200; i++) {
        const response = await post(bare.base, '/v2/get/events', emptyBody, token);
        if (i >= 200) bareTimes.push(response.ms);
      }
    } finally {
      bare.child.kill('SIGTERM');
    }
    const bareRoundTripMs = round(
      percentile(
        bareTimes.sort((a, b) => a - b),
        50,
      ),
    );
    console.log(
      `fixed cost of a request (no match): p50 ${requestCostMs} ms; bare node:http round trip ${bareRoundTripMs} ms`,
    );

    const cases: CaseResult[] = [];
    for (const viewport of VIEWPORTS) {
      for (const window of WINDOWS) {
        for (const filter of FILTERS) {
          const body = eventsCaseBody(viewport, window, filter, now);
          const { times, floor, firstMs, text } = await measure('/v2/get/events', body);
          const parsed = JSON.parse(text) as { data: unknown[]; pagination: { totalItems: number } };
          const p50 = percentile(times, 50);
          const result: CaseResult = {
            viewport: viewport.name,
            window: window.name,
            filter: filter.name,
            totalItems: parsed.pagination.totalItems,
            items: parsed.data.length,
            bytes: Buffer.byteLength(text),
            p50Ms: round(p50),
            p99Ms: round(percentile(times, 99)),
            stringifyMs: round(floor),
            ratio: round(p50 / floor),
            firstRatio: round(firstMs / floor),
            ratioWithRequestCost: round(p50 / (floor + requestCostMs)),
          };
          cases.push(result);
          console.log(
            `${viewport.name.padEnd(8)} ${window.name.padEnd(8)} ${filter.name.padEnd(9)} ` +
              `${String(result.totalItems).padStart(6)} matches  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  ` +
              `stringify ${result.stringifyMs} ms  ×${result.ratio} (first ×${result.firstRatio})`,
          );
        }
      }
    }

    // Page 100 at limit 500: the whole seeded period in the country viewport has enough matches.
    const deepBody = {
      locationFilter: { rectangle: VIEWPORTS[3]!.rectangle },
      datesFilter: {
        minDate: new Date(now - 30 * DAY_MS).toISOString(),
        maxDate: new Date(now + 150 * DAY_MS).toISOString(),
      },
      limit: 500,
      pageNumber: 100,
    };
    const deep = await measure('/v2/get/events', deepBody, Math.max(5, Math.floor(iterations / 2)));
    const deepParsed = JSON.parse(deep.text) as { data: unknown[]; pagination: { totalItems: number } };
    const deepFloor = deep.floor;
    const page100 = {
      totalItems: deepParsed.pagination.totalItems,
      items: deepParsed.data.length,
      p50Ms: round(percentile(deep.times, 50)),
      p99Ms: round(percentile(deep.times, 99)),
      stringifyMs: round(deepFloor),
      ratio: round(percentile(deep.times, 50) / deepFloor),
      firstRatio: round(deep.firstMs / deepFloor),
    };
    console.log(`page 100: ${JSON.stringify(page100)}`);

    // A full catalogue walk (snapshot, limit 500) against stringifying every page's payload.
    let walkMs = 0;
    let walkStringifyMs = 0;
    let walkEvents = 0;
    let walkPages = 0;
    for (let pageNumber = 1; ; pageNumber++) {
      const response = await post(base, '/v2/get/catalogue', { limit: 500, pageNumber }, token);
      walkMs += response.ms;
      if (response.status !== 201) throw new Error(`catalogue → ${response.status} ${response.text}`);
      const parsed = JSON.parse(response.text) as {
        data: { events: unknown[] };
        pagination: { nextPageParams: unknown };
      };
      walkStringifyMs += stringifyMs(parsed, 3);
      walkEvents += parsed.data.events.length;
      walkPages += 1;
      if (parsed.pagination.nextPageParams === null || walkPages > 10_000) break;
    }
    const walk = {
      events: walkEvents,
      pages: walkPages,
      totalMs: round(walkMs),
      stringifyMs: round(walkStringifyMs),
      ratio: round(walkMs / walkStringifyMs),
    };
    console.log(`catalogue walk: ${JSON.stringify(walk)}`);

    const memory = processMemory(child.pid!);
    console.log(`service memory: ${JSON.stringify(memory)}`);

    const worst = Math.max(...cases.map((c) => c.ratio));
    const result = {
      date: new Date(now).toISOString(),
      machine: {
        cpus: cpus().length,
        model: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverageAtEnd: loadavg().map((n) => round(n)),
      },
      events,
      iterations,
      targets: {
        p50RatioMax: events >= 1_000_000 ? 5 : 3,
        page100RatioMax: 5,
        catalogueWalkRatioMax: 2,
      },
      requestCostMs,
      bareRoundTripMs,
      cases,
      worstRatio: worst,
      page100,
      catalogueWalk: walk,
      serviceMemory: memory,
    };
    mkdirSync(join(here, 'results'), { recursive: true });
    // PostgreSQL's figures go beside SQLite's, not over them.
    const suffix = (events === 100_000 ? '' : `-${events}`) + (/^postgres(ql)?:\/\//i.test(dbFile) ? '-postgres' : '');
    writeFileSync(join(here, 'results', `events${suffix}.json`), JSON.stringify(result, null, 2) + '\n');
    writeFileSync(join(here, 'results', `events${suffix}.md`), markdown(result));
    console.log(`Wrote bench/results/events${suffix}.json and .md`);
  } finally {
    child.kill('SIGTERM');
    agent.destroy();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function markdown(r: {
  date: string;
  machine: { cpus: number; model: string; node: string; loadAverageAtEnd: number[] };
  events: number;
  iterations: number;
  targets: { p50RatioMax: number; page100RatioMax: number; catalogueWalkRatioMax: number };
  requestCostMs: number;
  bareRoundTripMs: number;
  cases: CaseResult[];
  worstRatio: number;
  page100: {
    totalItems: number;
    p50Ms: number;
    p99Ms: number;
    stringifyMs: number;
    ratio: number;
    firstRatio: number;
  };
  catalogueWalk: { events: number; pages: number; totalMs: number; stringifyMs: number; ratio: number };
  serviceMemory: ServiceMemory | null;
}): string {
  const ok = (ratio: number, max: number) => (ratio <= max ? '✅' : '❌');
  const fullPageWorst = Math.max(...r.cases.filter((c) => c.items === 500).map((c) => c.ratio));
  const lines = [
    `### Events query — ${r.events.toLocaleString('en')} events`,
    '',
    `Measured ${r.date} on ${r.machine.cpus} × ${r.machine.model} (load average ${r.machine.loadAverageAtEnd.join(' / ')} ` +
      `at the end), Node ${r.machine.node}; ${r.iterations} requests per ` +
      'case over HTTP (keep-alive, one at a time) after 3 warm-ups, `limit: 500`. "Floor" is `JSON.stringify` of the ' +
      `same response payload in the same run; target p50 ≤ ${r.targets.p50RatioMax}× the floor.`,
    '',
    '| Viewport | Window | Filter | Matches | Page | p50 ms | p99 ms | Floor ms | p50 / floor | p50 / (floor + request) | first / floor |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.cases.map(
      (c) =>
        `| ${c.viewport} | ${c.window} | ${c.filter} | ${c.totalItems} | ${c.items} | ${c.p50Ms} | ${c.p99Ms} | ` +
        `${c.stringifyMs} | ${c.ratio} ${ok(c.ratio, r.targets.p50RatioMax)} | ${c.ratioWithRequestCost} | ${c.firstRatio} |`,
    ),
    '',
    `- Worst p50 / floor over full pages (500 events): **${fullPageWorst}** (median ` +
      `${median(r.cases.filter((c) => c.items === 500).map((c) => c.ratio))}); over all cases: ${r.worstRatio} ` +
      `(target ≤ ${r.targets.p50RatioMax}). A page of a few events has a floor of a fraction of a millisecond, which the ` +
      `fixed cost of any HTTP request cannot come within ${r.targets.p50RatioMax}× of: a request matching no event ` +
      '(the round trip, bearer ' +
      `check, validation, an index lookup) takes ${r.requestCostMs} ms p50 here, of which a bare node:http server's ` +
      `round trip, measured in the same run, is ${r.bareRoundTripMs} ms. The last column divides by the floor ` +
      `plus that cost; its worst is ${Math.max(...r.cases.map((c) => c.ratioWithRequestCost))}.`,
    `- The first request of each case (a page not asked for before: on PostgreSQL read from the database rather than ` +
      `the process's copy of served JSON), over full pages: median ` +
      `**${median(r.cases.filter((c) => c.items === 500).map((c) => c.firstRatio))}×**, worst ` +
      `**${Math.max(...r.cases.filter((c) => c.items === 500).map((c) => c.firstRatio))}×** the floor (one sample each).`,
    `- Page 100 at \`limit: 500\` (country, ${r.page100.totalItems} matches): p50 ${r.page100.p50Ms} ms, p99 ` +
      `${r.page100.p99Ms} ms, floor ${r.page100.stringifyMs} ms → **${r.page100.ratio}×** ` +
      `${ok(r.page100.ratio, r.targets.page100RatioMax)} (target ≤ ${r.targets.page100RatioMax}); first request ` +
      `${r.page100.firstRatio}×.`,
    `- Full catalogue walk (${r.catalogueWalk.events} events, ${r.catalogueWalk.pages} pages of 500): ` +
      `${r.catalogueWalk.totalMs} ms against ${r.catalogueWalk.stringifyMs} ms to stringify it all → ` +
      `**${r.catalogueWalk.ratio}×** ${ok(r.catalogueWalk.ratio, r.targets.catalogueWalkRatioMax)} ` +
      `(target ≤ ${r.targets.catalogueWalkRatioMax}).`,
    r.serviceMemory
      ? `- Service process memory after the run: RSS ${r.serviceMemory.rssMb} MB (peak ${r.serviceMemory.peakRssMb} MB), ` +
        `of which ${r.serviceMemory.anonymousMb} MB is the process's own (heap, index) and ` +
        `${r.serviceMemory.fileMappedMb} MB the database file mapped by SQLite.`
      : '- Service process memory: not available on this platform.',
    '',
  ];
  return lines.join('\n');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
