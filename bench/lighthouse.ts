/**
 * `npm run bench:web` — Lighthouse (the npm package, Debian's Chromium) against a production build served as
 * `npm start` serves it (scripts/web-server.ts: pre-compressed static files, compressed answers) and the seeded e2e
 * service, both started here on their own ports. Pages: the home page (the brand's default view), the home page at a
 * city zoom (Lyon, zoom 12), an event page and a place page; Lighthouse's mobile preset (simulated slow 4G, 4× CPU
 * slowdown) and its desktop preset; the median of RUNS runs each (a fresh browser per run).
 *
 * Writes bench/results/lighthouse.json (every run's figures, the median, the largest requests, the LCP element, the
 * load average around each page) and bench/results/lighthouse.md (the table of docs/performance.md). Also measures
 * the home page's first-load bytes without the basemap's data (target ≤ 500 KB) and the explorer's 500-event answer
 * on the wire (target ≤ 30 KB).
 *
 *   npm run build && npm run bench:web
 *   BENCH_RUNS=1 BENCH_PAGES=home,event BENCH_PRESETS=mobile npm run bench:web   # a quicker subset
 *   BENCH_SERVICE_PORT / BENCH_WEB_PORT / BENCH_CHROME_PORT move the servers off their defaults (4320 / 3320 / 9320).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { launch } from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { startBenchServers, type BenchServers } from './web-servers';

const SERVICE_PORT = Number(process.env.BENCH_SERVICE_PORT ?? 4320);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3320);
const CHROME_PORT = Number(process.env.BENCH_CHROME_PORT ?? 9320);
const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;
const WEB = `http://127.0.0.1:${WEB_PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Targets of the explorer on a phone (Performance score, 0–100; CLS; bytes). */
const TARGETS = {
  score: { home: { mobile: 85, desktop: 95 }, event: { mobile: 90, desktop: 95 } },
  cls: 0.05,
  homeFirstLoadBytes: 500_000,
  explorerAnswerWireBytes: 30_000,
} as const;

type PresetName = 'mobile' | 'desktop';
type PageName = 'home' | 'home-city' | 'home-no-webgl' | 'event' | 'place';
/**
 * Chromium flags a page is measured with. `home-no-webgl` is the home page in a browser without WebGL (the explorer's
 * list-only mode, no MapLibre): what the page costs without the map, to tell the map's share from the rest.
 */
const PAGE_FLAGS: Partial<Record<PageName, string[]>> = { 'home-no-webgl': ['--disable-webgl', '--disable-webgl2'] };
const PRESETS: Record<PresetName, Config | undefined> = {
  // Lighthouse's default: a mid-range phone, simulated slow 4G (150 ms RTT, 1.6 Mbit/s), 4× CPU slowdown.
  mobile: undefined,
  desktop: desktopConfig,
};
/** The basemap's data (land, borders, place tiles): what "before the map's tiles" leaves out. */
const BASEMAP_DATA = /\/basemap\//;

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const load = () => loadavg().map((n) => round(n, 2));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface SeededEvent {
  id: number;
  mapPlace?: { id: string } | null;
  place: { mapId?: string | null };
  cancelledAt: string | null;
}

/** An upcoming, not cancelled event with a map place of the seeded catalogue: its page and its place's page. */
async function pickPages(): Promise<{ event: string; place: string }> {
  const login = await fetch(`${SERVICE}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const now = Date.now();
  const response = await fetch(`${SERVICE}/v2/get/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      datesFilter: { minDate: new Date(now).toISOString(), maxDate: new Date(now + 60 * 86_400_000).toISOString() },
      limit: 100,
      getPerformers: true,
    }),
  });
  const { data } = (await response.json()) as { data: SeededEvent[] };
  const event = data.find((e) => e.cancelledAt === null && (e.mapPlace?.id ?? e.place.mapId));
  if (!event) throw new Error('the seeded service has no upcoming event with a map place');
  const placeId = (event.mapPlace?.id ?? event.place.mapId)!;
  return { event: `/events/${event.id}`, place: `/places/${encodeURIComponent(placeId)}` };
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredBytes: number;
  /** Everything but the basemap's data (land, borders, tiles). */
  transferredBeforeBasemapBytes: number;
  requests: number;
  lcpElement: string | null;
  largestRequests: { url: string; bytes: number; type: string }[];
  diagnostics: Record<string, number | null>;
}

