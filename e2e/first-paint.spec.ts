/*
 * The home page's structure for a fast first paint (not timings: docs/performance.md has those): the largest
 * contentful paint is a card of the server-rendered results list, not the map; the map's box shows the server's
 * drawing of it and MapLibre waits for the visitor's first gesture; nothing moves when the rest of the page arrives
 * (the layout shifts add up to ≤ 0.05), on a phone and on a desktop screen.
 */
import { expect, resending, test } from './fixtures/test';
import { recordEventsCalls, waitForMarkers } from './helpers';

declare global {
  interface Window {
    firstPaint?: { lcp: { element: Element | null; size: number }[]; shifts: number[] };
  }
}

const SCREENS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

for (const screen of SCREENS) {
  test(`on a ${screen.name}, the list is the largest paint and the page does not shift`, async ({
    browser,
    consoleErrors,
  }) => {
    const context = await browser.newContext({
      viewport: screen.viewport,
      isMobile: screen.isMobile,
      hasTouch: screen.hasTouch,
      locale: 'en-GB',
    });
    consoleErrors.watch(context);
    await context.addInitScript(() => {
      const record = { lcp: [] as { element: Element | null; size: number }[], shifts: [] as number[] };
      window.firstPaint = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
          record.lcp.push({ element: entry.element, size: entry.size });
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) record.shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const calls = recordEventsCalls(page);

    // The first cards are in the server's HTML: they paint before any script runs.
    const html = await (await resending(page.request).get('/')).text();
    expect(html).toMatch(/<li[^>]+data-event-id="\d+"/);

    const mapLibRequests: string[] = [];
    page.on('request', (request) => {
      if (/maplibre/i.test(request.url())) mapLibRequests.push(request.url());
    });
    await page.goto('/');
    // The server drew the map's first view with the list's events as dots.
    await expect(page.getByTestId('map-backdrop')).toHaveAttribute('data-dots', /^[1-9]\d*$/);
    // Everything the page does on its own: hydration and whatever it loads while idle — not MapLibre.
    await page.waitForLoadState('networkidle');
    expect(mapLibRequests, 'MapLibre waits for the first gesture').toEqual([]);
    // The visitor reaches for the map: that first touch or mouse move starts it, where the backdrop showed.
    const box = (await page.locator('[data-map-area]').boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + 40 };
    if (screen.hasTouch) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.move(at.x, at.y);
    await waitForMarkers(page);
    expect(mapLibRequests.length, 'MapLibre loaded after the gesture').toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');

    const lcp = await page.evaluate(() => {
      const last = window.firstPaint!.lcp.at(-1);
      if (!last) return null;
      const input = document.querySelector('input[role="combobox"]')!.getBoundingClientRect();
      return {
        inList: last.element?.closest('#results ul li[data-event-id]') !== null && last.element !== null,
        inMap: last.element?.closest('[data-map-area]') !== null && last.element !== null,
        // Text in a user-agent shadow tree (an input's placeholder) is reported without its element.
        shadowText: last.element === null,
        size: last.size,
        searchBoxArea: input.width * input.height,
        tag: last.element?.outerHTML.slice(0, 120) ?? 'an element the API does not expose',
      };
    });
    expect(lcp, 'a largest contentful paint was recorded').not.toBeNull();
    expect(lcp!.inMap, `the largest paint is not the map (${lcp!.tag})`).toBe(false);
    // A card of the list; or, when the first cards' titles are short, the search box's placeholder — also text in the
    // server's HTML, painted with the first content.
    if (!lcp!.inList) {
      expect(lcp!.shadowText, `the largest paint is a card of the list or the search box (${lcp!.tag})`).toBe(true);
      expect(lcp!.size).toBeLessThanOrEqual(lcp!.searchBoxArea);
    }

    const shifts = await page.evaluate(() => window.firstPaint!.shifts);
    const total = shifts.reduce((sum, value) => sum + value, 0);
    expect(total, `layout shifts: ${shifts.join(', ')}`).toBeLessThanOrEqual(0.05);

    // The browser started from the server's answer. On the phone, whose map is the size the server assumes (430 px
    // wide, lib/explorer/first-view.ts), it was not asked for again; on this desktop the map is smaller than the
    // server's 1200 × 900 by more than the 15 % it may be, and the browser asks once for what its map shows.
    expect(calls.map((call) => call.url.search)).toHaveLength(screen.name === 'phone' ? 0 : 1);
    await context.close();
  });
}

/** Whether this browser draws colour emoji, asked on the test's own canvas (the page's probe must say the same). */
function drawsColourEmojiHere(): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 16;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.textBaseline = 'top';
  ctx.font = '14px sans-serif';
  ctx.fillText('🎵', 0, 0);
  const data = ctx.getImageData(0, 0, 16, 16).data;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! > 0 && (Math.abs(data[i]! - data[i + 1]!) > 20 || Math.abs(data[i + 1]! - data[i + 2]!) > 20)) {
      return true;
    }
  }
  return false;
}

// Drawing an emoji that no installed font has makes the browser search every font for it: ~350 ms of the home page's
// main thread under Lighthouse's 4× slowdown on a system without an emoji font. The page asks in a worker.
test('the emoji probe runs in a worker and marks the page as the browser draws', async ({ page }) => {
  const closed: string[] = [];
  page.on('worker', (worker) => worker.on('close', () => closed.push(worker.url())));
  await page.goto('/');
  await expect.poll(() => closed.length, { message: 'the probe worker answered and was ended' }).toBe(1);
  expect(closed[0]).toMatch(/\/_next\/static\/[^#]+\.js(#|$)/);
  const colour = await page.evaluate(drawsColourEmojiHere);
  if (colour) await expect(page.locator('html[data-emoji]')).toHaveCount(0);
  else await expect(page.locator('html')).toHaveAttribute('data-emoji', 'no');
});

test('without workers, the page asks on its own thread when idle', async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without workers (or without OffscreenCanvas, which the page checks the same way).
    Reflect.deleteProperty(window, 'Worker');
  });
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/');
  const colour = await page.evaluate(drawsColourEmojiHere);
  if (colour) {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html[data-emoji]')).toHaveCount(0);
  } else {
    await expect(page.locator('html')).toHaveAttribute('data-emoji', 'no');
  }
  expect(workers).toEqual([]);
});
