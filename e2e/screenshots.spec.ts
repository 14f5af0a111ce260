import { chromium, type BrowserContextOptions, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import type { TEvent } from '../lib/contract';
import { CHROMIUM_GPU_COMPOSITING_LAUNCH_OPTIONS } from './chromium';
import { expect, test } from './fixtures/test';
import { demoToken, pickEvent, upcomingEvents } from './fixtures/partner-service';
import { openExplorer, waitForResults } from './helpers';

/*
 * The documentation's screenshots: the explorer's states and an event page, at phone and desktop size, in French and
 * English; each shot also checks the state it shows is the one on screen. They go to test-results/ unless
 * SCREENSHOTS_DIR says otherwise: `SCREENSHOTS_DIR=docs/screenshots npx playwright test e2e/screenshots.spec.ts`.
 */

const WRITING_DOCS = process.env.SCREENSHOTS_DIR !== undefined;
const OUT = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
const PARIS = '/?at=46.6,2.35,6';
const SIZES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
const LANGUAGES = [
  { lang: 'en', locale: 'en-GB', list: 'List' },
  { lang: 'fr', locale: 'fr-FR', list: 'Liste' },
] as const;

let event: TEvent;
test.beforeAll(async ({ request }) => {
  event = pickEvent(await upcomingEvents(request, await demoToken(request)));
  mkdirSync(OUT, { recursive: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png` });

for (const size of SIZES)
  for (const language of LANGUAGES)
    test(`${size.name} ${language.lang}`, async ({ baseURL, consoleErrors, browser: suiteBrowser }) => {
      test.setTimeout(180_000);
      // For the documentation, composited as on a device (e2e/chromium.ts), so the pictures show what a phone shows.
      // In the suite, where the pictures are not kept, the suite's browser checks the same states: compositing every
      // frame on SwiftShader cost these four journeys 60 % more CPU (docs/testing.md, "Where the time goes").
      const browser = WRITING_DOCS ? await chromium.launch(CHROMIUM_GPU_COMPOSITING_LAUNCH_OPTIONS) : suiteBrowser;
      try {
        consoleErrors.allow(/net::ERR_FAILED|loopback/);
        const context = await browser.newContext({
          baseURL,
          ...size.options,
          locale: language.locale,
          extraHTTPHeaders: { 'Accept-Language': language.locale },
        });
        consoleErrors.watch(context);
        const page = await context.newPage();
        const base = `${size.name}-${language.lang}`;
        // The server's drawing of the map, before the visitor's first gesture starts the live map.
        await page.goto(PARIS);
        await expect(page.getByTestId('map-backdrop')).toHaveAttribute('data-labels', /^[1-9]\d*$/);
        await page.waitForLoadState('networkidle');
        await shot(page, `explorer-drawn-${base}`);
        await openExplorer(page, PARIS);
        await waitForResults(page);
        await shot(page, `explorer-${base}`);
        await page.getByTestId('open-filters').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shot(page, `filters-${base}`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();
        await page.getByRole('button', { name: language.list, exact: true }).click();
        await expect(page.locator('[data-sheet="full"]')).toHaveCount(1);
        await shot(page, `list-${base}`);
        if (size.name === 'phone') {
          await page.getByRole('button', { name: /^(Map|Carte)$/ }).click();
          await shot(page, `map-${base}`);
          await page.getByRole('button', { name: /^Menu$/ }).click();
          await shot(page, `menu-${base}`);
        }
        await page.goto(`/events/${event.id}`);
        await page.evaluate(() => {
          const hero = document.getElementById('event-hero')!;
          window.scrollTo(0, hero.getBoundingClientRect().bottom + window.scrollY + 40);
        });
        // Readiness, not time: the pictures scrolled into view have loaded, and a frame has painted them.
        await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete))).toBe(true);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await shot(page, `event-${base}`);
        await context.close();
      } finally {
        if (browser !== suiteBrowser) await browser.close();
      }
    });
