import { PINNED_NOW } from '../../playwright.config';
import { expect, test } from '../fixtures/test';
import { openExplorer } from '../helpers';

/*
 * The "live" badge fits on one line at 320 px, in French ("EN DIRECT") as in English. On the pinned stack it is
 * Sunday 14 March 2027, 19:00 in Paris: the fixture catalogue's evening shows start within three hours, so they are
 * live at a known instant, whatever the day the suite runs.
 */
const LANGUAGES = [
  { lang: 'en', locale: 'en-GB', list: 'List', events: 'Events' },
  { lang: 'fr', locale: 'fr-FR', list: 'Liste', events: 'Événements' },
] as const;

for (const language of LANGUAGES)
  test(`the live badge fits on one line at 320 px, ${language.lang}`, async ({ browser, consoleErrors }) => {
    const context = await browser.newContext({
      viewport: { width: 320, height: 640 },
      isMobile: true,
      hasTouch: true,
      locale: language.locale,
      extraHTTPHeaders: { 'Accept-Language': language.locale },
    });
    consoleErrors.watch(context);
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(PINNED_NOW));
    await openExplorer(page, '/?at=46.6,2.35,5&live=1');
    await page.getByRole('button', { name: language.list, exact: true }).click();
    const cards = page.getByRole('list', { name: language.events }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    const badge = cards.locator('[class*="badgeLive"]').first();
    await expect(badge).toBeVisible();
    const lineHeight = await badge.evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * 1.6);
    expect((await badge.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 4);
    await context.close();
  });
