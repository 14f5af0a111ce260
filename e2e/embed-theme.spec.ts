import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

/*
 * The embed's themes: every control at WCAG AA contrast in both (axe, with the filters that showed the problem —
 * "Clear filters" and the category chips — on screen), and `theme=auto` following the visitor's system setting.
 */

const FILTERED = '/embed?locale=en&categories=musique&bbox=-5,42,8,51';

async function openWithResults(page: Page, url: string, isMobile: boolean) {
  await page.goto(url);
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  // On a phone the filters are in a sheet: opened, so the controls that showed the problem are on screen there too.
  if (isMobile) {
    await page.getByTestId('open-filters').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Clear filters' }).first()).toBeVisible();
  await expect(page.getByTestId('event-map')).toHaveAttribute('data-drawn', /^[1-9]\d*$/);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

// The dark theme's check is in the next journey (theme=auto on a dark system draws the same dark embed).
test('the light embed has no serious or critical accessibility violation @phone', async ({ page, isMobile }) => {
  await openWithResults(page, `${FILTERED}&theme=light`, isMobile);
  await expect(page.locator('div.embed')).toHaveAttribute('data-theme', 'light');
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a system set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('theme=auto draws the embed dark, and light stays light @phone', async ({ page, isMobile }) => {
    const background = () => page.locator('div.embed').evaluate((el) => getComputedStyle(el).backgroundColor);
    await openWithResults(page, `${FILTERED}&theme=auto`, isMobile);
    expect(await background()).toBe('rgb(18, 22, 28)');
    expect(await seriousViolations(page)).toEqual([]);
    await openWithResults(page, `${FILTERED}&theme=light`, isMobile);
    expect(await background()).not.toBe('rgb(18, 22, 28)');
  });
});
