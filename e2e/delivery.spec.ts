/*
 * What a phone downloads: every static file and dynamic answer compressed (brotli for a browser that accepts it), the
 * explorer's viewport answer slim, and the icons a browser or a home screen asks for.
 */
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { cards, startMap, waitForMarkers } from './helpers';

test('the home page and everything it loads from this server come compressed', async ({ page }) => {
  const answers: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith('http://127.0.0.1') && response.status() === 200) answers.push(response);
  });
  const home = await page.goto('/');
  await expect(cards(page).first()).toBeVisible();
  expect(await home!.headerValue('content-encoding')).toBe('br');
  // MapLibre loads with the first gesture; the first view's events come with the page, so a filter asks for events.
  await startMap(page);
  await waitForMarkers(page);
  const filtered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/explorer/events');
  await page.getByRole('button', { name: 'Music' }).click();
  await filtered;

  const byKind = async (pattern: RegExp) => {
    const matching = answers.filter((r) => pattern.test(new URL(r.url()).pathname));
    expect(matching.length, String(pattern)).toBeGreaterThan(0);
    const read = await Promise.all(
      matching.map(async (r) => {
        // A worker's responses (the emoji probe's scripts) lose their bodies when the page ends the worker: the
        // headers are the browser's still; the size is that of the same file asked for again.
        const body = await r.body().catch(async () => (await page.request.get(r.url())).body());
        return { url: r.url(), headers: await r.allHeaders(), size: body.length };
      }),
    );
    // Below a kilobyte a compressed copy may not be smaller, and is then not written.
    return read.filter((r) => r.size > 1024);
  };
  for (const { url, headers } of [
    ...(await byKind(/^\/_next\/static\/.+\.(js|css)$/)),
    ...(await byKind(/^\/maplibre\/.+\.mjs$/)),
    ...(await byKind(/^\/api\/explorer\/events$/)),
  ]) {
    expect(headers['content-encoding'], url).toBe('br');
    expect(headers['vary'], url).toMatch(/accept-encoding/i);
  }
});

test('a client that accepts only gzip gets gzip, and one that accepts nothing gets the plain bytes', async ({
  request,
}) => {
  const gzip = await request.get('/', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('<html');
});

test('the explorer answer for 500 events stays within 136 KB before compression', async ({ request }) => {
  // Mainland France over the coming year: a full page in the seeded catalogue.
  const window = `from=${new Date().toISOString()}&to=${new Date(Date.now() + 365 * 86_400_000).toISOString()}`;
  const query = `minLng=-5.2&maxLng=9.6&minLat=41.3&maxLat=51.1&limit=500&${window}`;
  const answer = await request.get(`/api/explorer/events?${query}`, { headers: { 'accept-encoding': 'identity' } });
  expect(answer.status()).toBe(200);
  const body = await answer.body();
  const { data } = JSON.parse(body.toString()) as { data: unknown[] };
  // The seeded catalogue may hold fewer upcoming events than a full page: the budget is per event.
  expect(data.length).toBeGreaterThanOrEqual(20);
  // 120 KB before cards showed pictures; each event's picture path (`"image":"event/69-square.svg"`) adds ~32 B,
  // ~1.7 KB once compressed for 500 events (docs/details.md).
  expect((body.length / data.length) * 500).toBeLessThanOrEqual(136 * 1024);
  // The full shape stays available to any client that asks for it.
  const full = await request.get(`/api/events?${query}`, { headers: { 'accept-encoding': 'identity' } });
  const fullBody = await full.body();
  expect((JSON.parse(fullBody.toString()) as { data: Record<string, unknown>[] }).data[0]).toHaveProperty(
    'description',
  );
  test.info().annotations.push({
    type: 'bytes',
    description: `${data.length} events: explorer ${body.length} B, full ${fullBody.length} B`,
  });
});

test('the favicon, app icons and web app manifest are served', async ({ page, request }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);
  const manifest = (await (await request.get(manifestHref!)).json()) as { icons: { src: string; type: string }[] };
  expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type'], icon.src).toContain(icon.type);
  }
  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');
  const appleIcon = await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!);
  expect(appleIcon.headers()['content-type']).toBe('image/png');
  expect((await request.get('/app-icon/64')).status()).toBe(404);
});
