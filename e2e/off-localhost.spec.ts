import { chromium, type Browser } from '@playwright/test';
import { E2E_LAUNCH_OPTIONS } from './chromium';
import { clicksSince, demoToken, pickEvent, upcomingEvents } from './fixtures/partner-service';
import { expect, resending, test } from './fixtures/test';
import { E2E_BASE_URL, E2E_SERVICE_URL } from '../playwright.config';

/*
 * The web app as a phone on the same network, or a visitor of a partner's site, reaches it: under a name that is not
 * the loopback address the service writes into its links. Chromium resolves `eventmap.lan` to the machine, so every
 * request carries `Host: eventmap.lan:<port>`; every picture, Book link and service link must resolve through that
 * address, and nothing may be fetched from the service's own (loopback) origin.
 */
const LAN_HOST = 'eventmap.lan';
const LAN_ORIGIN = `http://${LAN_HOST}:${new URL(E2E_BASE_URL).port}`;

let browser: Browser;

test.beforeAll(async () => {
  browser = await chromium.launch({
    ...E2E_LAUNCH_OPTIONS,
    args: [...(E2E_LAUNCH_OPTIONS.args ?? []), `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  });
});

test.afterAll(async () => {
  await browser.close();
});

test('an event page reached through another address loads every picture and Book link through it', async ({
  request,
  consoleErrors,
}) => {
  const token = await demoToken(request);
  const events = await upcomingEvents(request, token);
  const event = pickEvent(events.filter((e) => e.image !== null));
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Paris' });
  consoleErrors.watch(context);
  // Plain HTTP on a name other than localhost is not a secure context: Chromium notes that it ignores the
  // Cross-Origin-Opener-Policy header. A deployment serves HTTPS from its TLS terminator (docs/white-label.md).
  consoleErrors.allow(
    /The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy/,
  );
  const requested: string[] = [];
  context.on('request', (r) => requested.push(r.url()));
  // The ticketing partners are out on the internet: answer for them.
  await context.route(
    (url) => !['127.0.0.1', 'localhost', LAN_HOST].includes(url.hostname),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }),
  );
  const page = await context.newPage();
  const since = new Date(Date.now() - 1000).toISOString();
  await page.goto(`${LAN_ORIGIN}/events/${event.id}`);
  await page.waitForLoadState('load');

  const images = await page
    .locator('img')
    .evaluateAll((list) =>
      (list as HTMLImageElement[]).map((img) => ({ src: img.src, loading: img.loading, width: img.naturalWidth })),
    );
  // Inline pictures (the brand's logo as a data: URI) load from nowhere; every other one must come through the LAN.
  const loaded = images.filter((image) => !image.src.startsWith('data:'));
  expect(loaded.length).toBeGreaterThan(0);
  for (const image of loaded) {
    expect(new URL(image.src).origin, image.src).toBe(LAN_ORIGIN);
    const answer = await resending(context.request).get(image.src.replace(LAN_ORIGIN, E2E_BASE_URL), {
      headers: { host: new URL(LAN_ORIGIN).host },
    });
    expect(answer.status(), image.src).toBe(200);
    expect(answer.headers()['content-type'], image.src).toMatch(/^image\//);
    if (image.loading !== 'lazy') expect(image.width, image.src).toBeGreaterThan(0);
  }

  const books = page.getByRole('link', { name: /^Book on / });
  await expect(books.first()).toBeVisible();
  for (const href of await books.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
    expect(href).toMatch(new RegExp(`^${LAN_ORIGIN.replace(/[.]/g, '\\.')}/r/`));
  }
  const [popup] = await Promise.all([page.waitForEvent('popup'), books.first().click()]);
  await popup.waitForLoadState();
  // Followed through the app, the link still records the click for the client it was served to.
  await expect
    .poll(async () => (await clicksSince(request, token, since)).filter((c) => c.eventId === event.id).length)
    .toBeGreaterThan(0);

  // The embed's cards, filled from /api/events, take the same path.
  await page.goto(`${LAN_ORIGIN}/embed?locale=en&bbox=-5,42,8,51&near=5`);
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
  // A card's picture gets its address once its card is on screen (components/explorer/card-thumb.tsx).
  await expect.poll(() => page.locator('[data-thumb] img[src]').count()).toBeGreaterThan(0);
  const cardImages = await page
    .locator('img[src]')
    .evaluateAll((list) => (list as HTMLImageElement[]).map((i) => i.src));
  // The brand's inline logo (a data: URI) aside, every picture comes through the LAN address.
  for (const src of cardImages.filter((s) => !s.startsWith('data:'))) {
    expect(new URL(src).origin, src).toBe(LAN_ORIGIN);
  }
  // Plain HTTP on a LAN name is no secure context: browsers give no position there, so an embed that follows the
  // visitor offers no "Near me" and stays on its fixed area.
  await expect(page.getByRole('button', { name: 'Near me' })).toHaveCount(0);

  expect(requested.filter((url) => url.startsWith(E2E_SERVICE_URL))).toEqual([]);
  await context.close();
});

test("an event's service link resolves to its page on the address the visitor used", async ({ request }) => {
  const events = await upcomingEvents(request, await demoToken(request));
  const event = pickEvent(events);
  const path = new URL(event.serviceLink).pathname;
  expect(path).toMatch(/^\/e\//);
  const answer = await request.get(`${E2E_BASE_URL}${path}`, {
    headers: { host: new URL(LAN_ORIGIN).host },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers()['location']).toBe(`/events/${event.id}`);
});

test('only the public links of the service are forwarded, and bad ones answer a problem', async ({ request }) => {
  for (const path of ['/images/event/..%2F..%2Fv2%2Fclicks', '/images/event', '/r/%2Fv2%2Fclicks', '/e/.hidden']) {
    const answer = await request.get(`${E2E_BASE_URL}${path}`, { maxRedirects: 0 });
    expect(answer.status(), path).toBe(404);
    expect(answer.headers()['content-type'], path).toContain('application/problem+json');
  }
  const forged = await request.get(`${E2E_BASE_URL}/r/not-a-token`, { maxRedirects: 0 });
  expect(forged.status()).toBe(404);
});
