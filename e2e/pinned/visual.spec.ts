import type { BrowserContextOptions, Page } from '@playwright/test';
import { PINNED_NOW } from '../../playwright.config';
import { expect, test } from '../fixtures/test';
import { openExplorer } from '../helpers';

/*
 * Visual baselines of the main screens against the pinned stack (docs/testing.md → "A pinned clock"): the service and
 * the web server started at PINNED_NOW on the fixture catalogue (e2e/fixtures/catalogue.ndjson, imported), and the browser pinned to the same instant with
 * page.clock, so the pictures are the same on any day. The explorer is opened on a fixed future window (custom days),
 * which the browser asks for itself: what it shows does not move with the minutes the servers have run.
 * Baselines: e2e/pinned/visual.spec.ts-snapshots/ (update with `--update-snapshots` after a deliberate change).
 */

// Four independent journeys: both workers take them (the suite runs a file's journeys in order otherwise).
test.describe.configure({ mode: 'parallel' });

const SIZES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
const LANGUAGES = [
  { lang: 'en', locale: 'en-GB', list: 'List', events: 'Events' },
  { lang: 'fr', locale: 'fr-FR', list: 'Liste', events: 'Événements' },
] as const;
/** Lyon, the Tuesday to Thursday after the pinned Sunday. */
const EXPLORER = '/?at=45.76,4.84,11&when=custom&from=2027-03-16&to=2027-03-18';
/**
 * SwiftShader draws the map on the CPU, and anti-aliasing of text and lines varies slightly with load and fonts'
 * hinting: a few stray pixels and small colour shifts pass; a moved card, a missing marker or another text does not.
 */
const TOLERANCE = { maxDiffPixelRatio: 0.01, threshold: 0.3 } as const;

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

for (const size of SIZES)
  for (const language of LANGUAGES)
    test(`main screens, ${size.name} ${language.lang}`, async ({ browser, consoleErrors }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({
        ...size.options,
        locale: language.locale,
        extraHTTPHeaders: { 'Accept-Language': language.locale },
      });
      consoleErrors.watch(context);
      const page = await context.newPage();
      // The browser's clock: stopped at the servers' start, so "today" and the date presets are the pinned day's.
      await page.clock.setFixedTime(new Date(PINNED_NOW));
      const name = (screen: string) => `${screen}-${size.name}-${language.lang}.png`;

      const cards = page.getByRole('list', { name: language.events }).getByRole('listitem');
      await openExplorer(page, EXPLORER);
      // The list has loaded and the map has drawn its answer (waitForResults' signals, in either language).
      await expect(cards.first()).toBeVisible();
      await expect(page.locator('[aria-busy="false"]')).toHaveCount(1);
      await expect(page.getByTestId('event-map')).toHaveAttribute('data-drawn', /^[1-9]\d*$/);
      // The fixture catalogue's events of those days in Lyon, by name (e2e/fixtures/catalogue.ndjson).
      await expect(cards.filter({ hasText: 'Atelier cuisine lyonnaise' })).toHaveCount(1);
      await expect(cards.filter({ hasText: "Conférence : l'IA et la création" })).toHaveCount(1);
      await settle(page);
      await expect(page).toHaveScreenshot(name('explorer'), TOLERANCE);

      await page.getByTestId('open-filters').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settle(page);
      await expect(page).toHaveScreenshot(name('filters'), TOLERANCE);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: language.list, exact: true }).click();
      await expect(page.locator('[data-sheet="full"]')).toHaveCount(1);
      await settle(page);
      await expect(page).toHaveScreenshot(name('list'), TOLERANCE);

      // The first event of the window: the same one on every run of a fixed catalogue.
      const first = cards.first().getByRole('link').first();
      const href = await first.getAttribute('href');
      expect(href).toMatch(/^\/events\/\d+/);
      await page.goto(href!);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settle(page);
      await expect(page).toHaveScreenshot(name('event'), TOLERANCE);
      await context.close();
    });
