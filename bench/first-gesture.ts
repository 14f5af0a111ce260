/**
 * `npx tsx bench/first-gesture.ts` — a visitor's first gesture on the home page (issue 29 §3): at 390×844 (touch,
 * mobile) under 4× CPU throttling (Chromium's own, as DevTools applies it), the home page opens on its drawn first
 * view, then the visitor's first touch is
 *   - a tap on the map: the interaction's duration as Event Timing reports it (INP of that first tap, target
 *     ≤ 200 ms), the time from the touch to the live map's first frame with the events, and to the live map idle
 *     with its events and its whole basemap (target ≤ 1.5 s);
 *   - a swipe across the map (150 px in 10 moves): the same time to the live map, and whether the swipe panned the
 *     view (the camera in the URL after the swipe, east of where it started).
 * RUNS fresh pages of each (default 5; a fresh browser context each, so MapLibre's chunk and the tiles come from
 * the server's HTTP cache headers only, as on a first visit), the median of each figure, and the load average.
 * Writes bench/results/first-gesture.json. Needs a production build (`npm run build`); starts its own servers
 * (BENCH_SERVICE_PORT / BENCH_WEB_PORT, defaults 4330 / 3330).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/chromium';
import { startBenchServers, type BenchServers } from './web-servers';

const SERVICE_PORT = Number(process.env.BENCH_SERVICE_PORT ?? 4330);
const WEB_PORT = Number(process.env.BENCH_WEB_PORT ?? 3330);
const RUNS = Number(process.env.RUNS ?? 5);
const CPU_SLOWDOWN = 4;
/** The first view the journeys use: France at zoom 6, so the swipe's distance in degrees is known. */
const START = { lat: 46.6, lng: 2.35, zoom: 6 };
const PATH = `/?at=${START.lat},${START.lng},${START.zoom}`;

type Gesture = 'tap' | 'swipe';

