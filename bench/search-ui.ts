/*
 * Search bar benchmark (not a test): against a running production build (BENCH_URL, default http://127.0.0.1:3010)
 * and a seeded service, in Debian's Chromium, it types queries into the search bar and measures the time from the
 * end of the debounce (performance mark `eventmap:search-asked`, set when the typed text is sent) to the frame that
 * shows the whole suggestion list — towns and the API's matches (`eventmap:suggestions-shown`). Median of N queries,
 * each new to the page's cache, typed once the map has drawn its first events. The server's first town lookup reads
 * and indexes the gazetteer (~0.4 s once per process): run the benchmark twice after a restart and keep the second.
 * Usage: npx tsx bench/search-ui.ts [runs]   (writes bench/results/search-ui.json)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';

const base = process.env.BENCH_URL ?? 'http://127.0.0.1:3010';
const runs = Number(process.argv[2] ?? 3);
const QUERIES = ['lyon', 'st etienne', 'aix', 'concert', 'jazz', 'bordeaux', 'expo', 'marseille', 'festival', 'nantes'];

const loadAtStart = Math.round(loadavg()[0]! * 100) / 100;
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('[data-map-mode]:not([data-map-mode="pending"])').waitFor({ timeout: 60_000 });
  // Measured once the map has drawn its first events: before that, software WebGL holds the main thread.
  await page.locator('[data-testid="event-map"]:not([data-drawn="0"])').waitFor({ timeout: 60_000 });
  const box = page.getByRole('combobox', { name: /search/i });
  for (const q of QUERIES) {
    await page.evaluate(() => performance.clearMarks());
    await box.fill(q);
    // The list for this text: a shown mark after the last asked mark.
    const ms = await page
      .waitForFunction(
        () => {
          const asked = performance.getEntriesByName('eventmap:search-asked').at(-1)?.startTime;
          const shown = performance.getEntriesByName('eventmap:suggestions-shown').at(-1)?.startTime;
          return asked !== undefined && shown !== undefined && shown > asked ? shown - asked : false;
        },
        null,
        { timeout: 30_000 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    times.push(ms);
  }
  await context.close();
}
await browser.close();

times.sort((a, b) => a - b);
const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
const result = {
  date: new Date().toISOString(),
  base,
  samples: times.length,
  loadAverage: { start: loadAtStart, end: Math.round(loadavg()[0]! * 100) / 100 },
  debounceToListMs: { p50: at(0.5), p90: at(0.9), max: at(1) },
};
const out = join(dirname(fileURLToPath(import.meta.url)), 'results', 'search-ui.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `search bar: debounce → whole list shown p50 ${result.debounceToListMs.p50} ms, p90 ${result.debounceToListMs.p90} ms ` +
    `over ${times.length} queries (load ${result.loadAverage.start} → ${result.loadAverage.end})`,
);
