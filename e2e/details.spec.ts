import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import type { TEvent } from '../lib/contract';
import { CATEGORY_LABELS, type TMainCategory } from '../lib/contract/categories';
import { E2E_BASE_URL, E2E_SERVICE_URL } from '../playwright.config';
import { expect, resending, test, type ConsoleErrors } from './fixtures/test';
import { demoToken, pickEvent, upcomingEvents } from './fixtures/partner-service';
import { cards, holdScripts, openExplorer, spawnWebServer, waitForServer, waitForResults } from './helpers';

/*
 * The details a visitor notices, at phone (390×844, touch) and desktop sizes, in English and French: search that finds
 * what was typed, the event page's actions in the first screen, French metadata, English chips in English order,
 * card pictures without layout shift, the 503 inside the site, and saved events. Screenshots of each changed screen go
 * to SCREENSHOTS_DIR when set (`SCREENSHOTS_DIR=docs/screenshots npx playwright test e2e/details.spec.ts`).
 */

const OUT = process.env.SCREENSHOTS_DIR;
const SIZES: { name: 'desktop' | 'phone'; options: BrowserContextOptions }[] = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 } } },
  { name: 'phone', options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
];
const LANGUAGES = [
  { lang: 'en', locale: 'en-GB' },
  { lang: 'fr', locale: 'fr-FR' },
] as const;
const tag = (size: string) => (size === 'phone' ? ' @phone-only' : '');

let events: TEvent[];
test.beforeAll(async ({ request }) => {
  events = await upcomingEvents(request, await demoToken(request));
  if (OUT) mkdirSync(OUT, { recursive: true });
});

async function shot(page: Page, name: string) {
  if (OUT) await page.screenshot({ path: `${OUT}/${name}.png` });
}

async function open(
  browser: Browser,
  consoleErrors: ConsoleErrors,
  size: (typeof SIZES)[number],
  language: (typeof LANGUAGES)[number],
) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    ...size.options,
    locale: language.locale,
    extraHTTPHeaders: { 'Accept-Language': language.locale },
  });
  consoleErrors.watch(context);
  return { context, page: await context.newPage() };
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: /search|rechercher/i });

