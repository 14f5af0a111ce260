import { expect, test } from './fixtures/test';
import { cards, snap } from './helpers';

test('the home page renders and shows events @phone', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: /search/i })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(0);
  await snap(page, testInfo, 'home');
});

test('without JavaScript the home page and the embed still show themselves with their first events @phone', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: 'en-GB',
    ...(testInfo.project.use.isMobile && { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }),
  });
  const page = await context.newPage();
  await page.goto('/');
  // The server's HTML is the page itself, not a hidden copy that a script reveals: the first view's cards show.
  const first = page.locator('li[data-event-id]').first();
  await expect(first).toBeVisible();
  await expect(first.getByRole('heading')).not.toBeEmpty();
  // The embed's first view is the server's too: its filters, its first cards and the drawing of its map.
  await page.goto('/embed');
  await expect(page.getByRole('button', { name: /^(Filters|Filtres)/ }).first()).toBeVisible();
  await expect(page.locator('li[data-event-id]').first().getByRole('heading')).not.toBeEmpty();
  await expect(page.getByTestId('map-backdrop')).toHaveAttribute('data-dots', /^[1-9]\d*$/);
  await snap(page, testInfo, 'embed without JavaScript');
  await context.close();
});
