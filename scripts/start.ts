/**
 * `npm start`: the whole product in production mode on one machine. Builds what is missing, starts the embedded
 * Partner API (which seeds an empty database with the demo catalogue and demo clients) and then the web app; Ctrl-C
 * stops both. With PARTNER_API_URL set, only the web app starts and talks to that API instead.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createSupervisor, run, start, waitForHttp } from './lib/processes';

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.PARTNER_API_PORT ?? '4000';
// Prometheus metrics of both programs, on loopback ports of their own, so a newcomer can look (docs/operations.md).
const webMetricsPort = process.env.WEB_METRICS_PORT ?? '9464';
const apiMetricsPort = process.env.PARTNER_API_METRICS_PORT ?? '9465';
const embedded = !process.env.PARTNER_API_URL;

if (!existsSync('.next/BUILD_ID') || !existsSync('dist/partner-api/cli.mjs')) {
  console.log('[eventmap] No production build yet: running `npm run build` once.');
  await run('npm', ['run', 'build']);
}

const webEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: webPort,
  NEXT_TELEMETRY_DISABLED: '1',
  WEB_METRICS_PORT: webMetricsPort,
};
if (!webEnv.SESSION_SECRET) {
  // The demo must run with no setup; a real deployment sets its own secret (lib/env.ts refuses to start without it).
  webEnv.SESSION_SECRET = randomBytes(32).toString('base64url');
  console.log('[eventmap] SESSION_SECRET is not set: generated a throwaway one for this run (demo only).');
}

// The embedded demo's partner dashboard (/partner) shows the seeded click history of the demo client, behind a public
// demo password like the demo clients' secrets. A deployment against a real API sets PARTNER_DASHBOARD_PASSWORD itself
// (unset there, /partner says the dashboard is disabled and how to enable it).
const DEMO_DASHBOARD_PASSWORD = 'demo-partner-password';
const demoDashboard = embedded && !webEnv.PARTNER_DASHBOARD_PASSWORD;
if (demoDashboard) webEnv.PARTNER_DASHBOARD_PASSWORD = DEMO_DASHBOARD_PASSWORD;

const supervisor = createSupervisor();
if (embedded) {
  const api = supervisor.add(
    start('partner-api', process.execPath, ['--enable-source-maps', 'dist/partner-api/cli.mjs', 'serve'], {
      ...process.env,
      NODE_ENV: 'production',
      // The embedded demo carries the demo clients; a production service started any other way has none.
      PARTNER_API_DEMO: '1',
      PARTNER_API_PORT: apiPort,
      PARTNER_API_METRICS_PORT: apiMetricsPort,
      // Service links (/e/{serviceId}) redirect to this web app's event pages.
      PARTNER_API_APP_URL: process.env.PARTNER_API_APP_URL ?? `http://localhost:${webPort}`,
      // Visitors reach /r/ through the web app (below), so the click limit per IP must read X-Forwarded-For; safe
      // while the service listens on loopback only, where the web app is its only visitor.
      PARTNER_API_TRUST_PROXY: process.env.PARTNER_API_TRUST_PROXY ?? (process.env.PARTNER_API_HOST ? '0' : '1'),
    }),
  );
  await waitForHttp(`http://127.0.0.1:${apiPort}/health`, api);
  Object.assign(webEnv, {
    PARTNER_API_URL: `http://127.0.0.1:${apiPort}`,
    PARTNER_CLIENT_ID: process.env.PARTNER_CLIENT_ID ?? 'demo',
    PARTNER_CLIENT_SECRET: process.env.PARTNER_CLIENT_SECRET ?? 'demo-secret',
    // The service's links (pictures, Book, service links) are served through the web app's own origin, so they work
    // from any device that reaches the web app (lib/partner/public-links.ts).
    PARTNER_LINKS_ORIGIN:
      process.env.PARTNER_LINKS_ORIGIN ?? process.env.PARTNER_API_PUBLIC_URL ?? `http://127.0.0.1:${apiPort}`,
  });
}

// Next's handler behind our own HTTP server (scripts/web-server.ts): chosen timeouts, the visitor address for the
// /api/* fair share, pre-compressed static files and cheap dynamic compression.
const web = supervisor.add(
  start('web', process.execPath, ['--import', 'tsx', 'scripts/web-server.ts', '-p', webPort], {
    ...webEnv,
    // The embedded service and the web app sit behind the same proxy, if any.
    TRUST_PROXY: process.env.TRUST_PROXY ?? process.env.PARTNER_API_TRUST_PROXY ?? '0',
  }),
);
await waitForHttp(`http://127.0.0.1:${webPort}/`, web);
console.log(
  `[eventmap] Ready: http://localhost:${webPort}${embedded ? ` (Partner API on :${apiPort}, docs at /docs)` : ''}`,
);
console.log(
  `[eventmap] Metrics: http://127.0.0.1:${webMetricsPort}/metrics` +
    (embedded ? `, http://127.0.0.1:${apiMetricsPort}/metrics (docs/operations.md)` : ' (docs/operations.md)'),
);
if (demoDashboard) {
  console.log(
    `[eventmap] Partner dashboard: http://localhost:${webPort}/partner (demo password: ${DEMO_DASHBOARD_PASSWORD})`,
  );
}
