/**
 * Partner-side benchmarks (a benchmark, never a timed test):
 *  - catalogue mirror: initial sync of N events (default 100 000) and an incremental sync after 1 000 `simulate`
 *    changes — time, peak RSS of the syncing process, response bytes;
 *  - sitemap: generating the index and every file from the mirror;
 *  - dashboard: `/partner` (12 months) over 100 000 clicks through the production build — first render of a cold
 *    web process, then warm renders (median).
 * Run: node --conditions=react-server --import tsx bench/dashboard.ts [events]   (needs `npm run build` for the last)
 * Ports 4161/3161.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import Database from 'better-sqlite3';
import { ZGetCatalogueResponseSchema, type TGetCatalogueResponse } from '@/lib/contract';
import { openMirrorDb } from '@/lib/mirror/mirror-db';
import { sitemapFileCounts, type SitemapKind } from '@/lib/mirror/sitemap-entries';
import { sitemapFileXml, sitemapIndexXml } from '@/lib/mirror/sitemap';
import { syncCatalogue } from '@/lib/mirror/sync-catalogue';
import { createPartner, partnerOperations } from '@/lib/partner';

const args = process.argv.slice(2);
/** `--reuse`: keep the database a previous run seeded (seeding 100 000 events takes minutes). */
const REUSE = args.includes('--reuse');
const EVENTS = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 100_000);
const CLICKS = 100_000;
const SERVICE_PORT = 4161;
const WEB_PORT = 3161;
const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;
const WEB = `http://127.0.0.1:${WEB_PORT}`;
const DIR = '.data/bench-dashboard';
const DB = `${DIR}/partner-api.sqlite`;
const MIRROR = `${DIR}/catalogue-mirror.sqlite`;
const PASSWORD = 'bench-dashboard-password';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 900; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function cli(args: string[]) {
  const run = spawnSync('npx', ['tsx', 'partner-api/cli.ts', ...args], {
    env: { ...process.env, PARTNER_API_DB: DB, PARTNER_API_PORT: String(SERVICE_PORT), LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`partner-api ${args.join(' ')} failed`);
}

/** Replaces the demo client's clicks with CLICKS clicks spread over the last 12 months, on seeded sources. */
function insertClicks(): void {
  const db = new Database(DB);
  const sources = db
    .prepare('SELECT s.id, s.event_id, e.name FROM sources s JOIN events e ON e.id = s.event_id')
    .all() as Array<{
    id: number;
    event_id: number;
    name: string;
  }>;
  const now = Date.now();
  const insert = db.prepare(
    `INSERT INTO clicks (client_id, source_id, event_id, event_name, source_name, link, commission, created_ms)
     VALUES ('demo', ?, ?, ?, 'TicketSud', ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare("DELETE FROM clicks WHERE client_id = 'demo'").run();
    for (let i = 0; i < CLICKS; i += 1) {
      const source = sources[(i * 7919) % sources.length]!;
      const at = now - Math.floor(((CLICKS - i) / CLICKS) * 364 * 86_400_000);
      insert.run(source.id, source.event_id, source.name, `${SERVICE}/r/bench-${i}`, ((i % 300) + 10) / 100, at);
    }
  })();
  db.close();
}

async function main(): Promise<void> {
  const results: Record<string, unknown> = { events: EVENTS, clicks: CLICKS, startLoad: load() };
  mkdirSync(DIR, { recursive: true });
  const reuse = REUSE && existsSync(DB);
  for (const file of reuse ? [MIRROR] : [DB, MIRROR]) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
  if (!reuse) {
    console.log(`Seeding ${EVENTS} events… (load ${load()})`);
    cli(['seed', '--events', String(EVENTS)]);
  }
  insertClicks();

  const service = spawn('node_modules/.bin/tsx', ['partner-api/cli.ts', 'serve'], {
    env: {
      ...process.env,
      PARTNER_API_DB: DB,
      PARTNER_API_PORT: String(SERVICE_PORT),
      LOG_LEVEL: 'warn',
      PARTNER_API_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: 'inherit',
  });
  const children: ChildProcess[] = [service];
  try {
    await waitFor(`${SERVICE}/health`, service);
    const { client } = createPartner({
      baseUrl: SERVICE,
      clientId: 'demo',
      clientSecret: 'demo-secret',
      sessionSecret: 'x'.repeat(32),
      timeoutMs: 60_000,
      validate: 'off',
    });
    let bytes = 0;
    const decoder = new TextDecoder();
    const fetchPage = async (body: Parameters<typeof partnerOperations.getCatalogue>[0]) => {
      const raw = await client.raw(partnerOperations.getCatalogue(body));
      bytes += raw.bytes.length;
      return JSON.parse(decoder.decode(raw.bytes)) as TGetCatalogueResponse;
    };
    void ZGetCatalogueResponseSchema;

    const db = openMirrorDb(MIRROR);
    const measure = async (label: string, run: () => Promise<unknown>) => {
      bytes = 0;
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const start = performance.now();
      const report = await run();
      const ms = performance.now() - start;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const figure = {
        ms: Math.round(ms),
        bytes,
        peakRssMb: Math.round(peak / 2 ** 20),
        rssGrowthMb: Math.round((peak - baseline) / 2 ** 20),
        load: load(),
        report,
      };
      console.log(label, JSON.stringify(figure));
      return figure;
    };
    results.initialSync = await measure('mirror initial sync', () => syncCatalogue(db, fetchPage));
    cli(['simulate', '--changes', '1000', '--seed', '7']);
    results.incrementalSync = await measure('mirror incremental sync (1 000 changes)', () =>
      syncCatalogue(db, fetchPage),
    );

    // Sitemap: the index and every file, as crawlers would fetch them.
    const timings: number[] = [];
    let urls = 0;
    for (let round = 0; round < 5; round += 1) {
      const start = performance.now();
      const now = Date.now();
      sitemapIndexXml(db, 'https://events.example', now);
      const counts = sitemapFileCounts(db, now);
      urls = 0;
      for (const kind of Object.keys(counts) as SitemapKind[]) {
        for (let n = 1; n <= counts[kind]; n += 1) {
          urls += (sitemapFileXml(db, kind, n, 'https://events.example', now).match(/<url>/g) ?? []).length;
        }
      }
      timings.push(performance.now() - start);
    }
    results.sitemap = { medianMs: Math.round(median(timings)), urls, load: load() };
    console.log('sitemap generation', JSON.stringify(results.sitemap));
    db.close();

    if (existsSync('.next/BUILD_ID')) {
      const web = spawn('node_modules/.bin/next', ['start', '-p', String(WEB_PORT), '-H', '127.0.0.1'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PARTNER_API_URL: SERVICE,
          PARTNER_CLIENT_ID: 'demo',
          PARTNER_CLIENT_SECRET: 'demo-secret',
          SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
          PARTNER_DASHBOARD_PASSWORD: PASSWORD,
          CATALOGUE_MIRROR_FILE: MIRROR,
          CATALOGUE_SYNC_INTERVAL_SECONDS: '3600',
        },
        stdio: 'ignore',
      });
      children.push(web);
      await waitFor(`${WEB}/robots.txt`, web);
      const signIn = await fetch(`${WEB}/partner/sign-in`, {
        method: 'POST',
        body: new URLSearchParams({ password: PASSWORD }),
        redirect: 'manual',
      });
      const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
      if (!cookie) throw new Error('sign-in failed');
      const render = async () => {
        const start = performance.now();
        const response = await fetch(`${WEB}/partner?period=12m`, { headers: { cookie, 'accept-language': 'en' } });
        const html = await response.text();
        if (!html.includes('data-total="clicks"')) throw new Error('the dashboard did not render');
        return performance.now() - start;
      };
      const cold = await render();
      // Facts (category, town) of clicked events the mirror never saw are fetched in the background after the first
      // render; warm renders are measured once that has settled.
      const settling = performance.now();
      for (let i = 0; i < 240; i += 1) {
        const response = await fetch(`${WEB}/partner?period=12m`, { headers: { cookie, 'accept-language': 'en' } });
        if (!(await response.text()).includes('still loading')) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const settledMs = performance.now() - settling;
      const warm: number[] = [];
      for (let i = 0; i < 15; i += 1) warm.push(await render());
      results.dashboard = {
        coldMs: Math.round(cold),
        factsSettledAfterMs: Math.round(settledMs),
        warmMedianMs: Math.round(median(warm)),
        load: load(),
      };
      console.log('dashboard (12 months, 100 000 clicks)', JSON.stringify(results.dashboard));
    } else {
      console.log('dashboard: skipped (needs `npm run build`)');
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/dashboard.json', `${JSON.stringify(results, null, 2)}\n`);
}

await main();
