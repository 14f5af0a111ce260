/**
 * Proxy overhead (issue "web app data layer"): p50 of a viewport query through the web app's route handler
 * (`GET /api/events`, token-cache hit) ÷ p50 of the same query sent straight to the Partner API, both over HTTP on
 * loopback, interleaved in one run so machine noise hits both alike. Needs a production build (`npm run build`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { waitForServer } from './web-servers';

// Ports can be moved off the defaults on a shared machine.
const SERVICE_PORT = Number(process.env.BENCH_SERVICE_PORT ?? 4310);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3310);
const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;
const WEB = `http://127.0.0.1:${WEB_PORT}`;
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 4311);
const BARE = `http://127.0.0.1:${BARE_PORT}`;
const ROUNDS = 400;
const WARMUP = 40;
const DB = '.data/bench-proxy/partner-api.sqlite';
/** Viewports the explorer sends: central Paris at zoom 12, and mainland France at zoom 5 (a full page of 500). */
const VIEWPORTS = {
  city: { minLng: 2.25, maxLng: 2.42, minLat: 48.82, maxLat: 48.9 },
  country: { minLng: -5.2, maxLng: 9.6, minLat: 41.3, maxLat: 51.1 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const start = process.hrtime.bigint();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs the proxy benchmark and returns its figures (also written to bench/results/proxy.json). */
export async function benchProxy(
  limit = 500,
  viewports: readonly ViewportName[] = ['city', 'country'],
): Promise<ViewportResult[]> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('bench/proxy needs a production build: run `npm run build` first');
  mkdirSync('.data/bench-proxy', { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(DB + suffix, { force: true });
  const children: ChildProcess[] = [];
  try {
    const service = spawn('node_modules/.bin/tsx', ['partner-api/cli.ts', 'serve'], {
      env: { ...process.env, PARTNER_API_PORT: String(SERVICE_PORT), PARTNER_API_DB: DB, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    children.push(service);
    await waitForServer(`${SERVICE}/health`, service, { timeoutMs: 120_000, intervalMs: 200 });
    // The production server `npm start` runs (compression on: scripts/web-server.ts).
    const webArgs = ['--import', 'tsx', 'scripts/web-server.ts', '-p', String(WEB_PORT), '-H', '127.0.0.1'];
    const web = spawn(process.execPath, webArgs, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PARTNER_API_URL: SERVICE,
        PARTNER_CLIENT_ID: 'demo',
        PARTNER_CLIENT_SECRET: 'demo-secret',
        SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
      },
      stdio: 'ignore',
    });
    children.push(web);
    await waitForServer(`${WEB}/api/events?limit=1`, web, { timeoutMs: 120_000, intervalMs: 200 });
    const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-proxy.ts', String(BARE_PORT), SERVICE], {
      stdio: 'inherit',
    });
    children.push(bare);
    await waitForServer(`${BARE}/health`, bare, { timeoutMs: 120_000, intervalMs: 200 });

    const login = await fetch(`${SERVICE}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const results = [];
    for (const name of viewports) {
      results.push(await measureViewport(name, limit, accessToken));
    }
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/proxy.json',
      JSON.stringify(
        { measuredAt: new Date().toISOString(), rounds: ROUNDS, limit, loadAverage: loadavg(), viewports: results },
        null,
        2,
      ) + '\n',
    );
    const f = (n: number) => n.toFixed(2);
    console.log(
      '| viewport | matches | bytes | direct p50 ms | direct p99 ms | bare proxy p50 ms (÷ direct) | web app p50 ms | web app p99 ms | web app ÷ direct (p50) | web app, brotli: p50 ms (÷ direct), bytes |\n' +
        '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n' +
        results
          .map(
            (r) =>
              `| ${r.viewport} | ${r.totalItems} | ${r.bytes} | ${f(r.directP50)} | ${f(r.directP99)} | ` +
              `${f(r.bareP50)} (${f(r.bareRatio)}) | ` +
              `${f(r.proxyP50)} | ${f(r.proxyP99)} | ${f(r.ratio)} ${r.ratio <= 1.2 ? '✅' : '❌'} | ` +
              `${f(r.brotliP50)} (${f(r.brotliRatio)}), ${r.brotliBytes} |`,
          )
          .join('\n') +
        '\n\ntarget: proxy ÷ direct ≤ 1.2 (p50, token-cache hit)',
    );
    return results;
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

interface ViewportResult {
  viewport: ViewportName;
  totalItems: number;
  bytes: number;
  directP50: number;
  directP99: number;
  /** The same query through bench/bare-proxy.ts: what one process hop costs with no framework at all. */
  bareP50: number;
  bareRatio: number;
  proxyP50: number;
  proxyP99: number;
  ratio: number;
  /** The same query through the web app as a browser asks for it (`Accept-Encoding: br`): compressed on the fly. */
  brotliP50: number;
  brotliRatio: number;
  brotliBytes: number;
}

/** Interleaves the same viewport query sent straight to the service and through `GET /api/events`. */
async function measureViewport(name: ViewportName, limit: number, accessToken: string): Promise<ViewportResult> {
  const viewport = VIEWPORTS[name];
  const post = (base: string) => () =>
    fetch(`${base}/v2/get/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ locationFilter: { rectangle: viewport }, limit }),
    });
  const direct = post(SERVICE);
  const bare = post(BARE);
  const query = new URLSearchParams({ ...mapValues(viewport), limit: String(limit) });
  // Like a browser, carry the sealed token cookie the web app set on the first answer.
  const first = await fetch(`${WEB}/api/events?${query}`);
  const firstBody = new Uint8Array(await first.arrayBuffer());
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // Uncompressed (the proxy's own cost, as before compression) and as a browser asks for it (brotli on the fly).
  const proxy = () =>
    fetch(`${WEB}/api/events?${query}`, { headers: { 'accept-encoding': 'identity', ...(cookie ? { cookie } : {}) } });
  const brotli = () =>
    fetch(`${WEB}/api/events?${query}`, { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } });
  const brotliBytes = await wireBytes(`${WEB}/api/events?${query}`, cookie);
  const { pagination } = JSON.parse(new TextDecoder().decode(firstBody)) as { pagination: { totalItems: number } };

  const paths = [direct, bare, proxy, brotli];
  for (let i = 0; i < WARMUP; i += 1) for (const path of paths) await timed(path);
  const samples: number[][] = paths.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1) {
    // Rotate which goes first so none always runs on a warmer cache.
    for (let j = 0; j < paths.length; j += 1) {
      const k = (i + j) % paths.length;
      samples[k]!.push(await timed(paths[k]!));
    }
  }
  const [directMs, bareMs, proxyMs, brotliMs] = samples.map((s) => s.sort((a, b) => a - b)) as [
    number[],
    number[],
    number[],
    number[],
  ];
  return {
    viewport: name,
    totalItems: pagination.totalItems,
    bytes: firstBody.byteLength,
    directP50: percentile(directMs, 50),
    directP99: percentile(directMs, 99),
    bareP50: percentile(bareMs, 50),
    bareRatio: percentile(bareMs, 50) / percentile(directMs, 50),
    proxyP50: percentile(proxyMs, 50),
    proxyP99: percentile(proxyMs, 99),
    ratio: percentile(proxyMs, 50) / percentile(directMs, 50),
    brotliP50: percentile(brotliMs, 50),
    brotliRatio: percentile(brotliMs, 50) / percentile(directMs, 50),
    brotliBytes,
  };
}

/** Bytes on the wire of a brotli answer (fetch decodes bodies, so this asks with node:http). */
async function wireBytes(url: string, cookie: string): Promise<number> {
  const { get } = await import('node:http');
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => (n += chunk.length));
      res.on('end', () => resolve(n));
    }).on('error', reject);
  });
}

function mapValues(record: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, String(value)]));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchProxy(Number(process.argv[2] ?? 500));
