import type { Page, Response } from '@playwright/test';
import type { TExplorerEvent } from '../lib/contract';
import { expect, test } from './fixtures/test';
import { openExplorer, waitForView } from './helpers';

/*
 * The embed builder (/embed/snippet) as a partner uses it, and the locked preset of the embed it gives.
 */

function parseBbox(text: string): [number, number, number, number] {
  const parts = text.split(',').map(Number);
  expect(parts).toHaveLength(4);
  return parts as [number, number, number, number];
}

async function snippetSrc(page: Page): Promise<URL> {
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  const src = /src="([^"]+)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&');
  expect(src, snippet).toBeTruthy();
  return new URL(src!);
}

test('the area chosen on the map lands in the snippet, and the preview lists only events inside it', async ({
  page,
}) => {
  await page.goto('/embed/snippet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Embed the Eventmap map');
  // Categories carry their translated names.
  await expect(page.getByRole('checkbox', { name: 'Workshop' })).toBeVisible();

  await page.getByRole('radio', { name: 'An area I choose' }).check();
  const areaText = page.getByTestId('area-text');
  // The map's frame is the area as soon as the map is up.
  await expect(areaText).toHaveValue(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
  await page.getByLabel('Town').fill('Lyon');
  await expect.poll(async () => parseBbox(await areaText.inputValue())[0]).toBeGreaterThan(4.6);
  await expect.poll(async () => parseBbox(await areaText.inputValue())[2]).toBeLessThan(5.1);

  // Panning the map moves the area with it.
  const before = await areaText.inputValue();
  const map = page.getByTestId('area-map');
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2 - 20, { steps: 8 });
  await page.mouse.up();
  await expect(areaText).not.toHaveValue(before);
  const area = parseBbox(await areaText.inputValue());
  expect(area[0]).toBeGreaterThan(4.6);
  expect(area[2]).toBeLessThan(5.2);

  const events: TExplorerEvent[] = [];
  page.on('response', (response: Response) => {
    const frameUrl = response.request().frame().url();
    if (new URL(response.url()).pathname !== '/api/explorer/events' || !frameUrl.includes('parea=')) return;
    void response.json().then(
      (body: { data: TExplorerEvent[] }) => events.push(...body.data),
      () => {},
    );
  });
  await page.getByLabel('Language').selectOption('en');
  await page.getByRole('checkbox', { name: /^Area — / }).check();
  const src = await snippetSrc(page);
  expect(src.searchParams.get('bbox')).toBe(await areaText.inputValue());
  expect(src.searchParams.get('lock')).toBe('area');

  const preview = page.frameLocator('[data-testid="embed-preview"]');
  await expect(preview.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  await expect.poll(() => events.length).toBeGreaterThan(0);
  const [west, south, east, north] = area;
  const epsilon = 1e-3;
  for (const event of events) {
    const [lng, lat] = event.position ?? [Number.NaN, Number.NaN];
    expect(lng, `${event.name} (${lng},${lat})`).toBeGreaterThanOrEqual(west - epsilon);
    expect(lng, event.name).toBeLessThanOrEqual(east + epsilon);
    expect(lat, event.name).toBeGreaterThanOrEqual(south - epsilon);
    expect(lat, event.name).toBeLessThanOrEqual(north + epsilon);
  }
});

test('a town chosen while the area map is still loading is where the map goes, and the area follows', async ({
  page,
}) => {
  await page.goto('/embed/snippet');
  await page.getByRole('radio', { name: 'An area I choose' }).check();
  // At once: the map's chunk and MapLibre are still on their way.
  await page.getByLabel('Town').fill('Lyon');
  const areaText = page.getByTestId('area-text');
  await expect(areaText).toHaveValue(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
  await expect.poll(async () => parseBbox(await areaText.inputValue())[0]).toBeGreaterThan(4.6);
  await expect.poll(async () => parseBbox(await areaText.inputValue())[2]).toBeLessThan(5.1);
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe(await areaText.inputValue());
});

test('an invalid area is explained beside its field and the snippet keeps the last valid one', async ({ page }) => {
  await page.goto('/embed/snippet');
  await page.getByRole('radio', { name: 'An area I choose' }).check();
  const areaText = page.getByTestId('area-text');
  await areaText.fill('4.77,45.707,4.9,45.808');
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe('4.77,45.707,4.9,45.808');

  await areaText.fill('lyon');
  await expect(areaText).toHaveAttribute('aria-invalid', 'true');
  const error = page.getByRole('alert').filter({ hasText: 'Enter four numbers' });
  await expect(error).toBeVisible();
  await expect(areaText).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
  expect((await snippetSrc(page)).searchParams.get('bbox')).toBe('4.77,45.707,4.9,45.808');
  expect(await page.getByTestId('embed-snippet').inputValue()).not.toContain('lyon');

  // The height too: a value out of range is explained and not used.
  await page.getByLabel('Initial height (px)').fill('12');
  await expect(page.getByRole('alert').filter({ hasText: 'from 300 to 2000' })).toBeVisible();
  expect(await page.getByTestId('embed-snippet').inputValue()).toContain('height="600"');
});

test('the map’s frames leave the coordinates alone while the partner is in the field', async ({ page }) => {
  // MapLibre waits until the partner is in the field, its text selected: the map's first frame then lands between the
  // selection and the typing, as it did on a loaded machine (the typing was appended to the frame's text).
  let letMapThrough = () => {};
  const mapHeld = new Promise<void>((resolve) => (letMapThrough = resolve));
  await page.route(/\/maplibre\//, async (route) => {
    await mapHeld;
    await route.continue();
  });
  await page.goto('/embed/snippet');
  await page.getByRole('radio', { name: 'An area I choose' }).check();
  const areaText = page.getByTestId('area-text');
  await areaText.focus();
  await page.keyboard.press('ControlOrMeta+A');
  letMapThrough();
  // The map has loaded, and reported its frame on the way (its load comes before its first idle).
  const map = page.getByTestId('area-map').getByTestId('event-map');
  await expect(map).toHaveAttribute('data-basemap', 'drawn', { timeout: 30_000 });
  await expect(areaText).toHaveValue('');
  // Left unchanged, the field takes the map's frame.
  await page.keyboard.press('Tab');
  await expect(areaText).toHaveValue(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe(await areaText.inputValue());
  // Typed over, it holds exactly what was typed.
  await areaText.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('4.77,45.707,4.9,45.808');
  await expect(areaText).toHaveValue('4.77,45.707,4.9,45.808');
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe('4.77,45.707,4.9,45.808');
});

test('a frame the map reports just before the partner enters the field does not land under their typing', async ({
  page,
}) => {
  await page.goto('/embed/snippet');
  await page.getByRole('radio', { name: 'An area I choose' }).check();
  const areaText = page.getByTestId('area-text');
  await expect(page.getByTestId('area-map').getByTestId('event-map')).toHaveAttribute('data-basemap', 'drawn');
  const settled = await areaText.inputValue();
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe(settled);
  // The map's box grows: MapLibre's own resize observer reports the new frame (a `moveend`), and this one, called
  // after it in the same rendering step, enters the field and selects its text before React renders that frame —
  // the order a loaded machine gave a partner who clicked into the field as the map settled.
  const reportedFirst = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const box = document.querySelector<HTMLElement>('[data-testid="area-map"]')!;
        const field = document.querySelector<HTMLInputElement>('[data-testid="area-text"]')!;
        const frames = () => performance.getEntriesByName('eventmap:moveend').length;
        const before = frames();
        const observer = new ResizeObserver(() => {
          observer.disconnect();
          const reported = frames() > before;
          field.focus();
          field.select();
          resolve(reported);
        });
        observer.observe(box);
        box.style.height = `${box.clientHeight + 40}px`;
      }),
  );
  expect(reportedFirst).toBe(true);
  // That frame is rendered (the snippet takes it) while the partner's selection is on the field's text.
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).not.toBe(settled);
  await page.keyboard.insertText('4.77,45.707,4.9,45.808');
  await expect(areaText).toHaveValue('4.77,45.707,4.9,45.808');
  await expect.poll(async () => (await snippetSrc(page)).searchParams.get('bbox')).toBe('4.77,45.707,4.9,45.808');
  await page.keyboard.press('Tab');
  await expect(areaText).toHaveValue('4.77,45.707,4.9,45.808');
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the builder speaks French', async ({ page }) => {
    await page.goto('/embed/snippet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Intégrer la carte Eventmap');
    await expect(page.getByRole('checkbox', { name: 'Atelier' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Une zone que je choisis' })).toBeVisible();
  });
});

