import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import type { TEvent } from '../lib/contract';
import { expect, resending, test, type ConsoleErrors } from './fixtures/test';
import { demoToken, pickEvent, upcomingEvents } from './fixtures/partner-service';
import { cards, openExplorer, spawnWebServer, waitForResults, waitForView } from './helpers';

/*
 * The layout at phone and desktop size, keyboard use, accessibility on every page in both languages, and recovery
 * when the Partner API goes away and comes back.
 */

const PARIS = '/?at=46.6,2.35,6';

const SIZES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];

const LANGUAGES = [
  {
    lang: 'en',
    locale: 'en-GB',
    filters: /^Filters/,
    list: 'List',
    map: 'Map',
    show: /^(Show \d[\d,]* results?|No results)/,
  },
  {
    lang: 'fr',
    locale: 'fr-FR',
    filters: /^Filtres/,
    list: 'Liste',
    map: 'Carte',
    show: /^(Voir \d[\d\u202f ]* résultats?|Aucun résultat)/,
  },
] as const;

let event: TEvent;

test.beforeAll(async ({ request }) => {
  event = pickEvent(await upcomingEvents(request, await demoToken(request)));
});

function digits(text: string | null): number {
  return Number((text ?? '').replace(/\D/g, ''));
}

/** Every axe finding, whatever its impact, with where it is. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${v.impact ?? '?'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

async function newPage(browser: Browser, options: BrowserContextOptions, errors: ConsoleErrors) {
  const context = await browser.newContext(options);
  errors.watch(context);
  return { context, page: await context.newPage() };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test('the filter sheet opens, applies at once and shows the live count', async ({ browser, consoleErrors }) => {
      const { context, page } = await newPage(browser, size.options, consoleErrors);
      await openExplorer(page, PARIS);
      await waitForResults(page);
      await page.getByTestId('open-filters').click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      const apply = sheet.getByTestId('filter-sheet-apply');
      await expect(apply).toHaveText(/^Show \d[\d,]* results?$/);
      const before = digits(await apply.textContent());
      await sheet.getByLabel('Price', { exact: true }).selectOption('free');
      await expect.poll(() => new URL(page.url()).searchParams.get('free')).toBe('1');
      // The count follows the choice before the sheet is closed.
      await expect.poll(async () => digits(await apply.textContent())).toBeLessThan(before);
      await expect(apply).toHaveText(LANGUAGES[0].show);
      const after = digits(await apply.textContent());
      await apply.click();
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId('open-filters')).toHaveText('Filters (1)');
      await waitForResults(page);
      expect(digits(await page.getByTestId('results-summary').textContent())).toBe(after);
      await context.close();
    });

    test('the map/list switch shows the list or the map', async ({ browser, consoleErrors }) => {
      const { context, page } = await newPage(browser, size.options, consoleErrors);
      await openExplorer(page, PARIS);
      await waitForResults(page);
      const panel = page.getByRole('complementary', { name: 'Results' });
      const map = page.locator('[data-map-area]');
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(map).toBeHidden();
      await expect(cards(page).first()).toBeInViewport();
      const viewport = page.viewportSize()!;
      const listBox = (await panel.boundingBox())!;
      expect(listBox.width).toBeGreaterThan(viewport.width * 0.9);
      await page.getByRole('button', { name: 'Map', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(map).toBeVisible();
      if (size.name === 'phone') {
        // The sheet shrinks to its peek: the map has the screen.
        await expect.poll(async () => (await panel.boundingBox())!.height).toBeLessThan(140);
        // No page scroll behind the sheet.
        expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
      }
      await context.close();
    });

    test('the Book button stays within reach after scrolling an event page', async ({ browser, consoleErrors }) => {
      consoleErrors.allow(/net::ERR_FAILED|loopback/);
      const { context, page } = await newPage(browser, size.options, consoleErrors);
      await page.goto(`/events/${event.id}`);
      const hero = page.locator('#event-hero');
      const heroBottom = await hero.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, y + 40), heroBottom);
      if (size.name === 'phone') {
        const bar = page.getByTestId('sticky-book');
        await expect(bar).toBeVisible();
        await expect(bar.getByRole('link', { name: /^Book on / })).toBeInViewport();
        const box = (await bar.boundingBox())!;
        expect(box.y + box.height).toBeCloseTo(page.viewportSize()!.height, 0);
        // Back at the top the bar stays: on a phone, Book is within reach from the first screen.
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(bar.getByRole('link', { name: /^Book on / })).toBeInViewport();
      } else {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(page.getByRole('link', { name: /^Book on / }).first()).toBeInViewport();
      }
      await context.close();
    });

    for (const language of LANGUAGES) {
      test(`axe finds no violation of any impact on any page, in ${language.lang}`, async ({
        browser,
        consoleErrors,
      }) => {
        test.setTimeout(240_000);
        consoleErrors.allow(/net::ERR_FAILED|loopback|status of 404/);
        const { context, page } = await newPage(
          browser,
          { ...size.options, locale: language.locale, extraHTTPHeaders: { 'Accept-Language': language.locale } },
          consoleErrors,
        );
        const placeId = event.mapPlace?.id ?? event.place.mapId;
        const performer = event.performers[0];
        const pages = [
          PARIS,
          `/events/${event.id}`,
          `/places/${placeId}`,
          ...(performer ? [`/performers/${performer.id}`] : []),
          `/embed?locale=${language.lang}`,
          '/no-such-page',
        ];
        const found: string[] = [];
        for (const path of pages) {
          if (path === PARIS || path.startsWith('/embed')) {
            await openExplorer(page, path);
            await waitForResults(page);
            // The list as a visitor reads it: no newer answer on its way (whose wait dims the cards, and dimmed text
            // fails the contrast check) and the fade back to full opacity over.
            await waitForView(page);
            const opaque = () =>
              page
                .locator('[data-view] ul')
                .evaluateAll((lists) => lists.every((l) => getComputedStyle(l).opacity === '1'));
            await expect.poll(opaque).toBe(true);
          } else await page.goto(path);
          found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
        }
        expect(found).toEqual([]);
        await context.close();
      });
    }
  });
}

test.describe('keyboard', () => {
  test('from the skip link to the first result in at most 5 Tabs, into an event and Back to the same card', async ({
    page,
  }) => {
    await openExplorer(page, PARIS);
    await waitForResults(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to results' })).toBeFocused();
    await page.keyboard.press('Enter');
    let tabs = 1;
    const inCard = () => page.evaluate(() => document.activeElement?.closest('[data-event-id]') !== null);
    while (!(await inCard()) && tabs < 5) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    expect(await inCard(), `a card link has the focus after ${tabs} Tabs`).toBe(true);
    // Further down the list, so that the way back has a scroll position to restore: seven cards on, two Tab stops
    // each (the card's link, then its save control), so the focus is on a card's link again.
    for (let i = 0; i < 14; i++) await page.keyboard.press('Tab');
    const opened = await page.evaluate(
      () => document.activeElement?.closest<HTMLElement>('[data-event-id]')?.dataset.eventId,
    );
    const scrollTop = await page.locator('#results').evaluate((el) => el.scrollTop);
    expect(scrollTop).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/events/${opened}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The browser's Back (headless Chromium has no Alt+← shortcut to press).
    await page.goBack();
    await expect(page).toHaveURL(/at=46\.6/);
    await expect(page.locator(`#event-card-${opened} a`)).toBeFocused();
    const restored = await page.locator('#results').evaluate((el) => el.scrollTop);
    expect(Math.abs(restored - scrollTop)).toBeLessThan(4);
  });

  test('the category row is one Tab stop with arrow keys, and a reloaded choice is in view', async ({ page }) => {
    await openExplorer(page, `${PARIS}&cat=sciences`);
    const toolbar = page.getByRole('toolbar', { name: 'Categories' });
    const chip = toolbar.getByRole('button', { name: /Science/ });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(chip).toHaveAttribute('tabindex', '0');
    const row = (await toolbar.boundingBox())!;
    const box = (await chip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(row.x);
    expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width);
    await expect(toolbar.locator('[tabindex="0"]')).toHaveCount(1);
    // The chips follow the page language's alphabetical order: the next one is whichever follows Science.
    const chips = toolbar.getByRole('button');
    const names = await chips.evaluateAll((buttons) => buttons.map((b) => b.dataset.category ?? ''));
    const next = names[names.indexOf('sciences') + 1];
    expect(next, 'a chip follows Science').toBeTruthy();
    await chip.focus();
    await page.keyboard.press('ArrowRight');
    await expect(toolbar.locator(`[data-category="${next}"]`)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toolbar.locator(':focus')).toHaveCount(0);
  });
});

test.describe('details', () => {
  test('strings fit at 320 px wide, in both languages', async ({ browser, consoleErrors }) => {
    for (const language of LANGUAGES) {
      const { context, page } = await newPage(
        browser,
        {
          viewport: { width: 320, height: 640 },
          isMobile: true,
          hasTouch: true,
          locale: language.locale,
          extraHTTPHeaders: { 'Accept-Language': language.locale },
        },
        consoleErrors,
      );
      await openExplorer(page, `${PARIS}&live=1`);
      await waitForResults(page);
      const overflow = await page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'header *, [role="toolbar"] *, button, [data-testid="results-summary"]',
          ),
        ]
          .filter((el) => el.offsetParent !== null)
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter((el) => !el.closest('[role="toolbar"]'))
          .map((el) => `${el.tagName} ${el.textContent?.slice(0, 30)}`),
      );
      expect(overflow, `${language.lang}: nothing sticks out at 320 px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // The "live" badge itself is checked on the pinned stack, where an evening show is on at a known instant
      // (e2e/pinned/live-badge.spec.ts): "live" now follows each event's hours, which the real clock does not fix.
      await context.close();
    }
  });
});

test.describe('recovery', () => {
  const SERVICE_PORT = Number(process.env.E2E_RECOVERY_SERVICE_PORT ?? 4171);
  const WEB_PORT = Number(process.env.E2E_RECOVERY_WEB_PORT ?? 3171);
  const children: ChildProcess[] = [];

  const startUpstream = () => {
    // The web data layer's fake Partner API (scripts/serve-fake-upstream.ts), on a port of this journey's own.
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/serve-fake-upstream.ts'],
      { env: { ...process.env, PORT: String(SERVICE_PORT) }, stdio: 'ignore' },
    );
    children.push(child);
    return child;
  };

  async function waitUntil(url: string, ok: (status: number) => boolean) {
    await expect
      .poll(
        async () => {
          try {
            return ok((await fetch(url)).status);
          } catch {
            return false;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  }

  test.afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  });

  test('the list recovers by itself once the Partner API is back, with no click', async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    // The failed loads while the service is down are expected: the browser logs each 5xx answer.
    consoleErrors.allow(/status of 50\d|Failed to load resource/);
    let upstream = startUpstream();
    await waitUntil(`http://127.0.0.1:${SERVICE_PORT}/v2/clicks`, (s) => s === 401);
    const web = spawnWebServer(
      WEB_PORT,
      {
        PARTNER_API_URL: `http://127.0.0.1:${SERVICE_PORT}`,
        // No catalogue copy: the explorer asks the Partner API live, so its outage shows (with a copy the explorer
        // keeps listing from it: e2e/explorer-outage.spec.ts).
        CATALOGUE_MIRROR_FILE: 'off',
      },
      'next start',
    );
    children.push(web);
    try {
      await waitUntil(`http://127.0.0.1:${WEB_PORT}/`, (s) => s === 200);
      await openExplorer(page, `http://127.0.0.1:${WEB_PORT}${PARIS}`);
      await waitForResults(page);
      await expect(page.getByTestId('results-summary')).toHaveText(/events? here/);

      upstream.kill('SIGTERM');
      await new Promise((resolve) => upstream.once('exit', resolve));
      // A new view while the service is down fails (after the query's own retries with backoff).
      await page.getByRole('button', { name: 'Live now' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Events could not be loaded' })).toBeVisible({
        timeout: 60_000,
      });
      // An event page while the service is down answers 503 with Retry-After, not 500.
      const down = await resending(page.request).get(`http://127.0.0.1:${WEB_PORT}/events/1`);
      expect(down.status()).toBe(503);
      expect(down.headers()['retry-after']).toMatch(/^\d+$/);

      upstream = startUpstream();
      await waitUntil(`http://127.0.0.1:${SERVICE_PORT}/v2/clicks`, (s) => s === 401);
      // No click: the query asks again on its own.
      await expect(page.getByTestId('results-summary')).toHaveText(/events? here/, { timeout: 60_000 });
      await expect(cards(page).first()).toBeVisible();
    } finally {
      if (web.pid) process.kill(-web.pid, 'SIGTERM');
    }
  });
});
