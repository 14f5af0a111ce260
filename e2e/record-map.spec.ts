/*
 * Record pages draw their location on the server (an SVG map with the pin, no MapLibre) and load the interactive map
 * only when asked.
 */
import type { TEvent } from '../lib/contract';
import { expect, test } from './fixtures/test';
import { demoToken, pickEvent, upcomingEvents } from './fixtures/partner-service';

let event: TEvent;

test.beforeAll(async ({ request }) => {
  event = pickEvent(await upcomingEvents(request, await demoToken(request)));
});

test('an event page draws its place without MapLibre, and opens the interactive map on demand @phone', async ({
  page,
}) => {
  const maplibreRequests: string[] = [];
  page.on('request', (r) => {
    if (/maplibre/i.test(r.url())) maplibreRequests.push(r.url());
  });
  await page.goto(`/events/${event.id}`);
  const drawn = page.getByTestId('static-map');
  await expect(drawn).toBeVisible();
  await expect(drawn).toHaveAttribute('aria-label', /Map: /);
  await expect(drawn.getByTestId('static-map-pin')).toHaveCount(1);
  // The pin is at the centre of the drawing, on land (a filled land path is drawn: at the venue's neighbourhood
  // scale, land may fill the whole drawing, a short path).
  const pin = drawn.getByTestId('static-map-pin');
  const [, , drawingWidth] = ((await drawn.getAttribute('viewBox')) ?? '').split(' ').map(Number);
  expect(Number(await pin.getAttribute('cx'))).toBeCloseTo(drawingWidth! / 2, 0);
  expect(await drawn.locator('path').first().getAttribute('d')).toMatch(/^M\s*-?[\d.]+[\s,]+-?[\d.]+/);
  // Positions in the page (not the viewport: the click may scroll).
  const pageBox = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top + window.scrollY, height: r.height };
    });
  const box = await pageBox('[data-testid="static-map"]');
  await page.waitForLoadState('networkidle');
  expect(maplibreRequests, 'MapLibre is not loaded for the drawn map').toEqual([]);

  await page.getByRole('button', { name: 'Interactive map' }).click();
  const canvas = page.locator('canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  await expect(page.getByTestId('static-map')).toHaveCount(0);
  expect(maplibreRequests.length).toBeGreaterThan(0);
  // The interactive map takes the drawn map's box: nothing moves.
  const after = await pageBox('[role="img"][aria-label^="Map: "]');
  expect(after.height).toBeCloseTo(box.height, 0);
  expect(after.top).toBeCloseTo(box.top, 0);
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('a place page draws its map, labels the button, and its live map speaks French @phone', async ({ page }) => {
    await page.goto(`/places/${encodeURIComponent(event.mapPlace?.id ?? event.place.mapId)}`);
    await expect(page.getByTestId('static-map')).toHaveAttribute('aria-label', /Carte : /);
    await page.getByRole('button', { name: 'Carte interactive' }).click();
    // MapLibre names its canvas with its `locale` option's "Map.Title": French on a French page.
    await expect(page.locator('.maplibregl-canvas')).toHaveAttribute('aria-label', 'Carte');
  });
});
