import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { cameraForBbox, EMBED_FRAMES } from '../lib/embed/params';
import { cameraOf, cards, recordEventsCalls } from './helpers';

/*
 * "Follow the visitor's position": the builder's option, the snippet it gives (`near=` and `allow="geolocation"`),
 * and the embed's "Near me" with its fixed area as the fallback.
 */

const LYON = { latitude: 45.764, longitude: 4.8357, accuracy: 200 };
const PARIS_BBOX = '2.224,48.815,2.47,48.902';

async function snippetSrc(page: Page): Promise<URL> {
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  const src = /src="([^"]+)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&');
  expect(src, snippet).toBeTruthy();
  return new URL(src!);
}

/** A context whose visitor is in Lyon, with the position granted (or not yet asked for). */
async function visitorInLyon(browser: Browser, granted: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1280, height: 800 },
    geolocation: LYON,
    permissions: granted ? ['geolocation'] : [],
  });
  return { context, page: await context.newPage() };
}

test('the builder follows the visitor: radius and fallback area in the snippet, the preview opens around them', async ({
  browser,
  consoleErrors,
}) => {
  const { context, page } = await visitorInLyon(browser, true);
  consoleErrors.watch(context);
  await page.goto('/embed/snippet');
  await page.getByRole('radio', { name: 'Around the visitor’s position' }).check();
  // The fallback area, chosen as a fixed area is (here typed, to compare it exactly).
  await page.getByTestId('area-text').fill(PARIS_BBOX);
  const radius = page.getByLabel('Radius around the visitor (km)');
  await radius.fill('2');
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('near')).toBe('2');
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe(PARIS_BBOX);
  expect(await page.getByTestId('embed-snippet').inputValue()).toContain('allow="fullscreen; geolocation"></iframe>');

  // An invalid radius is explained beside its field and never reaches the snippet.
  await radius.fill('far');
  await expect(radius).toHaveAttribute('aria-invalid', 'true');
  const error = page.getByRole('alert').filter({ hasText: 'A distance in kilometres from 0.5 to 100' });
  await expect(error).toBeVisible();
  await expect(radius).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
  expect((await snippetSrc(page)).searchParams.get('near')).toBe('2');
  await radius.fill('2');
  await expect(error).toHaveCount(0);

  // The preview (a frame of the app's own origin) already has the position: it opens around Lyon, not on Paris.
  await page.getByLabel('Language').selectOption('en');
  const preview = page.frameLocator('[data-testid="embed-preview"]');
  await expect(preview.getByRole('button', { name: 'Near me' })).toBeVisible();
  const previewCamera = async () => {
    const frame = page.frames().find((f) => f.url().includes('/embed?') && f.url().includes('near=2'));
    const at = frame ? new URL(frame.url()).searchParams.get('at') : null;
    return at ? at.split(',').map(Number) : [0, 0, 0];
  };
  await expect.poll(async () => (await previewCamera())[0]!, { timeout: 30_000 }).toBeCloseTo(LYON.latitude, 2);
  const [, lng, zoom] = await previewCamera();
  expect(lng).toBeCloseTo(LYON.longitude, 2);
  // Two kilometres around the visitor: a district of the town, not the town's whole area.
  expect(zoom).toBeGreaterThan(11.5);
  expect(zoom).toBeLessThan(15);

  // Back to a fixed area: the snippet no longer asks for the position.
  await page.getByRole('radio', { name: 'An area I choose' }).check();
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('near')).toBeNull();
  expect(await page.getByTestId('embed-snippet').inputValue()).not.toContain('geolocation');
  await context.close();
});

test('the embed asks only when the visitor taps "Near me", and stays on its area when they decline', async ({
  browser,
  consoleErrors,
}) => {
  const { context, page } = await visitorInLyon(browser, false);
  consoleErrors.watch(context);
  const calls = recordEventsCalls(page);
  await page.goto(`/embed?locale=en&near=3&bbox=${PARIS_BBOX}`);
  const nearMe = page.getByRole('button', { name: 'Near me' });
  await expect(nearMe).toBeVisible();
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  // Nothing asked on arrival: the embed shows its fallback area, Paris.
  expect(cameraOf(page)?.lat).toBeCloseTo(48.86, 1);
  expect(calls.every((call) => call.minLat > 48 && call.maxLat < 49.5)).toBe(true);

  // Declined (Chromium without the permission refuses): said above the list, the map stays on Paris.
  await nearMe.click();
  await expect(page.getByRole('alert').filter({ hasText: /refused|could not be found/ })).toBeVisible();
  expect(cameraOf(page)?.lat).toBeCloseTo(48.86, 1);

  // Allowed: the map moves to the visitor, the radius around them, and loads the events there.
  await context.grantPermissions(['geolocation']);
  await nearMe.click();
  await expect.poll(() => cameraOf(page)?.lat ?? 0, { timeout: 15_000 }).toBeCloseTo(LYON.latitude, 2);
  expect(cameraOf(page)?.lng).toBeCloseTo(LYON.longitude, 2);
  await expect(page.getByTestId('event-map')).toHaveAttribute('data-you-are-here', '1', { timeout: 30_000 });
  await expect
    .poll(() => calls.some((c) => c.minLat < LYON.latitude && c.maxLat > LYON.latitude && c.maxLat - c.minLat < 0.2))
    .toBe(true);
  // The option survives the visitor's filtering.
  await page
    .getByRole('group', { name: 'Filters' })
    .getByRole('button', { name: /^Music(,|$)/ })
    .click();
  await expect(page).toHaveURL(/[?&]near=3(&|$)/);
  await context.close();
});

