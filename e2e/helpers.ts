import { expect, type Page, type Request, type TestInfo } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { E2E_SECRETS } from '../playwright.config';
import { resending } from './fixtures/test';

/** The rectangle and filters of one explorer events request (`/api/explorer/events`). */
export interface EventsCall {
  url: URL;
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

/** Records every explorer events request the page makes. */
export function recordEventsCalls(page: Page): EventsCall[] {
  const calls: EventsCall[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname !== '/api/explorer/events') return;
    const n = (k: string) => Number(url.searchParams.get(k));
    calls.push({ url, minLng: n('minLng'), maxLng: n('maxLng'), minLat: n('minLat'), maxLat: n('maxLat') });
  });
  return calls;
}

/** Waits until the map has drawn at least one event (points or clusters) and returns how many. */
export async function waitForMarkers(page: Page): Promise<number> {
  const map = page.getByTestId('event-map');
  await expect(map).toHaveAttribute('data-drawn', /^[1-9]\d*$/, { timeout: 30_000 });
  return Number(await map.getAttribute('data-drawn'));
}

/** The cards of the results list. */
export function cards(page: Page) {
  return page.getByRole('list', { name: 'Events' }).getByRole('listitem');
}

/** The camera the URL holds (`at=lat,lng,zoom`). */
export function cameraOf(page: Page): { lat: number; lng: number; zoom: number } | null {
  const at = new URL(page.url()).searchParams.get('at');
  if (!at) return null;
  const [lat, lng, zoom] = at.split(',').map(Number) as [number, number, number];
  return { lat, lng, zoom };
}

/** Attaches a screenshot of the page to the report. */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

/** Waits until a viewport load has finished (with results or not) and the map has reported its camera. */
/**
 * Opens an explorer page and waits until it is hydrated: its script is a chunk of its own, and a click or a key on
 * the server-rendered controls before then does nothing. The map area leaves its "pending" mode once hydrated.
 */
export async function openExplorer(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await startMap(page);
}

/**
 * The visitor's first gesture — the mouse moving over the page — which starts the home page's map when the server
 * drew its first view (components/explorer/use-map-start.ts); without one the map starts on its own. A gesture
 * before hydration reaches no listener, so this waits until the explorer has left its "pending" mode.
 */
export async function startMap(page: Page): Promise<void> {
  await expect(page.locator('[data-map-mode]:not([data-map-mode="pending"])')).toHaveCount(1, { timeout: 30_000 });
  // The listener is attached by an effect that runs after the commit leaving "pending": a frame and a task later.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  // Two moves: a second call must move the mouse too.
  await page.mouse.move(2, 2);
  await page.mouse.move(1, 1);
}

export async function waitForResults(page: Page): Promise<void> {
  await expect(page.getByTestId('results-summary')).not.toHaveText('Loading events…', { timeout: 30_000 });
  await expect(page.locator('[aria-busy="false"]')).toHaveCount(1);
  await expect(page.getByTestId('event-map')).toHaveAttribute('data-features', /\d+/, { timeout: 30_000 });
}

/**
 * Waits until the explorer shows its current state: the list holds the answer for the URL's camera and filters, no
 * load or move is under way, and the map (when it runs) is idle drawing that answer — the explorer root's
 * `data-view="ready"`, set by the app itself, instead of a timeout.
 */
export async function waitForView(page: Page, timeout = 30_000): Promise<void> {
  await expect(page.locator('[data-view]')).toHaveAttribute('data-view', 'ready', { timeout });
}

/** The header's count of events ("1,080 events here" → 1080); null when it says none. */
export async function headerTotal(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('results-summary').textContent()) ?? '';
  if (/^1 event here/.test(text)) return 1;
  const digits = /^([\d,\u00a0\u202f ]+) events here/.exec(text)?.[1];
  return digits === undefined ? null : Number(digits.replace(/\D/g, ''));
}

/** The numbers of the map's text alternative, one per line ("Paris: 259 events"), in order. */
export async function mapSummaryCounts(page: Page): Promise<number[]> {
  const items = page.getByTestId('map-summary').locator('li');
  return items.evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-count'))));
}

/**
 * Shows the explorer's filters: on a phone they live in a sheet, opened here when it is closed; on a desktop they are
 * on screen already. Journeys shared by both projects call it before they touch a filter.
 */
export async function showFilters(page: Page, isMobile: boolean): Promise<void> {
  if (!isMobile || (await page.getByRole('dialog').isVisible())) return;
  await page.getByTestId('open-filters').click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/**
 * Holds back the page's scripts until the returned `release` is called. With `path`, only those the HTML at `path`
 * does not name — the explorer's own chunk among them: React runs and the page is painted, but the explorer is not
 * hydrated yet. Without, every script: the page is the server's HTML alone.
 */
export async function holdScripts(page: Page, path?: string): Promise<() => void> {
  const html = path === undefined ? '' : await (await resending(page.request).get(path)).text();
  const named = new Set(
    [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => new URL(m[1]!, 'http://x').pathname),
  );
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    const chunk = new URL(route.request().url()).pathname;
    if (chunk.endsWith('.js') && !named.has(chunk)) await released;
    await route.continue();
  });
  return release;
}

/**
 * A web server a journey starts on a port of its own, with the suite's credentials and `env` on top (its Partner API,
 * style or brand): the production server `npm start` runs, or `next start` itself. One detached process group, so
 * `process.kill(-child.pid)` stops it with what it started.
 */
export function spawnWebServer(
  port: number,
  env: Record<string, string>,
  server: 'web-server' | 'next start' = 'web-server',
): ChildProcess {
  const program =
    server === 'web-server'
      ? ['--import', 'tsx', 'scripts/web-server.ts']
      : ['node_modules/next/dist/bin/next', 'start'];
  return spawn(process.execPath, [...program, '-p', String(port), '-H', '127.0.0.1'], {
    env: {
      ...process.env,
      PARTNER_CLIENT_ID: 'demo',
      PARTNER_CLIENT_SECRET: E2E_SECRETS.clientSecret,
      SESSION_SECRET: E2E_SECRETS.sessionSecret,
      ...env,
    },
    stdio: 'ignore',
    detached: true,
  });
}

/**
 * Waits until a server a journey started answers `url` with a 2xx (readiness, not a timing assertion): every 500 ms
 * for a minute, then fails naming `what` did not start.
 */
export async function waitForServer(url: string, what: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not start`);
}
