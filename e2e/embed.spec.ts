import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, resending, test } from './fixtures/test';
import { E2E_BASE_URL, E2E_SERVICE_URL } from '../playwright.config';
import { spawnWebServer, waitForServer } from './helpers';

/*
 * The embed as a partner uses it: a host page on ANOTHER local origin frames the web app. The default brand
 * (brands/eventmap.json) allows http://localhost:* to frame /embed, so the host page is served on localhost and the
 * same server reached as 127.0.0.1 is the origin that is not allowed.
 */

interface Host {
  server: Server;
  pages: Map<string, string>;
  allowed: string;
  refused: string;
}

let host: Host;

test.beforeAll(async () => {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const body = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host = { server, pages, allowed: `http://localhost:${port}`, refused: `http://127.0.0.1:${port}` };
});

test.afterAll(async () => {
  await new Promise((resolve) => host.server.close(resolve));
});

function hostPage(src: string): string {
  return `<!doctype html><html lang="en"><head><title>Partner site</title><link rel="icon" href="data:,"></head><body>
<h1>Partner site</h1>
<iframe id="eventmap" src="${src}" title="Events map" width="1100" height="700" style="border:0"></iframe>
</body></html>`;
}

/** Blocks every cookie between the browser and the web app, as a third-party frame in a strict browser would. */
async function withoutAppCookies(page: Page): Promise<string[]> {
  const sent: string[] = [];
  await page.route(`${E2E_BASE_URL}/**`, async (route) => {
    const headers = { ...route.request().headers() };
    if (headers.cookie) sent.push(headers.cookie);
    delete headers.cookie;
    // Redirects go back to the browser, as they would without the interception.
    const fetchOnce = () => route.fetch({ headers, maxRedirects: 0 });
    // A kept-alive connection the server closed just as it was reused resets; a browser retries such a request once.
    const response = await fetchOnce().catch((error: unknown) => {
      if (String(error).includes('ECONNRESET') && ['GET', 'HEAD'].includes(route.request().method()))
        return fetchOnce();
      throw error;
    });
    const answer = { ...response.headers() };
    delete answer['set-cookie'];
    await route.fulfill({ response, headers: answer });
  });
  return sent;
}