for (const size of SIZES)
  for (const language of LANGUAGES) {
    const base = `${size.name}-${language.lang}`;

    test(`search: an exact performer name is among the first three suggestions, ${base}${tag(size.name)}`, async ({
      browser,
      consoleErrors,
    }) => {
      const performer = events.flatMap((e) => e.performers)[0];
      expect(performer, 'the seed has performers').toBeTruthy();
      const { context, page } = await open(browser, consoleErrors, size, language);
      await openExplorer(page, '/');
      await searchBox(page).fill(performer!.name);
      await expect(page.getByRole('status').filter({ hasText: /best match|meilleur/ })).toBeVisible();
      const firstThree = page.getByRole('listbox').getByRole('option');
      // The rows follow the answer's status line in the same commit, but may be read between two renders. A row's text
      // starts with its picture's stand-in (an initial) when it has no picture, so the name is looked for inside it.
      await expect
        .poll(async () =>
          (
            await firstThree.evaluateAll((rows) =>
              rows.map((row) => ({ kind: row.getAttribute('data-kind'), text: row.textContent ?? '' })),
            )
          )
            .slice(0, 3)
            .some((row) => row.kind === 'performer' && row.text.includes(performer!.name)),
        )
        .toBe(true);
      // Each row's kind is read out with it.
      await expect(firstThree.first()).toContainText(
        language.lang === 'fr' ? /artiste|événement|lieu|ville/ : /performer|event|place|town/,
      );
      await shot(page, `search-exact-${base}`);
      await context.close();
    });

    test(`search results: no "hidden by the filters" without filters, ${base}${tag(size.name)}`, async ({
      browser,
      consoleErrors,
    }) => {
      // The most common word of the catalogue's event names: a search with many results.
      const counts = new Map<string, number>();
      for (const e of events)
        for (const w of e.name.toLowerCase().split(/[^\p{L}]+/u))
          if (w.length >= 5) counts.set(w, (counts.get(w) ?? 0) + 1);
      const word = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
      const { context, page } = await open(browser, consoleErrors, size, language);
      await openExplorer(page, '/');
      await searchBox(page).fill(word);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('search-results-title')).toBeVisible();
      const summary = page.getByTestId('results-summary');
      await expect(summary).toHaveText(/\d/, { timeout: 30_000 });
      await expect(summary).not.toContainText(/hidden by the filters|masqués par les filtres/);
      await shot(page, `search-results-count-${base}`);
      await context.close();
    });

    test(`event page: Book, save and share in the first viewport, back to the map, ${base}${tag(size.name)}`, async ({
      browser,
      consoleErrors,
    }) => {
      const event = pickEvent(events);
      const { context, page } = await open(browser, consoleErrors, size, language);
      await page.goto(`/events/${event.id}`);
      const book = page.getByRole('link', { name: language.lang === 'fr' ? /^Réserver/ : /^Book/ }).first();
      const viewport = page.viewportSize()!;
      if (size.name === 'phone') {
        const bar = page.getByTestId('sticky-book');
        await expect(bar).toBeVisible();
        const barBook = bar.getByRole('link');
        await expect(barBook).toBeVisible();
        const box = (await barBook.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        await expect(bar.getByRole('button', { name: /Save|Enregistrer/ })).toBeVisible();
      } else {
        // Desktop: the tickets box beside the description, its Book inside the first screen.
        await expect(book).toBeVisible();
        const box = (await book.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      await expect(page.getByTestId('back-to-map')).toHaveAttribute('href', '/');
      await shot(page, `event-actions-${base}`);
      await context.close();
    });

    test(`home: metadata and chips in the page's language, ${base}${tag(size.name)}`, async ({
      browser,
      consoleErrors,
    }) => {
      const { context, page } = await open(browser, consoleErrors, size, language);
      await openExplorer(page, '/');
      await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
      if (language.lang === 'fr') {
        await expect(page).toHaveTitle(/que faire près de chez vous/);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Concerts, spectacles/);
        await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'fr_FR');
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /que faire/);
      } else {
        await expect(page).toHaveTitle(/what’s on near you/);
        await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_GB');
      }
      // On a phone the chips are in the filters' sheet.
      if (size.name === 'phone') await page.getByTestId('open-filters').click();
      const keys = await page
        .getByRole('toolbar', { name: /Categories|Catégories/ })
        .getByRole('button')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-category')));
      const labels = keys.map((k) => CATEGORY_LABELS[k as TMainCategory][language.lang]);
      expect(labels.length).toBeGreaterThan(5);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, language.lang, { sensitivity: 'base' })));
      // No partner link in a visitor's header.
      await expect(page.getByRole('link', { name: /Partner API/ })).toHaveCount(0);
      await context.close();
    });
  }

test('home @phone-only: card pictures load in fixed boxes, with no layout shift (CLS ≤ 0.02)', async ({
  browser,
  consoleErrors,
}) => {
  const { context, page } = await open(browser, consoleErrors, SIZES[1]!, LANGUAGES[0]);
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Listening before the navigation: the first screen's pictures may be asked for before goto resolves.
  const images: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/images/')) images.push(r.url());
  });
  await page.goto('/');
  const pictures = page.locator('[data-event-id] [data-thumb] img');
  await expect(pictures.first()).toBeVisible();
  expect(await pictures.first().getAttribute('width')).toBe('56');
  await page.waitForLoadState('networkidle');
  // Only the pictures of the cards on a phone's first screen are fetched, not the whole list's (first view bytes).
  expect(images.length).toBeGreaterThan(0);
  expect(images.length).toBeLessThanOrEqual(6);
  // Scroll the list so lazy pictures below arrive too.
  await cards(page).nth(5).scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThanOrEqual(0.02);

  await context.close();
});

