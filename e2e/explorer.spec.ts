import { expect, test } from './fixtures/test';
import {
  cameraOf,
  cards,
  holdScripts,
  openExplorer,
  recordEventsCalls,
  showFilters,
  snap,
  startMap,
  waitForMarkers,
  waitForResults,
} from './helpers';

test.describe('map explorer', () => {
  test('markers appear on the map and the list shows the same viewport @phone', async ({
    page,
    isMobile,
  }, testInfo) => {
    const calls = recordEventsCalls(page);
    await openExplorer(page, '/');
    const drawn = await waitForMarkers(page);
    expect(drawn).toBeGreaterThan(0);
    await expect(cards(page).first()).toBeVisible();
    // The server drew the first view's list, and the map draws the same answer. On a phone (the server's assumed box,
    // lib/explorer/first-view.ts) it was not asked for again; this desktop's map is smaller than the server's by more
    // than it may be, so the list counts what the map shows: asked once, for this map's box.
    expect(calls).toHaveLength(isMobile ? 0 : 1);
    await snap(page, testInfo, 'map with markers');
  });

  test('panning the map fetches the new viewport @phone', async ({ page, isMobile }, testInfo) => {
    const calls = recordEventsCalls(page);
    await openExplorer(page, '/?at=46.6,2.35,6');
    await waitForMarkers(page);
    const count = calls.length;

    const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
    // The first view's rectangle (its events came with the page): the map's width around the camera at zoom 6.
    const halfWidth = (box.width / 2 / (512 * 2 ** 6)) * 360;
    const before = { minLng: 2.35 - halfWidth, maxLng: 2.35 + halfWidth };
    // On a phone the list's sheet covers the lower half of the map and the screen is narrow: drag in the upper part,
    // from near the right edge, so the whole gesture lands on the map.
    const x = isMobile ? box.x + box.width - 40 : box.x + box.width / 2;
    const y = isMobile ? box.y + box.height / 4 : box.y + box.height / 2;
    // Drag the map to the left: the view moves east.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 300, y, { steps: 12 });
    await page.mouse.up();

    await expect.poll(() => calls.length, { timeout: 15_000 }).toBeGreaterThan(count);
    await expect.poll(() => cameraOf(page)?.lng ?? 0).toBeGreaterThan(2.35 + 1);
    const after = calls.at(-1)!;
    const camera = cameraOf(page)!;
    // 300 px at zoom 6 is 300 / (512 × 2^6) × 360 ≈ 3.3°: the rectangle moved east by about that much.
    expect(after.minLng).toBeGreaterThan(before.minLng + 2);
    expect(after.maxLng).toBeGreaterThan(before.maxLng + 2);
    // Same width, give or take the rounding grid (360 / 2^(zoom + 7) = 0.04° at zoom 6, on both sides).
    expect(Math.abs(after.maxLng - after.minLng - (before.maxLng - before.minLng))).toBeLessThanOrEqual(0.1);
    // …and it still contains the map centre.
    expect(camera.lng).toBeGreaterThan(after.minLng);
    expect(camera.lng).toBeLessThan(after.maxLng);
    expect(camera.lat).toBeGreaterThan(after.minLat);
    expect(camera.lat).toBeLessThan(after.maxLat);
    await snap(page, testInfo, 'after panning east');
  });

  test('the live-now and category filters change the results @phone', async ({ page, isMobile }, testInfo) => {
    const calls = recordEventsCalls(page);
    await openExplorer(page, '/');
    await expect(cards(page).first()).toBeVisible();
    const summary = page.getByTestId('results-summary');
    const allText = await summary.textContent();

    await showFilters(page, isMobile);
    await page.getByRole('button', { name: 'Live now' }).click();
    await expect(page.getByRole('button', { name: 'Live now' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => calls.at(-1)?.url.searchParams.get('live')).toBe('1');
    await expect(page).toHaveURL(/[?&]live=1/);
    await expect(summary).not.toHaveText(allText ?? '');
    await snap(page, testInfo, 'live now');

    await showFilters(page, isMobile);
    await page.getByRole('button', { name: 'Live now' }).click();
    await showFilters(page, isMobile);
    await page.getByRole('button', { name: 'Music' }).click();
    await expect.poll(() => calls.at(-1)?.url.searchParams.get('categories')).toBe('musique');
    await expect(page).toHaveURL(/[?&]cat=musique/);
    // The previous results stay on screen while the new ones load: wait for the load to end.
    await expect(page.locator('[aria-busy="false"]')).toHaveCount(1);
    // Every card now is a music event (and there is at least one).
    await expect
      .poll(async () => new Set(await cards(page).locator('p:last-child span:last-child').allTextContents()))
      .toEqual(new Set(['Music']));
    await snap(page, testInfo, 'music only');
  });

  test('the URL round-trips the state: reload restores it and back/forward work @phone', async ({ page, isMobile }) => {
    const calls = recordEventsCalls(page);
    await openExplorer(page, '/?at=45.764,4.8357,11&cat=expo,musique&when=weekend&max=20&sort=cheapest');
    await waitForResults(page);

    // On a phone the controls to read are the sheet's (the desktop bar stays in the page, hidden).
    const filters = () => (isMobile ? page.getByRole('dialog') : page.locator('body'));
    const check = async () => {
      await showFilters(page, isMobile);
      await expect(filters().getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
      await expect(filters().getByRole('button', { name: 'Exhibition' })).toHaveAttribute('aria-pressed', 'true');
      await expect(filters().getByRole('button', { name: 'Cinema' })).toHaveAttribute('aria-pressed', 'false');
      await expect(filters().getByLabel('When')).toHaveValue('weekend');
      await expect(filters().getByLabel('Price', { exact: true })).toHaveValue('20');
      await expect(filters().getByLabel('Sort by')).toHaveValue('cheapest');
      const call = calls.at(-1)!;
      expect(call.url.searchParams.get('categories')).toBe('expo,musique');
      expect(call.url.searchParams.get('maxPrice')).toBe('20');
      expect(call.url.searchParams.get('sort')).toBe('cheapest');
      expect(call.url.searchParams.get('from')).not.toBeNull();
      // The camera of the URL (Lyon) is inside the rectangle asked for.
      expect(call.minLng).toBeLessThan(4.8357);
      expect(call.maxLng).toBeGreaterThan(4.8357);
      expect(call.minLat).toBeLessThan(45.764);
      expect(call.maxLat).toBeGreaterThan(45.764);
    };
    await check();
    const camera = cameraOf(page)!;
    expect(camera.lat).toBeCloseTo(45.764, 2);
    expect(camera.lng).toBeCloseTo(4.8357, 2);
    expect(camera.zoom).toBeCloseTo(11, 1);

    await page.reload();
    await waitForResults(page);
    await check();

    // A filter change is a history entry; back restores the previous state, forward re-applies it.
    await showFilters(page, isMobile);
    await filters().getByLabel('Sort by').selectOption('soonest');
    await expect(page).not.toHaveURL(/sort=/);
    await page.goBack();
    await expect(page).toHaveURL(/sort=cheapest/);
    await showFilters(page, isMobile);
    await expect(filters().getByLabel('Sort by')).toHaveValue('cheapest');
    // (The cheapest-first results are still in the query cache, so going back costs no request.)
    await page.goForward();
    await showFilters(page, isMobile);
    await expect(filters().getByLabel('Sort by')).toHaveValue('soonest');
  });

  test('keyboard-only use of the search bar opens a performer page', async ({ page, request }, testInfo) => {
    const performer = (await (await request.get('/api/performers/1')).json()) as { id: number; name: string };
    // Most of the name, its last word cut short (typeahead): the first word alone ("Compagnie") matches more events
    // than the list shows, and the performer group could fall off its end.
    const typed = performer.name.slice(0, Math.max(6, performer.name.length - 3));

    await openExplorer(page, '/');
    await expect(cards(page).first()).toBeVisible();
    const search = page.getByRole('combobox', { name: /search/i });
    // Reach the search bar with the keyboard only: skip link first, then the brand link, then the search bar.
    for (let i = 0; i < 6 && !(await search.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(search).toBeFocused();
    await page.keyboard.type(typed);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    // Let the debounced search settle on the full text before moving through the results.
    await expect(page.getByRole('status').filter({ hasText: /\d+ best match(es)?/ })).toBeVisible();
    // An event may carry the performer's name too: take the option of the Performers group.
    const option = page.getByRole('group', { name: 'Performers' }).getByRole('option', {
      name: new RegExp(performer.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await expect(option.first()).toBeVisible();
    await snap(page, testInfo, 'search results');

    // Arrow down until the performer is the active option, then Enter.
    const targetId = await option.first().getAttribute('id');
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('ArrowDown');
      if ((await search.getAttribute('aria-activedescendant')) === targetId) break;
    }
    await expect(search).toHaveAttribute('aria-activedescendant', targetId!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/performers/${performer.id}$`));
  });

  test('Escape closes the search results and a short query asks for more characters', async ({ page }) => {
    await openExplorer(page, '/');
    const search = page.getByRole('combobox', { name: /search/i });
    await search.fill('a');
    await expect(page.getByRole('status').filter({ hasText: 'at least two characters' })).toBeVisible();
    await search.fill('zzzzqqq');
    await expect(page.getByText('Nothing found for “zzzzqqq”')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(search).toHaveAttribute('aria-expanded', 'false');
  });

  test('text typed in the search bar before the explorer has hydrated is kept and searched @phone', async ({
    page,
  }) => {
    const release = await holdScripts(page, '/');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-map-mode="pending"]')).toHaveCount(1);
    await page.getByRole('combobox', { name: /search/i }).fill('zzzzqqq');
    release();
    await expect(page.locator('[data-map-mode="pending"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('combobox', { name: /search/i })).toHaveValue('zzzzqqq');
    await expect(page.getByText('Nothing found for “zzzzqqq”')).toBeVisible();
  });

  test("taps on the explorer's buttons before it has hydrated take effect once it has @phone", async ({
    page,
    isMobile,
  }) => {
    const release = await holdScripts(page, '/');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-map-mode="pending"]')).toHaveCount(1);
    // A toggle on the desktop's filter bar: handled once, not lost and not twice (React, hydrating, could also run it).
    const music = page.getByRole('toolbar', { name: 'Categories' }).getByRole('button', { name: /^Music/ });
    if (!isMobile) await music.click();
    await page.getByTestId('open-filters').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.locator('[data-map-mode="pending"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('dialog')).toBeVisible();
    if (!isMobile) {
      await expect(music.first()).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/[?&]cat=musique\b/);
    }
  });

  test('a browser without WebGL shows the drawn map, then the list once the visitor reaches for the map', async ({
    browser,
    consoleErrors,
  }, testInfo) => {
    const context = await browser.newContext();
    consoleErrors.watch(context);
    await context.addInitScript(() => {
      // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the canvas as `this`
      const original = HTMLCanvasElement.prototype.getContext as (
        this: HTMLCanvasElement,
        ...args: unknown[]
      ) => unknown;
      const stub = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl' || type === 'webgl2' || type === 'experimental-webgl') return null;
        return original.call(this, type, ...rest);
      };
      HTMLCanvasElement.prototype.getContext = stub as typeof HTMLCanvasElement.prototype.getContext;
    });
    const page = await context.newPage();
    await page.goto('/');
    // The page does not make a WebGL context to load: the server's drawing stands in for the map until a gesture.
    await expect(page.locator('[data-map-mode="map"]')).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByText('The map cannot be shown on this device')).toHaveCount(0);
    await startMap(page);
    await expect(page.locator('[data-map-mode="no-webgl"]')).toHaveCount(1);
    await expect(page.getByText('The map cannot be shown on this device')).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator('.maplibregl-canvas')).toHaveCount(0);
    await snap(page, testInfo, 'list-only mode');
    await context.close();
  });

  test('a failed load says so; Retry asks again at once, and the list recovers by itself @phone', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 503/);
    let fail = true;
    let asked = 0;
    await page.route('**/api/explorer/events?*', (route) => {
      asked++;
      return fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: '{"title":"Unavailable","status":503}',
          })
        : route.continue();
    });
    // With a date filter the browser loads the first view itself (the server draws only views without one).
    await openExplorer(page, '/?when=week');
    const alert = page.getByRole('alert').filter({ hasText: 'Events could not be loaded' });
    await expect(alert).toBeVisible({ timeout: 30_000 });
    await snap(page, testInfo, 'error state');
    const before = asked;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => asked).toBeGreaterThan(before);
    // No click once the service answers again: the query keeps asking (components/explorer/query-client.ts).
    fail = false;
    await expect(cards(page).first()).toBeVisible({ timeout: 60_000 });
  });

  test('an empty viewport suggests widening the search @phone', async ({ page }, testInfo) => {
    // The middle of the South Pacific.
    await openExplorer(page, '/?at=-40,-130,8');
    await expect(page.getByText('Nothing on here — widen the dates or zoom out.')).toBeVisible();
    await snap(page, testInfo, 'empty state');
  });

  test('"Near me" handles a refusal gracefully and moves the map when allowed', async ({ browser, consoleErrors }) => {
    const denied = await browser.newContext();
    consoleErrors.watch(denied);
    const page = await denied.newPage();
    await openExplorer(page, '/');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /refused|could not be found/ })).toBeVisible();
    await denied.close();

    const allowed = await browser.newContext({
      geolocation: { latitude: 43.6047, longitude: 1.4442 },
      permissions: ['geolocation'],
    });
    consoleErrors.watch(allowed);
    const page2 = await allowed.newPage();
    await openExplorer(page2, '/');
    await page2.getByRole('button', { name: 'Near me' }).click();
    await expect.poll(() => cameraOf(page2)?.lat ?? 0, { timeout: 15_000 }).toBeCloseTo(43.6047, 1);
    await allowed.close();
  });

  test('on a phone the list is a bottom sheet over the map', async ({ browser, consoleErrors }, testInfo) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });
    consoleErrors.watch(context);
    const page = await context.newPage();
    await openExplorer(page, '/');
    await waitForMarkers(page);
    await expect(cards(page).first()).toBeVisible();
    await snap(page, testInfo, 'phone: map with the sheet');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('complementary', { name: 'Results' })).toHaveAttribute('data-snap', 'full');
    await snap(page, testInfo, 'phone: sheet expanded');
    await context.close();
  });
});
