import type { BrowserContextOptions, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures/test';
import { openExplorer } from './helpers';

/*
 * The white-label documentation's screenshots: the embed builder and a dark embed, at phone and desktop size, in
 * French and English; each shot checks the state it shows is on screen. They go to test-results/ unless
 * SCREENSHOTS_DIR says otherwise: `SCREENSHOTS_DIR=docs/screenshots npx playwright test e2e/embed-screenshots.spec.ts`.
 */

const OUT = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';
const SIZES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
const LANGUAGES = [
  {
    lang: 'en',
    locale: 'en-GB',
    near: 'Around the visitor’s position',
    radius: 'Radius around the visitor (km)',
    language: 'Language',
    map: 'Map',
  },
  {
    lang: 'fr',
    locale: 'fr-FR',
    near: 'Autour de la position du visiteur',
    radius: 'Rayon autour du visiteur (km)',
    language: 'Langue',
    map: 'Carte',
  },
] as const;

test.beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${OUT}/${name}.png` });

for (const size of SIZES)
  for (const language of LANGUAGES)
    test(`embed builder and dark embed, ${size.name} ${language.lang}`, async ({ browser, consoleErrors }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({
        ...size.options,
        locale: language.locale,
        timezoneId: 'Europe/Paris',
        extraHTTPHeaders: { 'Accept-Language': language.locale },
      });
      consoleErrors.watch(context);
      const page = await context.newPage();
      const base = `${size.name}-${language.lang}`;

      await page.goto('/embed/snippet');
      await page.getByRole('radio', { name: language.near }).check();
      await page.getByLabel(language.radius).fill('2');
      await page.getByLabel(language.language).selectOption(language.lang);
      await page.getByTestId('area-text').fill('4.77,45.707,4.9,45.808');
      await expect(page.getByTestId('embed-snippet')).toHaveValue(/near=2/);
      // The area map shows the typed area, its place names drawn.
      const areaMap = page.getByTestId('area-map').getByTestId('event-map');
      await expect(areaMap).toHaveAttribute('data-places', /^[1-9]/);
      await expect(areaMap).toHaveAttribute('data-basemap', 'drawn');
      await page.getByRole('group', { name: /^(Area|Zone)$/ }).scrollIntoViewIfNeeded();
      await shot(page, `embed-builder-${base}`);

      await openExplorer(page, `/embed?locale=${language.lang}&theme=dark&categories=musique&bbox=-5,42,8,51&near=5`);
      await expect(page.locator('div.embed')).toHaveAttribute('data-theme', 'dark');
      // The results list by its name: the map's text alternative is a list too, visually hidden, and comes first.
      const results = page.getByRole('list', { name: /^(Events|Événements)$/ });
      await expect(results.getByRole('listitem').first()).toBeVisible();
      await expect(page.getByTestId('event-map')).toHaveAttribute('data-drawn', /^[1-9]\d*$/);
      await expect(page.getByTestId('event-map')).toHaveAttribute('data-places', /^[1-9]/);
      // On a phone, the map view (the list as a peeking sheet): the map whole, the list's first card under it.
      if (size.name === 'phone') await page.getByRole('button', { name: language.map, exact: true }).click();
      // The basemap's land and borders come in after the events: the map says when they are drawn.
      await expect(page.getByTestId('event-map')).toHaveAttribute('data-basemap', 'drawn');
      await shot(page, `embed-dark-${base}`);
      await context.close();
    });
