import { expect, test } from './fixtures/test';
import { cards, snap } from './helpers';

test('the home page renders and shows events @phone', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('combobox', { name: /search/i })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThan(0);
  await snap(page, testInfo, 'home');
});
