import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import type { TEvent } from '../lib/contract';
import { clicksSince, demoToken, pickEvent, upcomingEvents } from './fixtures/partner-service';

/*
 * The event, place and performer pages against the seeded Partner API: both languages, 404s, structured data,
 * the tracked Book link and accessibility.
 */

let event: TEvent;
let placeId: string;
let placeName: string;
let performer: { id: number; name: string };

test.beforeAll(async ({ request }) => {
  const token = await demoToken(request);
  const events = await upcomingEvents(request, token);
  event = pickEvent(events);
  placeId = event.mapPlace?.id ?? event.place.mapId;
  placeName = event.mapPlace?.name ?? event.place.name;
  const anyPerformer = event.performers[0] ?? events.flatMap((e) => e.performers)[0];
  if (!anyPerformer) throw new Error('the seeded service has no upcoming event with a performer');
  performer = anyPerformer;
});

const LANGUAGES = [
  {
    locale: 'en-GB',
    lang: 'en',
    tickets: 'Tickets',
    venue: 'Venue',
    hours: 'Opening hours',
    upcoming: /Upcoming (events|dates)/,
    notFound: 'Page not found',
  },
  {
    locale: 'fr-FR',
    lang: 'fr',
    tickets: 'Billetterie',
    venue: 'Lieu',
    hours: 'Horaires d’ouverture',
    upcoming: /(Événements à venir|Prochaines dates)/,
    notFound: 'Page introuvable',
  },
] as const;

/** Axe findings that matter: serious or critical. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const language of LANGUAGES) {
  test.describe(`in ${language.lang}`, () => {
    test.use({ locale: language.locale, extraHTTPHeaders: { 'Accept-Language': language.locale } });

    test('the event page renders server-side with its sections @phone', async ({ page }) => {
      const response = await page.goto(`/events/${event.id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.name);
      await expect(page.locator(`[lang="${language.lang}"]`).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: language.tickets })).toBeVisible();
      await expect(page.getByRole('heading', { name: language.venue })).toBeVisible();
      await expect(page.getByRole('link', { name: placeName }).first()).toHaveAttribute(
        'href',
        `/places/${encodeURIComponent(placeId)}`,
      );
      for (const p of event.performers) {
        await expect(page.getByRole('link', { name: p.name, exact: true })).toHaveAttribute(
          'href',
          `/performers/${p.id}`,
        );
      }
      // SEO: canonical URL, OpenGraph and Twitter meta.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/events/${event.id}$`));
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', event.name);
      await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
        'content',
        language.lang === 'fr' ? 'fr_FR' : 'en_GB',
      );
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
      // Category icons are emoji: where the system has no emoji font (components/ui/emoji-support marks it), they are
      // left out rather than drawn as empty boxes, and the chip keeps its label.
      const chip = page
        .getByRole('list', { name: /cat[ée]gor/i })
        .getByRole('listitem')
        .first();
      await expect(chip.locator('.emoji')).toHaveCount(1);
      await page.evaluate(() => (document.documentElement.dataset.emoji = 'no'));
      await expect(chip.locator('.emoji')).toBeHidden();
      await expect(chip).not.toHaveText('');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the place page renders with hours and upcoming events @phone', async ({ page }) => {
      const response = await page.goto(`/places/${encodeURIComponent(placeId)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(placeName);
      await expect(page.getByRole('heading', { name: language.upcoming })).toBeVisible();
      await expect(page.getByRole('link', { name: event.name }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the performer page renders with their events @phone', async ({ page }) => {
      const response = await page.goto(`/performers/${performer.id}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(performer.name);
      await expect(page.getByRole('heading', { name: language.upcoming })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('unknown ids give the friendly 404 page @phone', async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 404 \(Not Found\)/);
      for (const path of ['/events/999999999', '/places/no-such-place-id', '/performers/999999999', '/events/abc']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(language.notFound);
        await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('the language switcher changes the language and remembers it', async ({ page }) => {
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Billetterie' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Français' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Billetterie' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
});

test('the pages are complete without JavaScript (server-rendered first paint)', async ({ browser, consoleErrors }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  consoleErrors.watch(context);
  const page = await context.newPage();
  await page.goto(`/events/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(event.name);
  await expect(page.getByRole('heading', { name: 'Tickets' })).toBeVisible();
  await page.goto(`/places/${encodeURIComponent(placeId)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(placeName);
  // The switcher is a plain form: it works before (or without) hydration.
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: /Événements à venir/ })).toBeVisible();
  await context.close();
});

test('the JSON-LD parses and describes the event @phone', async ({ page }) => {
  await page.goto(`/events/${event.id}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const docs = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  const doc = docs.find((d) => d['@type'] === 'Event');
  expect(doc).toBeDefined();
  expect(doc).toMatchObject({
    '@context': 'https://schema.org',
    name: event.name,
    startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
    eventStatus: event.cancelledAt ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: placeName },
    offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR' },
  });
  // Crawlers get the page URL, never a tracked link.
  expect(JSON.stringify(doc)).not.toContain('/r/');
});

test('the Book button goes through the tracked link and the click shows for the demo client @phone', async ({
  page,
  context,
  request,
}) => {
  const since = new Date(Date.now() - 1000).toISOString();
  // The ticketing partners are out on the internet: answer for them, after the service has recorded the click.
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }),
  );
  await page.goto(`/events/${event.id}`);
  const book = page.getByRole('link', { name: /^Book on / }).first();
  const href = await book.getAttribute('href');
  // Served through the web app's origin, so any device that reaches the page can follow it.
  expect(href).toMatch(/^\/r\/[\w.~-]+$/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), book.click()]);
  await popup.waitForLoadState();
  const token = await demoToken(request);
  await expect
    .poll(async () => (await clicksSince(request, token, since)).filter((c) => c.eventId === event.id).length)
    .toBeGreaterThan(0);
});

test('the calendar download is an iCalendar file of the event', async ({ request }) => {
  const response = await request.get(`/events/${event.id}/calendar.ics`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/calendar');
  expect(response.headers()['content-disposition']).toContain('attachment');
  const text = await response.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(text).toContain('BEGIN:VEVENT');
  expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect((await request.get('/events/999999999/calendar.ics')).status()).toBe(404);
});