function auditValue(lhr: LighthouseResult, id: string): number {
  return lhr.audits[id]?.numericValue ?? NaN;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: LighthouseResult): RunFigures {
  const network = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const bytes = (items: NetworkItem[]) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } | undefined;
  const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node;
  const wasted = (id: string) =>
    (lhr.audits[id]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? null;
  return {
    score: round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: round(auditValue(lhr, 'first-contentful-paint')),
    lcpMs: round(auditValue(lhr, 'largest-contentful-paint')),
    tbtMs: round(auditValue(lhr, 'total-blocking-time')),
    cls: round(auditValue(lhr, 'cumulative-layout-shift'), 3),
    speedIndexMs: round(auditValue(lhr, 'speed-index')),
    transferredBytes: bytes(network),
    transferredBeforeBasemapBytes: bytes(network.filter((item) => !BASEMAP_DATA.test(item.url))),
    requests: network.length,
    lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : null,
    largestRequests: [...network]
      .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
      .slice(0, 6)
      .map((item) => ({
        url: item.url.replace(WEB, ''),
        bytes: item.transferSize ?? 0,
        type: item.resourceType ?? '',
      })),
    diagnostics: {
      mainThreadMs: round(auditValue(lhr, 'mainthread-work-breakdown')),
      bootupMs: round(auditValue(lhr, 'bootup-time')),
      unusedJsBytes: wasted('unused-javascript'),
      renderBlockingMs: round(auditValue(lhr, 'render-blocking-resources')),
      interactiveMs: round(auditValue(lhr, 'interactive')),
      // Lighthouse's own measure of this machine's CPU speed: its 4× mobile slowdown assumes a fast desktop, so the
      // same page scores lower on a slower or busier machine. Kept so that runs on different days can be compared.
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    },
  };
}

/** Where each run's full Lighthouse report goes, when set (to read its diagnostics). */
const LHR_DIR = process.env.BENCH_LHR_DIR;
let runNumber = 0;

/**
 * One Lighthouse run; a run whose trace Lighthouse could not record (NO_NAVSTART, NO_FCP: a loaded machine) is run
 * again, twice at most.
 */
async function runOnce(url: string, preset: PresetName, flags: string[]): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url, preset, flags);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`retrying ${url} (${preset}): ${(error as Error).message}`);
    }
  }
}

