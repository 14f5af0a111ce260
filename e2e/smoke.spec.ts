import { expect, test } from '@playwright/test';

test('the home page renders and shows events', async ({ page }, testInfo) => {
  await page.goto('/');
  const list = page.getByRole('list', { name: 'Events' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
  await testInfo.attach('home', { body: await page.screenshot(), contentType: 'image/png' });
});