interface Run {
  /** From the first touch to the live map's first frame with the events on it (its `eventmap:first-events-drawn`). */
  timeToEventsDrawnMs: number | null;
  /** From the first touch to the live map idle with its events and whole basemap (`data-features` on the map). */
  timeToLiveMapMs: number;
  /** The first interaction's duration (Event Timing, the figure INP is made of); a swipe is no interaction. */
  firstInteractionMs: number | null;
  /** The camera after the gesture (swipe: east of START when it panned). */
  lngAfter: number | null;
  /**
   * A swipe's ten moves, from the first touch to the page's answer to the last one (each move waits for the page to
   * take it): what the finger would feel. A main thread kept busy by the map's start makes it longer.
   */
  swipeMs: number | null;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const load = () => loadavg().map((n) => round(n, 2));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const drawn = (runs: Run[]) => runs.map((r) => r.timeToEventsDrawnMs).filter((v): v is number => v !== null);

/** Set before the page's own scripts: the first touch, the live map's first drawing, the interactions. */
function observeFirstGesture() {
  const state = {
    touch: null as number | null,
    live: null as number | null,
    interactions: [] as { id: number; duration: number }[],
  };
  (window as unknown as { __firstGesture: typeof state }).__firstGesture = state;
  addEventListener('touchstart', () => (state.touch ??= performance.now()), { capture: true, passive: true });
  new PerformanceObserver((list) => {
    // Event Timing's interactionId is not in TypeScript's DOM types yet.
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (entry.interactionId) state.interactions.push({ id: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new MutationObserver(() => {
    if (state.live === null && document.querySelector('[data-testid="event-map"][data-features]')) {
      state.live = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-features'] });
}

async function openPhonePage(browser: Browser, web: string): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-GB',
  });
  await context.addInitScript(observeFirstGesture);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${web}${PATH}`);
  // Hydrated, and the first-gesture listeners attached (an effect, a frame later): as e2e/helpers.ts#startMap.
  await page.locator('[data-map-mode="map"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  return { page, cdp };
}

async function runOnce(browser: Browser, web: string, gesture: Gesture): Promise<Run> {
  const { page, cdp } = await openPhonePage(browser, web);
  try {
    const box = (await page.locator('[data-map-area]').boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + 120;
    let swipeMs: number | null = null;
    if (gesture === 'tap') {
      await page.touchscreen.tap(x, y);
    } else {
      const began = performance.now();
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number) =>
        cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y, id: 1 }] });
      await touch('touchStart', x);
      for (let i = 1; i <= 10; i++) {
        await touch('touchMove', x - i * 15);
        await page.waitForTimeout(16);
      }
      await touch('touchEnd', x - 150);
      swipeMs = round(performance.now() - began);
    }
    await page.waitForFunction(
      () => (window as unknown as { __firstGesture: { live: number | null } }).__firstGesture.live !== null,
      undefined,
      { timeout: 60_000, polling: 50 },
    );
    // The camera is read once the explorer has settled (the list shows the state's answer and the live map is idle,
    // drawing it): on a busy phone the live map can load before the swipe's own events are handled, and the URL
    // passes through the first view's camera on the way. This also gives the interaction's entry its next paint.
    await page.locator('[data-view="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100))));
    const state = await page.evaluate(() => ({
      ...(
        window as unknown as {
          __firstGesture: { touch: number; live: number; interactions: { id: number; duration: number }[] };
        }
      ).__firstGesture,
      eventsDrawn: performance.getEntriesByName('eventmap:first-events-drawn')[0]?.startTime ?? null,
    }));
    const firstId = state.interactions[0]?.id;
    const first = state.interactions.filter((entry) => entry.id === firstId).map((entry) => entry.duration);
    const at = new URL(page.url()).searchParams.get('at');
    return {
      timeToEventsDrawnMs: state.eventsDrawn === null ? null : round(state.eventsDrawn - state.touch),
      timeToLiveMapMs: round(state.live - state.touch),
      firstInteractionMs: gesture === 'tap' && first.length > 0 ? Math.max(...first) : null,
      lngAfter: at ? Number(at.split(',')[1]) : null,
      swipeMs,
    };
  } finally {
    await page.context().close();
  }
}

let servers: BenchServers | undefined;
const loadAtStart = load();
try {
  servers = await startBenchServers({ servicePort: SERVICE_PORT, webPort: WEB_PORT, dir: '.data/bench-first-gesture' });
  // Warm the server (the route, the token, the catalogue mirror, MapLibre's files) before any measured run.
  await fetch(`${servers.web}${PATH}`).then((r) => r.arrayBuffer());
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const runs: Record<Gesture, Run[]> = { tap: [], swipe: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      for (const gesture of ['tap', 'swipe'] as const) {
        const run = await runOnce(browser, servers.web, gesture);
        runs[gesture].push(run);
        console.log(`${gesture} ${i + 1}: ${JSON.stringify(run)} load ${load()[0]}`);
      }
    }
  } finally {
    await browser.close();
  }
  const taps = runs.tap.map((r) => r.firstInteractionMs).filter((v): v is number => v !== null);
  const summary = {
    measuredAt: new Date().toISOString(),
    viewport: '390×844, touch, mobile',
    cpuSlowdown: CPU_SLOWDOWN,
    runs: RUNS,
    loadAverage: { start: loadAtStart, end: load() },
    targets: { firstTapInteractionMs: 200, timeToLiveMapMs: 1500 },
    median: {
      tap: {
        firstInteractionMs: median(taps),
        timeToEventsDrawnMs: median(drawn(runs.tap)),
        timeToLiveMapMs: median(runs.tap.map((r) => r.timeToLiveMapMs)),
      },
      swipe: {
        timeToEventsDrawnMs: median(drawn(runs.swipe)),
        timeToLiveMapMs: median(runs.swipe.map((r) => r.timeToLiveMapMs)),
        swipeMs: median(runs.swipe.map((r) => r.swipeMs ?? NaN)),
        pannedRuns: runs.swipe.filter((r) => r.lngAfter !== null && r.lngAfter > START.lng + 1).length,
      },
    },
    all: runs,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/first-gesture.json', JSON.stringify(summary, null, 2) + '\n');
  console.log(JSON.stringify(summary.median), 'load', summary.loadAverage);
} finally {
  servers?.stop();
}
