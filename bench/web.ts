/*
 * Web benchmark (not a test): against a running production build (BENCH_URL, default http://127.0.0.1:3010) and
 * a seeded service, in Debian's Chromium, it measures
 *   - navigation → first events drawn on the map (performance mark set by the map island on the first frame it
 *     renders with events on screen), median of N cold page loads;
 *   - moveend → updated markers (last moveend mark → the next idle frame drawing the new results), median of N pans;
 *   - JavaScript loaded before the map chunk, gzip: the page's own <script> tags (the map chunk comes later, from a
 *     dynamic import after hydration), each gzipped here at the default level — read in a separate, untimed load.
 * Usage: npx tsx bench/web.ts [runs]   (BENCH_OUT=path changes where the JSON goes; default bench/results/web.json)
 * The figures and the machine's load average at start and end are printed and written to bench/results/web.json.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3010';
const runs = Number(process.argv[2] ?? 5);

const loadAtStart = loadavg().map((n) => Math.round(n * 100) / 100);
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function markTime(page: Page, name: string): Promise<number> {
  await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout: 60_000 });
  return page.evaluate((n) => performance.getEntriesByName(n).at(-1)!.startTime, name);
}

// 1. The JavaScript before the map chunk, from one untimed page load: reading every script's body back from the browser
// (1.6 MB with MapLibre and its worker) costs CPU in the browser and here, so the timed loads below do not do it.
let jsBeforeMap = 0;
let mapChunk = 0;
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts: { url: string; body: Promise<Buffer> }[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      const body = response.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: response.url(), body });
    }
  });
  await page.goto(`${base}/?at=46.6,2.35,5`);
  await markTime(page, 'eventmap:first-events-drawn');
  // The page's own <script> tags are what loads before the map: the map chunk is requested by a dynamic import
  // after hydration. Everything fetched later (MapLibre, the island) counts as the map chunk.
  // Chunks loaded later are added as <script> tags too, so read the server's HTML, not the live DOM.
  const html = await (await page.request.get(`${base}/?at=46.6,2.35,5`)).text();
  // noModule scripts (legacy polyfills) are never fetched by a modern browser.
  const initial = [...html.matchAll(/<script([^>]+)>/g)]
    .filter((m) => !/nomodule/i.test(m[1]!))
    .map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])
    .filter((src): src is string => src !== undefined)
    .map((src) => new URL(src, base).href);
  for (const script of scripts) {
    const gz = gzipSync(await script.body).length;
    if (process.env.BENCH_DEBUG) console.error(initial.includes(script.url) ? 'before' : 'after ', gz, script.url);
    if (initial.includes(script.url)) jsBeforeMap += gz;
    else mapChunk += gz;
  }
  await context.close();
}

// 2. Navigation → first events drawn, median of cold page loads (a new browser context each).
const firstDrawn: number[] = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/?at=46.6,2.35,5`);
  firstDrawn.push(await markTime(page, 'eventmap:first-events-drawn'));
  await context.close();
}

// 3. moveend → updated markers.
const moveToDrawn: number[] = [];
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/?at=46.6,2.35,7`);
  await markTime(page, 'eventmap:first-events-drawn');
  const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
  for (let i = 0; i < runs; i++) {
    await page.evaluate(() => performance.clearMarks('eventmap:events-drawn'));
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const dx = (i % 2 === 0 ? -1 : 1) * 400;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 8 });
    await page.mouse.up();
    const drawn = await markTime(page, 'eventmap:events-drawn');
    const moveEnd = await page.evaluate(() => performance.getEntriesByName('eventmap:moveend').at(-1)!.startTime);
    moveToDrawn.push(drawn - moveEnd);
  }
  await context.close();
}
await browser.close();

const result = {
  measuredAt: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
  },
  url: `${base}/?at=46.6,2.35,5`,
  targets: { firstEventsDrawnMs: 1500, jsBeforeMapChunkGzipBytes: 150_000 },
  firstEventsDrawnMs: { median: Math.round(median(firstDrawn)), runs: firstDrawn.map(Math.round) },
  moveEndToMarkersMs: { median: Math.round(median(moveToDrawn)), runs: moveToDrawn.map(Math.round) },
  jsBeforeMapChunkGzipBytes: jsBeforeMap,
  jsBeforeMapChunkGzipKb: Math.round(jsBeforeMap / 102.4) / 10,
  mapChunkGzipKb: Math.round(mapChunk / 102.4) / 10,
};
console.log(JSON.stringify(result, null, 2));
writeFileSync(
  process.env.BENCH_OUT ?? new URL('results/web.json', import.meta.url),
  JSON.stringify(result, null, 2) + '\n',
);
