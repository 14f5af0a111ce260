import { defineConfig, devices } from '@playwright/test';
import { E2E_LAUNCH_OPTIONS } from './e2e/chromium';

/*
 * End-to-end journeys against a production build (`npm run build` first) and a freshly seeded Partner API.
 * Browsers: Debian's Chromium (Playwright cannot download its own here); WebGL comes from SwiftShader.
 * Ports 4010/3010 keep the suite clear of a developer's `npm run dev` (3000/4000).
 */
const SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 4010);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3010);
export const E2E_BASE_URL = `http://127.0.0.1:${WEB_PORT}`;
export const E2E_SERVICE_URL = `http://127.0.0.1:${SERVICE_PORT}`;
/** The web app's credentials in the suite; e2e/secrets.spec.ts proves none of them reaches a browser. */
export const E2E_SECRETS = {
  clientSecret: 'demo-secret',
  sessionSecret: 'e2e-only-session-secret-0123456789abcdef',
  dashboardPassword: 'e2e-partner-dashboard-password',
} as const;
/** The web app's catalogue mirror in the suite: removed before each start, as the service's database is reseeded. */
const E2E_MIRROR_FILE = '.data/e2e/catalogue-mirror.sqlite';

/*
 * The pinned stack (docs/testing.md): a second service and web server, both clocks started at PINNED_NOW, the catalogue
 * a fixed one, for the visual baselines in e2e/pinned/ (which pin the browser with page.clock too). Its own ports
 * (the suite's + 5; embed.spec.ts and basemap.spec.ts take + 1 and + 2) and files, so the other journeys keep the real "now".
 */
export const PINNED_NOW = '2027-03-14T18:00:00Z';
const PINNED_SERVICE_PORT = Number(process.env.E2E_PINNED_SERVICE_PORT ?? SERVICE_PORT + 5);
const PINNED_WEB_PORT = Number(process.env.E2E_PINNED_WEB_PORT ?? WEB_PORT + 5);
export const PINNED_BASE_URL = `http://127.0.0.1:${PINNED_WEB_PORT}`;
const PINNED_MIRROR_FILE = '.data/e2e/pinned-mirror.sqlite';

/** Desktop journeys' browser. */
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
/**
 * The phone project's browser: a Pixel 7's user agent, touch and mobile viewport handling, at 390×844 CSS pixels.
 * Device scale 1 (the Pixel's is 2.625): SwiftShader draws every device pixel on the CPU, and the layout under test is
 * the CSS one.
 */
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers on the two-core CI machine too: the servers are shared, and the journeys wait for the app's readiness
  // signals rather than for time (docs/testing.md has the measurements). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    // No trace by default: recording one for every journey (to keep it on failure) took a quarter of the journeys'
    // time here — DOM snapshots on every action and poll, and screencast frames the software GPU must draw. A failure
    // still leaves its screenshot and error; E2E_TRACE=1 records traces again and keeps those of failed journeys
    // (docs/testing.md, "Where the time goes").
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: E2E_LAUNCH_OPTIONS,
  },
  projects: [
    // First in the list, so its few journeys run while the pinned servers are fresh (their clocks run from the start).
    { name: 'pinned', testDir: 'e2e/pinned', use: { ...DESKTOP, baseURL: PINNED_BASE_URL } },
    // Every journey that makes sense on a phone says so with @phone in its title: both projects run the same specs.
    // One about the phone alone (a swipe, the sheet) says @phone-only: at desktop size it would only repeat itself.
    { name: 'chromium', testIgnore: 'pinned/**', grepInvert: /@phone-only/, use: DESKTOP },
    { name: 'phone', testIgnore: 'pinned/**', grep: /@phone/, use: PHONE },
  ],
  webServer: [
    {
      // A throwaway database, seeded on start (scripts/e2e-service.ts).
      command: 'node --import tsx scripts/e2e-service.ts',
      // Any spec route answers 401 without a token once the service is up; Playwright counts 401 as ready.
      url: `http://127.0.0.1:${SERVICE_PORT}/v2/clicks`,
      env: {
        PARTNER_API_PORT: String(SERVICE_PORT),
        PARTNER_API_DB: '.data/e2e/partner-api.sqlite',
        // Request logs of every journey would drown the test report; warnings and errors still show.
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The production web server `npm start` runs (scripts/web-server.ts): chosen timeouts, the visitor's address,
      // pre-compressed static files and compressed dynamic answers. A fresh catalogue mirror each run.
      command: `rm -f ${E2E_MIRROR_FILE} ${E2E_MIRROR_FILE}-wal ${E2E_MIRROR_FILE}-shm && node --import tsx scripts/web-server.ts -p ${WEB_PORT} -H 127.0.0.1`,
      url: `${E2E_BASE_URL}/`,
      env: {
        PARTNER_API_URL: `http://127.0.0.1:${SERVICE_PORT}`,
        PARTNER_CLIENT_ID: 'demo',
        PARTNER_CLIENT_SECRET: E2E_SECRETS.clientSecret,
        SESSION_SECRET: E2E_SECRETS.sessionSecret,
        // As `npm start` runs it: the service's pictures and links are served through the web app's origin.
        PARTNER_LINKS_ORIGIN: E2E_SERVICE_URL,
        PARTNER_DASHBOARD_PASSWORD: E2E_SECRETS.dashboardPassword,
        CATALOGUE_MIRROR_FILE: E2E_MIRROR_FILE,
        // Short, so a journey sees the catalogue's changes in the sitemap within seconds.
        CATALOGUE_SYNC_INTERVAL_SECONDS: '2',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The pinned service: its clock starts at PINNED_NOW, its catalogue is fixed (scripts/e2e-service.ts).
      command: 'node --import tsx scripts/e2e-service.ts',
      url: `http://127.0.0.1:${PINNED_SERVICE_PORT}/v2/clicks`,
      env: {
        PARTNER_API_PORT: String(PINNED_SERVICE_PORT),
        PARTNER_API_DB: '.data/e2e/pinned-partner-api.sqlite',
        PARTNER_API_CLOCK_START: PINNED_NOW,
        // Tracked links are signed with it: the same bytes on every run.
        PARTNER_API_TOKEN_SECRET: 'e2e-only-pinned-token-secret-0123456789',
        // The fixture catalogue (41 events in March 2027, imported as one partner's feed), not the demo seed.
        E2E_CATALOGUE: 'e2e/fixtures/catalogue.ndjson',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The pinned web server: CLOCK_START, allowed in production for this demo stack only (PARTNER_API_DEMO=1).
      command: `rm -f ${PINNED_MIRROR_FILE} ${PINNED_MIRROR_FILE}-wal ${PINNED_MIRROR_FILE}-shm && node --import tsx scripts/web-server.ts -p ${PINNED_WEB_PORT} -H 127.0.0.1`,
      url: `${PINNED_BASE_URL}/`,
      env: {
        PARTNER_API_URL: `http://127.0.0.1:${PINNED_SERVICE_PORT}`,
        PARTNER_CLIENT_ID: 'demo',
        PARTNER_CLIENT_SECRET: E2E_SECRETS.clientSecret,
        SESSION_SECRET: E2E_SECRETS.sessionSecret,
        PARTNER_LINKS_ORIGIN: `http://127.0.0.1:${PINNED_SERVICE_PORT}`,
        CATALOGUE_MIRROR_FILE: PINNED_MIRROR_FILE,
        CLOCK_START: PINNED_NOW,
        PARTNER_API_DEMO: '1',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