test('a locked preset survives "Clear filters", and an empty embed offers a way out', async ({ page }) => {
  // Hydrated before the first click: a click on the server-rendered chips before then does nothing.
  await openExplorer(page, '/embed?locale=en&categories=musique,spectacle&lock=cat&bbox=-5,42,8,51');
  await expect(page).toHaveURL(/pcat=musique%2Cspectacle|pcat=musique,spectacle/);
  const filters = page.getByRole('group', { name: 'Filters' });
  // Only the locked categories are offered.
  await expect(filters.getByRole('button', { name: /^Music(,|$)/ })).toBeVisible();
  await expect(filters.getByRole('button', { name: /^Workshop(,|$)/ })).toHaveCount(0);
  await expect(filters.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);

  await filters.getByRole('button', { name: /^Music(,|$)/ }).click();
  await expect(page).toHaveURL(/[?&]cat=spectacle(&|$)/);
  await filters.getByLabel('Price', { exact: true }).selectOption('free');
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/[?&]cat=musique%2Cspectacle(&|$)|[?&]cat=musique,spectacle(&|$)/);
  await expect(page).not.toHaveURL(/[?&]free=1/);
  await expect(filters.getByRole('button', { name: /^Music(,|$)/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(filters.getByRole('button', { name: /^Show(,|$)/ })).toHaveAttribute('aria-pressed', 'true');

  // Live now, locked, over a patch of sea: nothing is on, nothing can be widened but the area.
  await page.goto('/embed?locale=en&live=1&lock=live&bbox=-30,40,-29,41');
  await expect(page.getByTestId('empty-state')).toContainText('Nothing live here right now.');
  await expect(page.getByRole('button', { name: 'Live now' })).toBeDisabled();
  await expect(page.getByTestId('empty-state').getByRole('button', { name: 'Zoom out' })).toBeVisible();
  // Unlocked, the nearest widening is later dates.
  await page.goto('/embed?locale=en&live=1&bbox=-30,40,-29,41');
  const later = page.getByTestId('empty-state').getByRole('button', { name: 'Show what’s on later' });
  await expect(later).toBeVisible();
  // The empty state is the server's: a click before hydration would reach no handler.
  await waitForView(page);
  await later.click();
  await expect(page).not.toHaveURL(/[?&]live=1/);
});