test.describe('saved events', () => {
  test('@phone an event saved on a card is in the Saved view after a reload, and its cancellation shows there', async ({
    page,
    request,
  }) => {
    // The event other journeys open as the catalogue's best bookable one (pickEvent): cancelling it would take their
    // Book buttons away, whichever order the two workers run the files in.
    const reserved = pickEvent(await upcomingEvents(request, await demoToken(request))).id;
    await page.setViewportSize({ width: 390, height: 844 });
    await openExplorer(page, '/');
    await waitForResults(page);
    // An event no earlier journey cancelled (both projects run this one against the same catalogue).
    const card = cards(page)
      .filter({ hasNotText: /Cancelled|Sold out/ })
      .and(page.locator(`:not([data-event-id="${reserved}"])`))
      .first();
    const id = Number(await card.getAttribute('data-event-id'));
    const save = card.getByTestId('save-event');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.locator(`[data-event-id="${id}"]`).getByTestId('save-event')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/saved');
    const item = page.locator(`[data-testid="saved-list"] [data-event-id="${id}"]`);
    await expect(item).toBeVisible();
    await expect(item.getByTestId('saved-state')).toHaveCount(0);
    await expect(page.getByTestId('saved-export')).toHaveAttribute('href', new RegExp(`ids=${id}`));
    await shot(page, 'saved-phone-en');

    // The catalogue cancels it; the Saved view shows it at the next visit.
    const cancel = spawnSync(
      'npx',
      ['tsx', 'e2e/fixtures/cancel-event.ts', '.data/e2e/partner-api.sqlite', String(id), E2E_SERVICE_URL],
      {
        encoding: 'utf8',
      },
    );
    expect(cancel.status, cancel.stderr).toBe(0);
    await expect(async () => {
      await page.reload();
      await expect(item.getByTestId('saved-state')).toHaveText('Cancelled', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const ics = await resending(page.request).get((await page.getByTestId('saved-export').getAttribute('href'))!);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toMatch(/STATUS:CANCELLED/);

    // Removing it, with the keyboard.
    await item.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('saved-empty')).toBeVisible();
  });

  test('@phone Save, tapped on an event page before its scripts have run, saves the event once they have', async ({
    page,
  }) => {
    const event = pickEvent(events);
    const release = await holdScripts(page);
    await page.goto(`/events/${event.id}`, { waitUntil: 'domcontentloaded' });
    // Named "Save", then "Saved".
    const save = page.getByRole('button', { name: /^Saved?$/ }).first();
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    release();
    // Saved once: a click handled twice (held, and by React as it hydrates) would leave it unsaved.
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/saved');
    await expect(page.locator(`[data-testid="saved-list"] [data-event-id="${event.id}"]`)).toBeVisible();
  });

  test('the Saved view in French, and another tab sees a save', async ({ browser, consoleErrors }) => {
    const { context, page } = await open(browser, consoleErrors, SIZES[0]!, LANGUAGES[1]);
    await page.goto('/saved');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Événements enregistrés');
    await expect(page.getByTestId('saved-empty')).toBeVisible();
    const other = await context.newPage();
    const event = pickEvent(events);
    await other.goto(`/events/${event.id}`);
    await other.getByRole('button', { name: 'Enregistrer', exact: true }).first().click();
    await expect(page.locator(`[data-event-id="${event.id}"]`)).toBeVisible();
    await shot(page, 'saved-desktop-fr');
    await context.close();
  });
});

test.describe('the Partner API down', () => {
  // The same build, pointed at a port nothing listens on.
  let origin = '';
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    // One server per worker: the desktop and phone projects run these journeys at the same time, and a shared port
    // would let one project's server answer the other's journeys until its own afterAll stopped it.
    const port = Number(new URL(E2E_BASE_URL).port) + 37 + test.info().parallelIndex;
    origin = `http://127.0.0.1:${port}`;
    server = spawnWebServer(port, {
      NODE_ENV: 'production',
      PARTNER_API_URL: 'http://127.0.0.1:9',
      CATALOGUE_MIRROR_FILE: 'off',
    });
    await waitForServer(`${origin}/icon.svg`, `the server with a dead Partner API on ${origin}`);
  });

  test.afterAll(() => {
    // The server is one process group, started above.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  });

  for (const size of SIZES)
    for (const language of LANGUAGES)
      test(`an event page answers 503 inside the site, ${size.name}-${language.lang}${tag(size.name)}`, async ({
        browser,
        consoleErrors,
      }) => {
        // The 503 itself is reported by the browser as a failed resource.
        consoleErrors.allow(/503|Service Unavailable/);
        const context = await browser.newContext({
          ...size.options,
          locale: language.locale,
          extraHTTPHeaders: { 'Accept-Language': language.locale },
        });
        consoleErrors.watch(context);
        const page = await context.newPage();
        const response = await page.goto(`${origin}/events/1`);
        expect(response?.status()).toBe(503);
        expect(response?.headers()['retry-after']).toBeTruthy();
        // The site's header (brand, search) and the message in the visitor's language, with a retry.
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('combobox', { name: /search|rechercher/i })).toBeVisible();
        const message = page.getByTestId('unavailable');
        await expect(message.getByRole('heading', { level: 1 })).toHaveText(
          language.lang === 'fr' ? /indisponible/ : /unavailable/i,
        );
        await expect(
          message.getByRole('link', { name: language.lang === 'fr' ? /Réessayer/ : /Try again|Retry/ }),
        ).toBeVisible();
        await shot(page, `event-unavailable-${size.name}-${language.lang}`);
        await context.close();
      });
});

for (const size of SIZES)
  for (const language of LANGUAGES)
    test(`embed builder: the builder's language, a new tab, the allowed origins, ${size.name}-${language.lang}${tag(size.name)}`, async ({
      browser,
      consoleErrors,
    }) => {
      const fr = language.lang === 'fr';
      const { context, page } = await open(browser, consoleErrors, size, language);
      await page.goto('/embed/snippet');
      await expect(page.getByLabel(fr ? 'Langue' : 'Language')).toHaveValue(language.lang);
      await expect(page.getByLabel(fr ? 'Ouvrir les événements dans' : 'Open events in')).toHaveValue('_blank');
      await expect(page.getByTestId('embed-snippet')).toHaveValue(/target=_blank/);
      const origins = page.getByTestId('frame-origins');
      await expect(origins).toContainText('http://localhost:*');
      const site = origins.getByLabel(fr ? 'L’adresse de votre site' : 'Your site’s address');
      await site.fill('https://partner.example');
      await expect(origins.getByRole('status')).toContainText(fr ? 'ne fait pas partie' : 'is not among');
      await site.fill('http://localhost:5173');
      await expect(origins.getByRole('status')).toContainText(fr ? 'peut afficher' : 'may show');
      await site.fill('https://partner.example');
      await origins.scrollIntoViewIfNeeded();
      await shot(page, `embed-builder-origins-${size.name}-${language.lang}`);
      await context.close();
    });

for (const language of LANGUAGES)
  test(`phone menu @phone-only: Subscribe says its name and opens below it, not over the language switch, ${language.lang}`, async ({
    browser,
    consoleErrors,
  }) => {
    const { context, page } = await open(browser, consoleErrors, SIZES[1]!, language);
    await openExplorer(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const subscribe = page.locator('[data-subscribe] summary');
    await expect(subscribe).toBeVisible();
    // A visible label, not only an icon.
    const label = subscribe.locator('span');
    expect((await label.boundingBox())!.width).toBeGreaterThan(20);
    await subscribe.click();
    const panel = page.locator('[data-subscribe] > div');
    await expect(panel).toBeVisible();
    const switcher = page
      .getByRole('navigation', { name: /Site menu|Menu du site/ })
      .locator('form')
      .first();
    const a = (await panel.boundingBox())!;
    const b = (await switcher.boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    await shot(page, `menu-subscribe-phone-${language.lang}`);
    await context.close();
  });

test('event page: the venue map is framed around the venue, and every name it shows is whole and uncovered @phone', async ({
  page,
}) => {
  const event = pickEvent(events);
  await page.goto(`/events/${event.id}`);
  const map = page.getByTestId('static-map');
  // A neighbourhood's zoom, or a town's where none would be named closer.
  expect(Number(await map.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(10);
  expect(Number(await map.getAttribute('data-zoom'))).toBeLessThanOrEqual(12);
  // What a person sees: each name shown lies wholly inside the map's box and clear of the "Interactive map" button.
  const shown = await map.evaluate((svg) => {
    const frame = svg.getBoundingClientRect();
    const button = svg.parentElement!.querySelector('button')!.getBoundingClientRect();
    const shown: { name: string; whole: boolean; covered: boolean }[] = [];
    for (const text of svg.querySelectorAll('text')) {
      if (getComputedStyle(text).display === 'none') continue;
      const r = text.getBoundingClientRect();
      shown.push({
        name: text.textContent ?? '',
        whole: r.left >= frame.left && r.right <= frame.right && r.top >= frame.top && r.bottom <= frame.bottom,
        covered: r.left < button.right && r.right > button.left && r.top < button.bottom && r.bottom > button.top,
      });
    }
    return shown;
  });
  expect(shown.length, 'a place is named around the venue').toBeGreaterThan(0);
  for (const name of shown)
    expect(name, `${name.name} is whole and uncovered`).toMatchObject({ whole: true, covered: false });
});
