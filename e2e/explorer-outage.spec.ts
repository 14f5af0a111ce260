import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { expect, resending, test } from './fixtures/test';
import { cards, openExplorer, waitForView } from './helpers';
import { E2E_SECRETS } from '../playwright.config';

/*
 * The Partner API stops while a visitor explores: the explorer keeps panning, filtering and listing from
 * the web app's copy of the catalogue, says quietly that the data may be a few minutes old, says that events cannot
 * be searched right now (not "no results"), shows a listed event's page from the copy, and recovers without a reload
 * when the service returns. The suite's
 * shared service cannot be stopped under the other journeys: this one runs a service and a web app of its own.
 */

const SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 4010) + 50;
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3010) + 50;
const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
const DIR = '.data/e2e/outage';
const DB = `${DIR}/partner-api.sqlite`;
const MIRROR = `${DIR}/catalogue-mirror.sqlite`;

const serviceEnv = { ...process.env, PARTNER_API_PORT: String(SERVICE_PORT), PARTNER_API_DB: DB, LOG_LEVEL: 'warn' };

/** Starts a program in a process group of its own, so stopping it stops its children too. */
function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { env, detached: true, stdio: 'ignore' });
}

function stop(child: ChildProcess | undefined): void {
  if (child?.pid !== undefined && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

async function until(url: string, ok: (status: number) => boolean, timeout = 90_000): Promise<void> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      if (ok((await fetch(url)).status)) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not come up`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

const startService = async () => {
  const child = start(['partner-api/cli.ts', 'serve'], serviceEnv);
  await until(`http://127.0.0.1:${SERVICE_PORT}/v2/clicks`, (s) => s === 401);
  return child;
};

let service: ChildProcess | undefined;
let web: ChildProcess | undefined;

test.describe('when the Partner API stops', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    mkdirSync(DIR, { recursive: true });
    for (const file of [DB, MIRROR]) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'partner-api/cli.ts', 'seed', '--events', '400'], {
      env: serviceEnv,
      encoding: 'utf8',
    });
    if (seed.status !== 0) throw new Error(seed.stderr);
    service = await startService();
    web = start(['scripts/web-server.ts', '-p', String(WEB_PORT), '-H', '127.0.0.1'], {
      ...process.env,
      PARTNER_API_URL: `http://127.0.0.1:${SERVICE_PORT}`,
      PARTNER_CLIENT_ID: 'demo',
      PARTNER_CLIENT_SECRET: E2E_SECRETS.clientSecret,
      SESSION_SECRET: E2E_SECRETS.sessionSecret,
      PARTNER_LINKS_ORIGIN: `http://127.0.0.1:${SERVICE_PORT}`,
      PARTNER_DASHBOARD_PASSWORD: E2E_SECRETS.dashboardPassword,
      CATALOGUE_MIRROR_FILE: MIRROR,
      CATALOGUE_SYNC_INTERVAL_SECONDS: '1',
    });
    await until(`${WEB_URL}/`, (s) => s === 200);
  });

  test.afterAll(() => {
    stop(web);
    stop(service);
  });

  test('the explorer still pans, filters and lists, says the data may be old, shows event pages from the copy, and recovers', async ({
    page,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    // The browser reports the search route's failure (502/503) while the service is down: expected here.
    consoleErrors.allow(/status of 50[23] .*\/api\/search\?/);
    // Card pictures come from the Partner API through the app's image route: while it is down they fail (the card
    // keeps its category icon), and the browser reports each failed load.
    consoleErrors.allow(/status of 50[234] .*\/images\//);
    const view = `${WEB_URL}/?at=46.6,2.35,5`;
    // Until the copy is complete, answers are live: wait for the read model's.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${WEB_URL}/api/explorer/events?minLng=-5&maxLng=10&minLat=41&maxLat=52&zoom=5`);
          return ((await response.json()) as { source?: string }).source;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('mirror');
    await openExplorer(page, view);
    await waitForView(page);
    await expect(page.getByTestId('degraded-notice')).toHaveCount(0);

    stop(service);
    // Pan (a new area), then filter: each answered from the copy, with the quiet notice.
    const box = (await page.locator('.maplibregl-canvas').boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 120, y + 40, { steps: 8 });
    await page.mouse.up();
    await waitForView(page);
    await expect(page.getByTestId('degraded-notice')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('degraded-notice')).toHaveText(/may be a few minutes old/);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Music' }).click();
    await expect(page.getByRole('button', { name: 'Music' })).toHaveAttribute('aria-pressed', 'true');
    await waitForView(page);
    await expect(page.getByTestId('results-summary')).toHaveText(/events? here|^$/);
    await expect(page.getByTestId('degraded-notice')).toBeVisible();
    await page.getByRole('button', { name: 'Music' }).click();
    await waitForView(page);
    expect(await cards(page).count()).toBeGreaterThan(0);

    // Search cannot reach the service: it says so, rather than "nothing found".
    await page.getByRole('combobox', { name: /^Search events/ }).fill('concert');
    await expect(page.getByRole('status').filter({ hasText: /unavailable|cannot be searched/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('combobox', { name: /^Search events/ }).fill('');
    await page.keyboard.press('Escape');
    await testInfo.attach('during the outage', { body: await page.screenshot(), contentType: 'image/png' });

    // A listed event's page renders from the copy, saying its data may be a few minutes old; a record the copy does
    // not hold is the site's 503 with Retry-After.
    const href = await cards(page).first().locator('a[href^="/events/"]').first().getAttribute('href');
    const record = await page.context().newPage();
    const shown = await record.goto(`${WEB_URL}${href}`);
    expect(shown?.status()).toBe(200);
    await expect(record.getByTestId('from-copy-notice')).toHaveText(/may be a few minutes old/);
    await expect(record.getByRole('heading', { level: 1 })).not.toBeEmpty();
    // Its picture comes from the stopped service: the page leaves it out rather than showing a broken image.
    await expect(record.locator('#event-hero img')).toHaveCount(0);
    await testInfo.attach('an event page from the copy', { body: await record.screenshot(), contentType: 'image/png' });
    await record.close();
    const missing = await resending(page.request).get(`${WEB_URL}/events/999999999`);
    expect(missing.status()).toBe(503);
    expect(missing.headers()['retry-after']).toMatch(/^\d+$/);

    service = await startService();
    // Without a reload, and without a touch: the list asks again while its answer is the copy's, and the notice goes
    // once the copy is in step with the service again.
    await expect(page.getByTestId('degraded-notice')).toHaveCount(0, { timeout: 60_000 });
    await waitForView(page);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: /^Search events/ }).fill('concert');
    await expect(page.getByRole('status').filter({ hasText: /best match/ })).toBeVisible({ timeout: 30_000 });
  });
});