test('a position outside a locked area is said, and the map stays on the area', async ({ browser, consoleErrors }) => {
  const { context, page } = await visitorInLyon(browser, true);
  consoleErrors.watch(context);
  await page.goto(`/embed?locale=en&near=3&bbox=${PARIS_BBOX}&lock=area`);
  // Granted already: the embed uses the position on arrival, finds it outside Paris and says so.
  await expect(page.getByRole('alert').filter({ hasText: 'outside the area this map covers' })).toBeVisible();
  expect(cameraOf(page)?.lat).toBeCloseTo(48.86, 1);
  await context.close();
});

test('an embed that does not follow the visitor offers no "Near me" @phone', async ({ page }) => {
  await page.goto(`/embed?locale=en&bbox=${PARIS_BBOX}`);
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Near me' })).toHaveCount(0);
});

test("a desktop page's narrow column frames the box above the list, as a phone does", async ({
  browser,
  consoleErrors,
}) => {
  // A desktop browser (no phone in its user agent, no touch), and a frame of a phone's width: the server takes it for a
  // desktop and frames the box for a desktop's frame; the page shows the phone's layout, the list's sheet over the map.
  const context = await browser.newContext({
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    viewport: { width: 390, height: 844 },
  });
  consoleErrors.watch(context);
  const page = await context.newPage();
  const calls = recordEventsCalls(page);
  const response = await page.goto(`/embed?locale=en&bbox=${PARIS_BBOX}`);
  // The server took it for a desktop: its redirect framed the box for a desktop's frame, and kept the box.
  const redirected = new URL(response!.url()).searchParams;
  expect(redirected.get('at')).toBe(cameraForBbox(PARIS_BBOX, EMBED_FRAMES.desktop));
  expect(redirected.get('fit')).toBe(PARIS_BBOX);
  // Framed again for the page as laid out, once: the URL keeps the new camera, not the box.
  await expect.poll(() => new URL(page.url()).searchParams.has('fit')).toBe(false);
  const at = new URL(page.url()).searchParams.get('at');
  expect(at).not.toBe(redirected.get('at'));
  // The server's drawing stands in for the map until the live map has drawn, moved to the new camera (not the map's
  // loading background): scaled as the zoom changed.
  const zoomOf = (camera: string | null) => Number(camera!.split(',')[2]);
  await expect(page.locator('[data-map-drawing]')).toBeAttached();
  const panScale = await page
    .locator('[data-map-area]')
    .evaluate((area) => getComputedStyle(area).getPropertyValue('--pan-scale'));
  expect(Number(panScale)).toBeCloseTo(2 ** (zoomOf(at) - zoomOf(redirected.get('at'))), 2);
  // The view whose events are listed, the part of the map above the sheet, holds the whole box, and not much more.
  await expect.poll(() => calls.length).toBeGreaterThan(0);
  const last = calls.at(-1)!;
  expect(last.minLng).toBeLessThanOrEqual(2.224);
  expect(last.maxLng).toBeGreaterThanOrEqual(2.47);
  expect(last.minLat).toBeLessThanOrEqual(48.815);
  expect(last.maxLat).toBeGreaterThanOrEqual(48.902);
  expect((last.maxLat - last.minLat) / (48.902 - 48.815)).toBeLessThan(3);
  await expect(cards(page).first()).toBeVisible();
  await context.close();
});

test("where the server took the page's layout right, its framing of the box stands @phone", async ({ page }) => {
  const response = await page.goto(`/embed?locale=en&bbox=${PARIS_BBOX}`);
  const at = new URL(response!.url()).searchParams.get('at');
  expect(at).toBeTruthy();
  await expect.poll(() => new URL(page.url()).searchParams.has('fit')).toBe(false);
  expect(new URL(page.url()).searchParams.get('at')).toBe(at);
  await expect(cards(page).first()).toBeVisible();
});
