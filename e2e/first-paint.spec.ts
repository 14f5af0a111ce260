/*
 * The home page's structure for a fast first paint (not timings: docs/performance.md has those): the largest
 * contentful paint is a card of the server-rendered results list, not the map, and nothing moves when the map and the
 * rest of the page arrive (the layout shifts add up to ≤ 0.05), on a phone and on a desktop screen.
 */
import { expect, test } from './fixtures/test';
import { recordEventsCalls, waitForMarkers } from './helpers';

declare global {
  interface Window {
    firstPaint?: { lcp: Element[]; shifts: number[] };
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
      const record = { lcp: [] as Element[], shifts: [] as number[] };
      window.firstPaint = record;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
          if (entry.element) record.lcp.push(entry.element);
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
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<li[^>]+data-event-id="\d+"/);

    await page.goto('/');
    // Everything the page does on its own: hydration, MapLibre, the map's first events and its basemap.
    await waitForMarkers(page);
    await page.waitForLoadState('networkidle');

    const lcp = await page.evaluate(() => {
      const element = window.firstPaint!.lcp.at(-1);
      return element
        ? { inList: element.closest('#results ul li[data-event-id]') !== null, tag: element.outerHTML.slice(0, 120) }
        : null;
    });
    expect(lcp, 'a largest contentful paint was recorded').not.toBeNull();
    expect(lcp!.inList, `the largest paint is a card of the list (${lcp!.tag})`).toBe(true);

    const shifts = await page.evaluate(() => window.firstPaint!.shifts);
    const total = shifts.reduce((sum, value) => sum + value, 0);
    expect(total, `layout shifts: ${shifts.join(', ')}`).toBeLessThanOrEqual(0.05);

    // The browser started from the server's answer: the first view was not asked for again.
    expect(calls.map((call) => call.url.search)).toEqual([]);
    await context.close();
  });
}