test.describe('embed', () => {
  // A page still loading when its test ends (an event opened in the frame) leaves withoutAppCookies' handler mid-fetch;
  // those requests no longer matter, and must not fail the next test.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a host page on another origin embeds the map; a visitor filters and opens an event @phone', async ({
    page,
  }) => {
    await withoutAppCookies(page);
    host.pages.set('/host.html', hostPage(`${E2E_BASE_URL}/embed?locale=en&bbox=-5,42,8,51`));
    await page.goto(`${host.allowed}/host.html`);
    const frame = page.frameLocator('#eventmap');
    const cards = frame.getByRole('list', { name: 'Events' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    // The first cards are the server's: the frame's script is ready once its view is (a live map drawing the list).
    await expect(frame.locator('[data-view]')).toHaveAttribute('data-view', 'ready', { timeout: 30_000 });
    // No site chrome in the embed: no site menu, language switcher or "near me"; the brand is a small link to the full
    // site, opened where events open (the site itself refuses to be framed).
    await expect(frame.getByRole('link', { name: 'Eventmap home' })).toHaveCount(0);
    await expect(frame.getByRole('button', { name: 'Near me' })).toHaveCount(0);
    const attribution = frame.getByRole('link', { name: 'Eventmap: the full map' });
    await expect(attribution).toHaveAttribute('href', '/');
    await expect(attribution).toHaveAttribute('target', '_top');

    await frame.getByRole('button', { name: 'Music' }).click();
    await expect(frame.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
    // The previous results stay on screen while the filtered ones load: wait for the new list.
    const categories = () => cards.locator('p:last-child span:last-child').allTextContents();
    await expect.poll(async () => [...new Set(await categories())]).toEqual(['Music']);

    // The locale came from the URL and survives the filter change.
    const embedUrl = new URL(
      page
        .frames()
        .find((f) => f.url().includes('/embed'))!
        .url(),
    );
    expect(embedUrl.searchParams.get('locale')).toBe('en');
    expect(embedUrl.searchParams.get('cat')).toBe('musique');

    // Record pages open in the host's top window (target=_top by default).
    const link = cards.first().getByRole('link');
    const name = (await link.textContent())!;
    await link.click();
    await page.waitForURL(new RegExp(`^${E2E_BASE_URL.replace(/[.]/g, '\\.')}/events/\\d+`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('draws its first view on the server, cards and a map of them, and its live map starts on its own over the drawing @phone', async ({
    page,
  }) => {
    // Before any script: the server's HTML has the first cards and a drawing of the map with them as dots, so the
    // frame never shows an empty box while MapLibre starts.
    const html = await (await resending(page.request).get(`${E2E_BASE_URL}/embed?locale=en&bbox=-5,42,8,51`)).text();
    expect(html).toMatch(/<li[^>]+data-event-id="\d+"/);
    expect(html).toMatch(/data-testid="map-backdrop"[^>]*data-dots="[1-9]\d*"/);

    const mapLibRequests: string[] = [];
    page.on('request', (request) => {
      if (/maplibre/i.test(request.url())) mapLibRequests.push(request.url());
    });
    // What the live map's box showed over time: held (transparent over the drawing) or shown, and whether its
    // basemap was whole then.
    await page.addInitScript(() => {
      const states: string[] = [];
      (window as Window & { mapStates?: string[] }).mapStates = states;
      new MutationObserver(() => {
        const map = document.querySelector('[data-testid="event-map"]');
        if (!map) return;
        const state = `${map.hasAttribute('data-held') ? 'held' : 'shown'}${map.getAttribute('data-basemap') === 'drawn' ? ', basemap drawn' : ''}`;
        if (states.at(-1) !== state) states.push(state);
      }).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-held', 'data-basemap'],
      });
    });
    await page.goto('/embed?locale=en&bbox=-5,42,8,51');
    await expect(page.getByTestId('map-backdrop')).toHaveAttribute('data-dots', /^[1-9]\d*$/);
    // No gesture: unlike the home page's, the embed's map is the widget itself and starts once the frame is idle.
    const map = page.getByTestId('event-map');
    await expect(map).toHaveAttribute('data-drawn', /^[1-9]\d*$/, { timeout: 30_000 });
    expect(mapLibRequests.length, 'MapLibre loaded without a gesture').toBeGreaterThan(0);
    await expect(page.locator('[data-view]')).toHaveAttribute('data-view', 'ready');
    // The live map came in transparent, the drawing showing through, and showed itself with its whole basemap: its
    // first frames (bare circles on an empty sea) never replaced the finished drawing.
    await expect(map).toHaveAttribute('data-basemap', 'drawn');
    await expect(map).not.toHaveAttribute('data-held');
    await expect(map.locator('canvas')).toHaveCSS('opacity', '1');
    const states = await page.evaluate(() => (window as Window & { mapStates?: string[] }).mapStates ?? []);
    expect(states[0], states.join(' → ')).toBe('held');
    // Later loads and moves make "basemap drawn" stale for a while; the map was first shown with it whole.
    expect(
      states.find((state) => state.startsWith('shown')),
      states.join(' → '),
    ).toBe('shown, basemap drawn');
  });

  test('opens events in a new tab when the embed says so @phone', async ({ page, context }) => {
    host.pages.set('/tab.html', hostPage(`${E2E_BASE_URL}/embed?locale=en&target=_blank&bbox=-5,42,8,51`));
    await page.goto(`${host.allowed}/tab.html`);
    const link = page.frameLocator('#eventmap').getByRole('list', { name: 'Events' }).getByRole('link').first();
    await expect(link).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForURL(/\/events\/\d+/);
    expect(page.url()).toBe(`${host.allowed}/tab.html`);
  });

  test('an origin that is not in the brand list cannot frame it, and other pages deny framing', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const embed = await request.get(`${E2E_BASE_URL}/embed`);
    expect(embed.status()).toBe(200);
    const csp = embed.headers()['content-security-policy']!;
    expect(csp).toMatch(/frame-ancestors 'self' http:\/\/localhost:\*(;|$)/);
    expect(embed.headers()['x-frame-options']).toBeUndefined();
    for (const path of ['/', '/embed/snippet']) {
      const other = await request.get(`${E2E_BASE_URL}${path}`);
      expect(other.headers()['x-frame-options'], path).toBe('DENY');
      expect(other.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    }

    consoleErrors.allow(/violates the following Content Security Policy directive: "frame-ancestors/);
    host.pages.set('/refused.html', hostPage(`${E2E_BASE_URL}/embed?locale=en`));
    await page.goto(`${host.refused}/refused.html`);
    // Chromium replaces a frame refused by frame-ancestors with its error page: the embed never renders.
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((f) => f !== page.mainFrame())
            ?.url() ?? '',
        { timeout: 15_000 },
      )
      .toMatch(/^chrome-error:/);
    await expect(page.frameLocator('#eventmap').getByRole('list', { name: 'Events' })).toHaveCount(0);
  });

  test("the snippet page's output works when pasted into a blank page @phone", async ({ page }) => {
    await page.goto('/embed/snippet');
    await page.getByLabel('Language').selectOption('en');
    await page.getByLabel('Open events in').selectOption('_blank');
    const preview = page.frameLocator('[data-testid="embed-preview"]');
    await expect(preview.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();

    const snippet = await page.getByTestId('embed-snippet').inputValue();
    expect(snippet).toContain(`${E2E_BASE_URL}/embed?`);
    host.pages.set(
      '/blank.html',
      `<!doctype html><html><head><title>Blank</title><link rel="icon" href="data:,"></head><body>${snippet}</body></html>`,
    );
    await page.goto(`${host.allowed}/blank.html`);
    const frame = page.frameLocator('#eventmap-embed');
    await expect(frame.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
    await expect(frame.getByRole('list', { name: 'Events' }).getByRole('link').first()).toHaveAttribute(
      'target',
      '_blank',
    );
    // The embed reported its height and the snippet's listener applied it.
    await expect
      .poll(() => page.locator('#eventmap-embed').evaluate((el) => (el as HTMLElement).style.height))
      .toMatch(/^\d+px$/);
  });
});

test.describe('embed following the visitor', () => {
  test('on a partner page, the snippet\'s allow="geolocation" lets the embed open around the visitor; without it, no "Near me"', async ({
    browser,
    consoleErrors,
  }) => {
    const context = await browser.newContext({
      locale: 'en-GB',
      geolocation: { latitude: 45.764, longitude: 4.8357 },
      permissions: ['geolocation'],
    });
    consoleErrors.watch(context);
    const page = await context.newPage();
    const src = `${E2E_BASE_URL}/embed?locale=en&bbox=2.224,48.815,2.47,48.902&near=2`;
    const page$ = (allow: string) =>
      `<!doctype html><html lang="en"><head><title>Partner site</title><link rel="icon" href="data:,"></head><body>
<iframe id="eventmap" src="${src}" title="Events map" width="1100" height="700" style="border:0" allow="${allow}"></iframe>
</body></html>`;
    const embedCamera = () => {
      const frame = page.frames().find((f) => f.url().includes('/embed?'));
      const at = frame ? new URL(frame.url()).searchParams.get('at') : null;
      return at ? Number(at.split(',')[0]) : 0;
    };

    host.pages.set('/near.html', page$('fullscreen; geolocation'));
    await page.goto(`${host.allowed}/near.html`);
    const frame = page.frameLocator('#eventmap');
    await expect(frame.getByRole('button', { name: 'Near me' })).toBeVisible();
    // The visitor allowed the position before: the embed opens around them (Lyon), not on its fallback (Paris).
    await expect.poll(embedCamera, { timeout: 30_000 }).toBeCloseTo(45.764, 2);

    // The same embed framed without the delegation: the browser would refuse, so the embed does not offer to ask.
    host.pages.set('/no-allow.html', page$('fullscreen'));
    await page.goto(`${host.allowed}/no-allow.html`);
    await expect(frame.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Near me' })).toHaveCount(0);
    expect(embedCamera()).toBeCloseTo(48.86, 1);
    await context.close();
  });
});

test.describe('second brand', () => {
  // The same build, started with another BRAND_FILE: switching brands is one env value, no code change or rebuild.
  const port = Number(new URL(E2E_BASE_URL).port) + 1;
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    server = spawnWebServer(
      port,
      {
        NODE_ENV: 'production',
        PARTNER_API_URL: E2E_SERVICE_URL,
        PARTNER_LINKS_ORIGIN: E2E_SERVICE_URL,
        BRAND_FILE: 'brands/sortir-a-lyon.json',
      },
      'next start',
    );
    await waitForServer(`${base}/embed/snippet`, `the second-brand server on ${base}`);
  });

  test.afterAll(() => {
    // The server and its workers are one process group, started above.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  });

  test("shows the second brand's name and colours, and lets only its origins frame the embed", async ({
    page,
    request,
  }) => {
    await page.goto(`${base}/`);
    await expect(page.getByTestId('brand-name')).toHaveText('Sortir à Lyon');
    await expect(page).toHaveTitle(/Sortir à Lyon/);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim(),
    );
    expect(primary).toBe('#005f56');
    // The header is painted with it.
    await expect(page.locator('header').first()).toHaveCSS('background-color', 'rgb(0, 95, 86)');
    // Its own logo, favicon and font, all from files it ships.
    const logo = page.locator('header img').first();
    await expect(logo).toHaveAttribute('src', '/brands/sortir-a-lyon/logo.svg');
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('link[rel="icon"][href="/brands/sortir-a-lyon/favicon.svg"]')).toHaveCount(1);
    await expect(page.locator('body')).toHaveCSS('font-family', /^"Sortir Sans", /);
    await expect
      .poll(() => page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px "Sortir Sans"'))))
      .toBe(true);
    expect(
      await page.evaluate(() =>
        [...document.fonts].some((font) => font.family.replace(/"/g, '') === 'Sortir Sans' && font.status === 'loaded'),
      ),
    ).toBe(true);

    const embed = await request.get(`${base}/embed?locale=en`);
    const csp = embed.headers()['content-security-policy']!;
    expect(csp).toContain("frame-ancestors 'self' https://sortir-a-lyon.example https://*.sortir-a-lyon.example");
    expect(csp).not.toContain('localhost');

    // A bare embed starts on the brand's default categories.
    const bare = await request.get(`${base}/embed`, { maxRedirects: 0 });
    expect(bare.status()).toBe(307);
    const target = new URL(bare.headers()['location']!, base);
    expect(target.searchParams.get('cat')).toBe('musique,spectacle');
    // And inside its locked area (lockedPreset): a partner URL asking for all of France is cut to it.
    expect(target.searchParams.get('parea')).toBe('4.68,45.6,5.05,45.92');
    const wide = await request.get(`${base}/embed?locale=en&bbox=-5,42,8,51`, { maxRedirects: 0 });
    expect(new URL(wide.headers()['location']!, base).searchParams.get('parea')).toBe('4.68,45.6,5.05,45.92');
  });

  test("the second brand's embed shows its dark logo in the dark theme (and on a dark system with theme=auto)", async ({
    browser,
    consoleErrors,
  }) => {
    const cases = [
      { theme: 'light', colorScheme: 'dark', file: 'logo.svg' },
      { theme: 'dark', colorScheme: 'light', file: 'logo-dark.svg' },
      { theme: 'auto', colorScheme: 'dark', file: 'logo-dark.svg' },
      { theme: 'auto', colorScheme: 'light', file: 'logo.svg' },
    ] as const;
    for (const { theme, colorScheme, file } of cases) {
      const context = await browser.newContext({ colorScheme, locale: 'en-GB', timezoneId: 'Europe/Paris' });
      consoleErrors.watch(context);
      const page = await context.newPage();
      await page.goto(`${base}/embed?locale=en&theme=${theme}`);
      const logo = page.getByRole('link', { name: 'Sortir à Lyon: the full map' }).getByTestId('brand-logo');
      const label = `theme=${theme} on a ${colorScheme} system`;
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).currentSrc), { message: label })
        .toBe(`${base}/brands/sortir-a-lyon/${file}`);
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      if (file === 'logo-dark.svg') {
        // Its default categories in its locked area: events, or the empty state and its way out.
        await expect(page.getByTestId('results-summary')).not.toHaveText('Loading events…');
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(
          serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          label,
        ).toEqual([]);
      }
      await context.close();
    }
  });
});