async function runLighthouse(url: string, preset: PresetName, pageFlags: string[]): Promise<RunFigures> {
  const chrome = await launch({
    chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
    chromeFlags: ['--headless=new', ...(CHROMIUM_LAUNCH_OPTIONS.args ?? []), ...pageFlags],
    port: CHROME_PORT,
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Screenshots cost time in the browser and are not reported.
      skipAudits: ['screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
    };
    const result = await lighthouse(url, flags, PRESETS[preset]);
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    if (LHR_DIR) {
      mkdirSync(LHR_DIR, { recursive: true });
      writeFileSync(`${LHR_DIR}/${++runNumber}-${preset}.json`, JSON.stringify(result.lhr));
    }
    return figuresOf(result.lhr);
  } finally {
    chrome.kill();
  }
}

interface PageResult {
  page: PageName;
  preset: PresetName;
  url: string;
  loadAverage: { start: number[]; end: number[] };
  median: Omit<RunFigures, 'largestRequests' | 'lcpElement' | 'diagnostics'>;
  /** From the run whose score is the median. */
  medianRun: RunFigures;
  runs: RunFigures[];
}

function summarize(page: PageName, preset: PresetName, url: string, runs: RunFigures[], start: number[]): PageResult {
  const m = (key: keyof PageResult['median']) => median(runs.map((r) => r[key]));
  const byScore = [...runs].sort((a, b) => a.score - b.score);
  return {
    page,
    preset,
    url: url.replace(WEB, ''),
    loadAverage: { start, end: load() },
    median: {
      score: m('score'),
      fcpMs: m('fcpMs'),
      lcpMs: m('lcpMs'),
      tbtMs: m('tbtMs'),
      cls: m('cls'),
      speedIndexMs: m('speedIndexMs'),
      transferredBytes: m('transferredBytes'),
      transferredBeforeBasemapBytes: m('transferredBeforeBasemapBytes'),
      requests: m('requests'),
    },
    medianRun: byScore[Math.floor(byScore.length / 2)]!,
    runs,
  };
}

/** The explorer's answer for a full page of 500 events (mainland France), as a browser gets it (brotli). */
async function explorerAnswer(): Promise<{ events: number; wireBytes: number; bytes: number; encoding: string }> {
  const now = Date.now();
  const year = `from=${new Date(now).toISOString()}&to=${new Date(now + 365 * 86_400_000).toISOString()}`;
  const query = `minLng=-5.2&maxLng=9.6&minLat=41.3&maxLat=51.1&${year}&sort=soonest&limit=500`;
  const url = `${WEB}/api/explorer/events?${query}`;
  const { request } = await import('node:http');
  const raw = await new Promise<{ body: Buffer; encoding: string }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding']) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
  const plain = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
  const { data } = JSON.parse(plain) as { data: unknown[] };
  return { events: data.length, wireBytes: raw.body.length, bytes: Buffer.byteLength(plain), encoding: raw.encoding };
}

const kb = (bytes: number) => `${round(bytes / 1000)} KB`;
const s = (ms: number) => `${round(ms / 1000, 1)} s`;

function table(results: PageResult[]): string {
  const target = (r: PageResult) => {
    const page = r.page === 'home' || r.page === 'home-city' ? 'home' : r.page === 'event' ? 'event' : null;
    // home-no-webgl is a diagnostic (the page without its map), held to no target.
    return page ? TARGETS.score[page][r.preset] : null;
  };
  const rows = results.map((r) => {
    const t = target(r);
    const score = `${r.median.score}${t === null ? '' : ` ${r.median.score >= t ? '✅' : '❌'} (≥ ${t})`}`;
    const cls = `${r.median.cls} ${r.median.cls <= TARGETS.cls ? '✅' : '❌'}`;
    const largest = r.medianRun.largestRequests
      .slice(0, 3)
      .map((q) => `\`${q.url.replace(/\?.*/, '').split('/').pop() || q.url}\` ${kb(q.bytes)}`)
      .join(', ');
    return (
      `| ${r.page} | ${r.preset} | ${score} | ${s(r.median.lcpMs)} | ${round(r.median.tbtMs)} ms | ${cls} | ` +
      `${kb(r.median.transferredBytes)} | ${largest} | ${r.loadAverage.start[0]}–${r.loadAverage.end[0]} |`
    );
  });
  return [
    '| page | preset | Performance | LCP | TBT | CLS | transferred | largest requests | load (1 min) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows,
  ].join('\n');
}

const pageFilter = process.env.BENCH_PAGES?.split(',');
const presetFilter = process.env.BENCH_PRESETS?.split(',');
if (!existsSync('.next/BUILD_ID')) throw new Error('bench:web needs a production build: run `npm run build` first');
const loadAtStart = load();
let servers: BenchServers | undefined;
try {
  servers = await startBenchServers({ servicePort: SERVICE_PORT, webPort: WEB_PORT, dir: '.data/bench-lighthouse' });
  const record = await pickPages();
  const pages: Record<PageName, string> = {
    home: `${WEB}/`,
    'home-city': `${WEB}/?at=45.76,4.835,12`,
    'home-no-webgl': `${WEB}/`,
    event: `${WEB}${record.event}`,
    place: `${WEB}${record.place}`,
  };
  // Warm the server (first compilation of each route, the token, the catalogue mirror) before any measured run.
  for (const url of Object.values(pages)) await fetch(url).then((r) => r.arrayBuffer());
  const results: PageResult[] = [];
  for (const preset of Object.keys(PRESETS) as PresetName[]) {
    if (presetFilter && !presetFilter.includes(preset)) continue;
    for (const [page, url] of Object.entries(pages) as [PageName, string][]) {
      if (pageFilter && !pageFilter.includes(page)) continue;
      const start = load();
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(url, preset, PAGE_FLAGS[page] ?? []));
      const result = summarize(page, preset, url, runs, start);
      console.log(
        `${page} ${preset}: score ${result.median.score} (${runs.map((r) => r.score).join(', ')}), ` +
          `LCP ${s(result.median.lcpMs)}, TBT ${result.median.tbtMs} ms, CLS ${result.median.cls}, ` +
          `${kb(result.median.transferredBytes)}; LCP element ${result.medianRun.lcpElement}; load ${load().join(' ')}`,
      );
      results.push(result);
    }
  }
  const answer = await explorerAnswer();
  const home = results.find((r) => r.page === 'home' && r.preset === 'mobile');
  const summary = {
    measuredAt: new Date().toISOString(),
    lighthouse: (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version,
    runsPerPage: RUNS,
    loadAverage: { start: loadAtStart, end: load() },
    targets: TARGETS,
    homeFirstLoadBeforeBasemapBytes: home?.median.transferredBeforeBasemapBytes ?? null,
    explorerAnswer: answer,
    results,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/lighthouse.json', JSON.stringify(summary, null, 2) + '\n');
  const md =
    `Lighthouse ${summary.lighthouse}, median of ${RUNS} runs, ${summary.measuredAt}, load average ` +
    `${loadAtStart.join(' / ')} at start, ${summary.loadAverage.end.join(' / ')} at end.\n\n` +
    table(results) +
    '\n\n' +
    (home
      ? `Home page first load without the basemap's data (mobile): ${kb(home.median.transferredBeforeBasemapBytes)} ` +
        `(target ≤ ${kb(TARGETS.homeFirstLoadBytes)}).\n`
      : '') +
    `Explorer answer, ${answer.events} events: ${answer.bytes} B, ${answer.wireBytes} B on the wire (${answer.encoding}; ` +
    `target ≤ ${kb(TARGETS.explorerAnswerWireBytes)}).\n`;
  writeFileSync('bench/results/lighthouse.md', md);
  console.log('\n' + md);
} finally {
  servers?.stop();
}
