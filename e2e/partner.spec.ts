import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ICAL from 'ical.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, resending, test } from './fixtures/test';
import type { TClick, TEvent } from '../lib/contract';
import { E2E_SECRETS } from '../playwright.config';
import { demoToken, pickEvent, SERVICE_URL, upcomingEvents } from './fixtures/partner-service';

/*
 * The partner's side of the site: the clicks-and-commission dashboard against the demo click history the seed
 * records, the sitemap kept in sync by the catalogue mirror while the catalogue changes, and the subscription feeds.
 * Console and page errors fail a journey (fixtures/test.ts).
 */

test.use({ locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB' } });

async function signIn(page: Page, password: string = E2E_SECRETS.dashboardPassword): Promise<void> {
  await page.goto('/partner');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Every click of the demo client after `minDate`, through the API (oldest first). */
async function allClicks(request: APIRequestContext, minDate: string): Promise<TClick[]> {
  const token = await demoToken(request);
  const clicks: TClick[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const response = await request.get(`${SERVICE_URL}/v2/clicks`, {
      headers: { Authorization: `Bearer ${token}` },
      params: { minDate, limit: 1000, pageNumber },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: TClick[]; pagination: { totalPages: number } };
    clicks.push(...body.data);
    if (pageNumber >= body.pagination.totalPages) return clicks;
  }
}

/** A CSV line split into fields (RFC 4180 quoting). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  const pattern = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (const match of line.matchAll(pattern)) {
    const raw = match[1]!;
    fields.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (match[2] === '') break;
  }
  return fields;
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test.describe('partner dashboard', () => {
  test('signs in with the password only, in a strict HttpOnly session, never framed, indexed or cached', async ({
    page,
    context,
  }) => {
    const first = await page.goto('/partner');
    expect(first?.headers()['cache-control']).toContain('no-store');
    expect(first?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(first?.headers()['x-frame-options']).toBe('DENY');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // Two different wrong passwords get the same answer.
    for (const wrong of ['not-the-password', 'e2e-partner-dashboard-passworD']) {
      await signIn(page, wrong);
      await expect(page.locator('main').getByRole('alert')).toHaveText('Wrong password.');
      await expect(page.getByRole('heading', { name: 'Clicks and commission' })).toHaveCount(0);
    }
    expect((await context.cookies()).find((c) => c.name === 'eventmap_partner')).toBeUndefined();

    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Clicks and commission' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'eventmap_partner');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/partner' });
    expect(cookie?.value).not.toContain(E2E_SECRETS.dashboardPassword);

    // Without the session, the export is refused.
    const anonymous = await resending(page.request).get('/partner/export?period=7d', { headers: { cookie: '' } });
    expect(anonymous.status()).toBe(401);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Partner area' })).toBeVisible();
  });

  test('shows the demo history: totals, chart and its table twin, breakdowns; a period change; a CSV of /v2/clicks', async ({
    page,
    request,
  }) => {
    await signIn(page);
    const totals = page.locator('[data-period-start]');
    await expect(totals).toBeVisible();
    const clicks30 = number(await page.locator('[data-total="clicks"] p').first().textContent());
    expect(clicks30).toBeGreaterThan(100);
    await expect(page.locator('[data-total="commission"] p').first()).toHaveText(/^€[\d,]+\.\d\d$/);
    await expect(page.locator('[data-total="clicks"]')).toContainText('against the previous period');

    // 30 daily bars per chart, and the table twin adds up to the total.
    await expect(page.locator('svg[data-chart="clicks-chart"] rect')).toHaveCount(30);
    const twin = page.locator('#chart-table tbody tr');
    await expect(twin).toHaveCount(30);
    const perDay = await twin.locator('td:nth-child(2)').allTextContents();
    expect(perDay.reduce((sum, text) => sum + number(text), 0)).toBe(clicks30);
    for (const id of ['source', 'event', 'category', 'town']) {
      await expect(page.locator(`[data-breakdown="${id}"] tbody tr`).first()).toBeVisible();
    }
    await expect(page.locator('[data-latest] tbody tr')).toHaveCount(20);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // A shorter period: 7 bars, fewer clicks.
    await page.getByRole('link', { name: '7 days', exact: true }).click();
    await expect(page).toHaveURL(/period=7d/);
    await expect(page.getByRole('link', { name: '7 days', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('svg[data-chart="clicks-chart"] rect')).toHaveCount(7);
    const clicks7 = number(await page.locator('[data-total="clicks"] p').first().textContent());
    expect(clicks7).toBeGreaterThan(0);
    expect(clicks7).toBeLessThan(clicks30);

    // The period's CSV holds exactly the API's clicks of the period.
    const start = await totals.getAttribute('data-period-start');
    const before = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export the period (CSV)' }).click(),
    ]);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('createdAt,link,linkId,eventId,eventName,source,commission');
    // Links are the same tracked link, on the web app's origin in the export and on the service's in the API.
    const rows = lines
      .slice(1)
      .map(csvFields)
      .map(([at, link, ...rest]) => [at!, new URL(link!).pathname, ...rest]);
    const expected = (await allClicks(request, new Date(Date.parse(start!) - 1).toISOString())).map((c) => [
      c.createdAt,
      new URL(c.link).pathname,
      String(c.linkId),
      String(c.eventId),
      c.eventName,
      c.source,
      String(c.commission),
    ]);
    // Clicks made elsewhere in the suite after the download started may or may not be in it.
    const settled = (row: string[]) => Date.parse(row[0]!) < before;
    expect(rows.filter(settled)).toEqual(expected.filter(settled));
    expect(rows.length).toBeGreaterThanOrEqual(clicks7);

    // A custom range, and an impossible one.
    await page.goto('/partner?period=custom&from=2026-02-30&to=2026-03-01');
    await expect(page.locator('main').getByRole('alert')).toHaveText('Invalid period: showing the last 30 days.');
  });

  test('a click on an event page’s Book link appears in the dashboard', async ({ page, context, request }) => {
    const event: TEvent = pickEvent(await upcomingEvents(request, await demoToken(request)));
    // The ticketing partners are out on the internet: answer for them, after the service has recorded the click.
    await context.route(
      (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }),
    );
    await signIn(page);
    await page.goto(`/events/${event.id}`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page
        .getByRole('link', { name: /^Book on / })
        .first()
        .click(),
    ]);
    await popup.waitForLoadState();
    await popup.close();
    await page.goto('/partner?period=today');
    await expect(page.locator('[data-latest] tbody tr').first()).toHaveAttribute('data-event-id', String(event.id));
  });
});

test.describe('sitemap', () => {
  /** Locations listed by every file of the sitemap index. */
  async function sitemapPaths(request: APIRequestContext): Promise<Map<string, string>> {
    const parser = new XMLParser({ isArray: (name) => name === 'sitemap' || name === 'url' });
    const index = await request.get('/sitemap.xml');
    expect(index.headers()['content-type']).toContain('xml');
    const files = (parser.parse(await index.text()) as { sitemapindex: { sitemap: Array<{ loc: string }> } })
      .sitemapindex.sitemap;
    const entries = new Map<string, string>();
    for (const file of files) {
      const body = await (await request.get(new URL(file.loc).pathname)).text();
      expect(XMLValidator.validate(body)).toBe(true);
      const urls = (parser.parse(body) as { urlset: { url?: Array<{ loc: string; lastmod: string }> } }).urlset.url;
      for (const url of urls ?? []) entries.set(new URL(url.loc).pathname, url.lastmod);
    }
    return entries;
  }

  /** What the sitemap should list: the service's current catalogue (a snapshot through the API). */
  async function expectedPaths(request: APIRequestContext): Promise<Map<string, string>> {
    const token = await demoToken(request);
    const events: TEvent[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const response = await request.post(`${SERVICE_URL}/v2/get/catalogue`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { limit: 500, pageNumber },
        maxRetries: 1, // a POST that only reads (fixtures/test.ts, `resending`)
      });
      const body = (await response.json()) as { data: { events: TEvent[] }; pagination: { totalPages: number } };
      events.push(...body.data.events);
      if (pageNumber >= body.pagination.totalPages) break;
    }
    const now = Date.now();
    const paths = new Map<string, string>();
    const later = (a: string | undefined, b: string) => (a === undefined || Date.parse(b) > Date.parse(a) ? b : a);
    for (const event of events) {
      const end = Date.parse(event.endDate.replace(' ', 'T').replace(/ ([+-]\d\d)(\d\d)$/, '$1:$2'));
      if (event.cancelledAt || end <= now) continue;
      const updated = new Date(Date.parse(event.updatedAt)).toISOString();
      paths.set(`/events/${event.id}`, updated);
      if (event.mapPlace) {
        const path = `/places/${encodeURIComponent(event.mapPlace.id)}`;
        paths.set(path, later(paths.get(path), updated));
      }
      for (const performer of event.performers) {
        const path = `/performers/${performer.id}`;
        paths.set(path, later(paths.get(path), updated));
      }
    }
    return paths;
  }

  test('equals the service’s current catalogue after `simulate` changed it while the mirror syncs', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const simulate = spawnSync(
      'npx',
      ['tsx', 'partner-api/cli.ts', 'simulate', '--changes', '60', '--rate', '30', '--seed', '21'],
      {
        // The service's own port: events it creates carry image links to the service's public URL.
        env: {
          ...process.env,
          PARTNER_API_DB: '.data/e2e/partner-api.sqlite',
          PARTNER_API_PORT: new URL(SERVICE_URL).port,
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
      },
    );
    expect(simulate.status, simulate.stderr).toBe(0);
    // The mirror syncs every 2 s in the suite: poll until it has caught up, then compare in full.
    await expect
      .poll(
        async () => {
          const [listed, expected] = await Promise.all([sitemapPaths(request), expectedPaths(request)]);
          const missing = [...expected.keys()].filter((path) => !listed.has(path));
          const extra = [...listed.keys()].filter((path) => !expected.has(path));
          const stale = [...expected].filter(([path, lastmod]) => listed.has(path) && listed.get(path) !== lastmod);
          return { missing: missing.length, extra: extra.length, stale: stale.length, total: expected.size };
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toMatchObject({ missing: 0, extra: 0, stale: 0 });
    expect((await sitemapPaths(request)).size).toBeGreaterThan(100);
  });

  test('robots.txt points to it and keeps crawlers out of the embed and the dashboard', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /embed');
    expect(robots).toContain('Disallow: /partner');
    expect((await request.get('/sitemaps/events-99.xml')).status()).toBe(404);
  });
});

test.describe('subscribe', () => {
  test('the explorer’s filters become a webcal: calendar and an Atom feed that validate', async ({ page, request }) => {
    await page.goto('/?at=45.76,4.84,11&cat=musique&when=week');
    await expect(page.locator('[data-map-mode]:not([data-map-mode="pending"])')).toHaveCount(1, { timeout: 30_000 });
    await page.locator('[data-subscribe] summary').click();
    const calendarLink = page.locator('a[data-feed="ics"]');
    await expect(calendarLink).toHaveAttribute('href', /^webcal:\/\/127\.0\.0\.1:\d+\/api\/feeds\/events\.ics\?/);
    const webcal = new URL((await calendarLink.getAttribute('href'))!.replace(/^webcal:/, 'http:'));
    expect(webcal.searchParams.get('categories')).toBe('musique');
    expect(webcal.searchParams.get('when')).toBe('week');
    expect(webcal.searchParams.get('minLng')).not.toBeNull();

    const ics = await request.get(webcal.pathname + webcal.search);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await ics.text()) as unknown[]);
    expect(calendar.name).toBe('vcalendar');
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      expect(String(vevent.getFirstPropertyValue('url'))).toMatch(/\/events\/\d+$/);
    }

    const atomHref = (await page.locator('a[data-feed="atom"]').getAttribute('href'))!;
    const atom = await request.get(atomHref);
    expect(atom.headers()['content-type']).toContain('application/atom+xml');
    const xml = await atom.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      feed: { '@_xmlns': string; title: string };
    };
    expect(feed.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.feed.title).toBe('Eventmap — Music this week');

    const bad = await request.get('/api/feeds/events.atom?when=someday&maxPrice=-3');
    expect(bad.status()).toBe(400);
    const problem = (await bad.json()) as { errors: Array<{ pointer: string }> };
    expect(problem.errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(['#/when']));
  });
});
