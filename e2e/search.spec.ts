import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, resending, test } from './fixtures/test';
import { demoToken, upcomingEvents } from './fixtures/partner-service';
import { OFFLINE_BASEMAP_FIT_MAX_ZOOM } from '../lib/explorer/fit-camera';
import { cameraOf, cards, mapSummaryCounts, openExplorer, snap, waitForResults, waitForView } from './helpers';

const searchBox = (page: Page) => page.getByRole('combobox', { name: /search|rechercher/i });
const settled = (page: Page) => page.getByRole('status').filter({ hasText: /best match|meilleur|town|ville/ });

/** Types a text and waits until the suggestions answer it. */
async function suggest(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(settled(page)).toBeVisible();
}

const cardIds = async (page: Page) =>
  cards(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-event-id')));

test.describe('search', () => {
  test('"lyon" then Enter on the top town flies the map to Lyon and lists its events @phone', async ({
    page,
  }, testInfo) => {
    await openExplorer(page, '/');
    await waitForResults(page);
    await suggest(page, 'lyon');
    const towns = page.getByRole('group', { name: 'Towns' });
    await expect(towns.getByRole('option').first()).toContainText('Lyon');
    await expect(towns.getByRole('option').first()).toContainText('Rhône');
    // Towns lead when the text is a town's name.
    await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Lyon');
    await snap(page, testInfo, 'lyon suggestions');
    // The open combobox: groups, options with pictures, the live status line.
    const axe = await new AxeBuilder({ page }).include('header').analyze();
    expect(axe.violations).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => cameraOf(page)?.lat ?? 0, { timeout: 15_000 }).toBeCloseTo(45.75, 1);
    expect(cameraOf(page)!.lng).toBeCloseTo(4.85, 1);
    expect(cameraOf(page)!.zoom).toBeGreaterThan(10);
    expect(cameraOf(page)!.zoom).toBeLessThan(12.5);
    await waitForResults(page);
    await expect(cards(page).first()).toContainText('Lyon');
    const places = await cards(page).evaluateAll((items) => items.map((li) => li.textContent ?? ''));
    expect(places.filter((text) => text.includes('Lyon')).length).toBeGreaterThan(places.length / 2);
  });

  test('"st etienne" finds Saint-Étienne with its département @phone', async ({ page }) => {
    await openExplorer(page, '/');
    await suggest(page, 'st etienne');
    const first = page.getByRole('group', { name: 'Towns' }).getByRole('option').first();
    await expect(first).toContainText('Saint-Étienne');
    await expect(first).toContainText('Loire');
  });

  for (const language of [
    {
      locale: 'fr-FR',
      typed: 'bruxelles',
      town: 'Bruxelles',
      group: 'Villes',
      drawn: 'Bruxelles',
      notDrawn: 'Brussels',
    },
    { locale: 'en-GB', typed: 'antwerp', town: 'Antwerp', group: 'Towns', drawn: 'Antwerp', notDrawn: 'Antwerpen' },
  ]) {
    test(`towns abroad go by their ${language.locale} names, in search and on the drawn map @phone`, async ({
      browser,
      consoleErrors,
    }) => {
      const context = await browser.newContext({ locale: language.locale, viewport: { width: 390, height: 844 } });
      consoleErrors.watch(context);
      const page = await context.newPage();
      await openExplorer(page, '/');
      // The server's drawing of France and its neighbours names Belgium's cities as the visitor does.
      const drawing = page.getByTestId('map-backdrop');
      await expect(drawing.locator('text', { hasText: language.drawn })).toHaveCount(1);
      await expect(drawing.locator('text', { hasText: new RegExp(`^${language.notDrawn}$`) })).toHaveCount(0);
      await suggest(page, language.typed);
      const first = page.getByRole('group', { name: language.group }).getByRole('option').first();
      await expect(first).toContainText(language.town);
      await context.close();
    });
  }

  test('the towns a text begins are offered nearest the map first', async ({ page }) => {
    // By size alone "ne" is four German towns (Neuss, Neumünster…); over Paris, Neuilly-sur-Seine first.
    await openExplorer(page, '/?at=48.86,2.35,11');
    await suggest(page, 'ne');
    const towns = page.getByRole('group', { name: 'Towns' }).getByRole('option');
    await expect(towns.first()).toContainText('Neuilly-sur-Seine');
    await expect(towns.filter({ hasText: 'Neumünster' })).toHaveCount(0);
  });

  test('a recurring event shows once, with its number of dates @phone', async ({ page, request }) => {
    const events = await upcomingEvents(request, await demoToken(request));
    const byKey = new Map<string, number>();
    for (const e of events) {
      const key = `${e.name}|${e.place.name}`;
      byKey.set(key, (byKey.get(key) ?? 0) + 1);
    }
    const recurring = [...byKey].find(([, n]) => n >= 2);
    expect(recurring, 'the seed has a recurring event').toBeDefined();
    const [name, venue] = recurring![0].split('|') as [string, string];

    await openExplorer(page, '/');
    await suggest(page, name);
    // One line for the event at that venue, however many of its dates the search found.
    const line = page
      .getByRole('group', { name: 'Events' })
      .getByRole('option')
      .filter({ hasText: name })
      .filter({ hasText: venue });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(/\d+ dates · next/);
  });

  test('the results of one town are framed where the offline basemap still names places, and grouped as a view is @phone', async ({
    page,
  }) => {
    await openExplorer(page, '/?at=46.6,2.35,6');
    await waitForResults(page);
    await suggest(page, 'lyon');
    // Enter on the text itself: the results view, framed around its events, all in Lyon.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]q=lyon(&|$)/);
    await expect.poll(() => cameraOf(page)?.zoom ?? 6, { timeout: 15_000 }).toBeGreaterThan(10);
    await waitForView(page);
    // Not closer than the offline basemap's detail allows: its finest data ends at zoom 9, and at 13 Lyon's results
    // stood on blank land. From here its towns name the place.
    expect(cameraOf(page)!.zoom).toBeLessThanOrEqual(OFFLINE_BASEMAP_FIT_MAX_ZOOM);
    await expect(page.getByTestId('event-map')).toHaveAttribute('data-places', /^[1-9]\d*$/, { timeout: 30_000 });
    // The map groups the results as it groups a view: the events at one place are one circle with their number, and
    // the map's text alternative adds up to the results' count.
    const found = Number(
      /^(\d+) matching events?$/.exec((await page.getByTestId('results-summary').textContent()) ?? '')?.[1],
    );
    expect(found).toBeGreaterThan(1);
    const counts = await mapSummaryCounts(page);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(found);
    expect(counts.length).toBeLessThan(found);
  });

  test('Enter on "concert" opens the results view, which reloads to the same results; Back returns @phone', async ({
    page,
  }, testInfo) => {
    await openExplorer(page, '/?at=46.6,2.35,6');
    await waitForResults(page);
    const before = page.url();
    await suggest(page, 'concert');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]q=concert(&|$)/);
    await expect(page.getByTestId('search-results-title')).toHaveText('Results for “concert”');
    await expect(page.getByTestId('results-summary')).toHaveText(/\d+ matching events?/);
    await expect(cards(page).first()).toBeVisible();
    const ids = await cardIds(page);
    expect(ids.length).toBeGreaterThan(0);
    // The map was fitted to the results (the camera changed from the one before).
    await expect.poll(() => page.url()).not.toContain('at=46.6%2C2.35%2C6');
    await snap(page, testInfo, 'results view');
    const axe = await new AxeBuilder({ page }).include('main, header, section').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.reload();
    await expect(page.getByTestId('search-results-title')).toHaveText('Results for “concert”');
    await expect(cards(page).first()).toBeVisible();
    expect(await cardIds(page)).toEqual(ids);
    await expect(searchBox(page)).toHaveValue('concert');

    await page.goBack();
    await expect(page).toHaveURL(before);
    await expect(page.getByTestId('search-results-title')).toHaveCount(0);
    await waitForResults(page);
    expect(cameraOf(page)).toEqual({ lat: 46.6, lng: 2.35, zoom: 6 });
  });

  test('a broad word lists its first 50 matches, then more on request, each event once @phone', async ({ page }) => {
    // The seeded catalogue has more than a page of upcoming concerts (the search's own answer says how many).
    const all = await resending(page.request).get('/api/search?q=concert&type=events&limit=200');
    expect(all.status()).toBe(200);
    const found = ((await all.json()) as unknown[]).length;
    expect(found).toBeGreaterThan(50);

    await openExplorer(page, '/?q=concert');
    await expect(page.getByTestId('results-summary')).toHaveText('At least 50 matching events');
    await expect(cards(page)).toHaveCount(50);
    const more = page.getByTestId('search-more');
    await expect(more).toHaveText('Show more results');
    await more.click();
    await expect(cards(page)).toHaveCount(Math.min(found, 100));
    const ids = await cardIds(page);
    expect(new Set(ids).size).toBe(ids.length);
    await expect(page.getByTestId('results-summary')).toHaveText(
      found > 100 ? 'At least 100 matching events' : `${found} matching events`,
    );
  });

  test('odd or unsearchable text in the link opens the view with a message, never an error page @phone', async ({
    page,
  }) => {
    const response = await page.goto('/?q=caf%E9%20%F0%9F%8E');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('search-results-title')).toContainText('caf');

    await openExplorer(page, '/?q=%F0%9F%8E%89%F0%9F%8E%B8');
    await expect(page.getByText('Type letters or numbers to search')).toBeVisible();
    await openExplorer(page, `/?q=${'a'.repeat(500)}`);
    await expect(page.getByText('That is too long to search: 200 characters at most')).toBeVisible();
    await openExplorer(page, '/?q=%20%20');
    await expect(page.getByText('Type a word to search')).toBeVisible();
    await openExplorer(page, '/?q=Lyon%20%E6%9D%B1%E4%BA%AC%20zzqx');
    await expect(page.getByText('No upcoming event matches “Lyon 東京 zzqx”.')).toBeVisible();
  });

  test('"Near me" draws the position on the map', async ({ browser, consoleErrors }, testInfo) => {
    const context = await browser.newContext({
      geolocation: { latitude: 45.764, longitude: 4.8357, accuracy: 300 },
      permissions: ['geolocation'],
      viewport: { width: 1280, height: 800 },
    });
    consoleErrors.watch(context);
    const page = await context.newPage();
    await openExplorer(page, '/');
    await page.getByRole('button', { name: 'Near me' }).click();
    await expect.poll(() => cameraOf(page)?.lat ?? 0, { timeout: 15_000 }).toBeCloseTo(45.764, 2);
    await expect(page.getByTestId('event-map')).toHaveAttribute('data-you-are-here', '1', { timeout: 30_000 });
    await snap(page, testInfo, 'you are here');
    await context.close();
  });
});
