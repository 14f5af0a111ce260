import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/chromium';

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

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      // A throwaway database, seeded on start (scripts/e2e-service.ts).
      command: 'npx tsx scripts/e2e-service.ts',
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
  ],
});
