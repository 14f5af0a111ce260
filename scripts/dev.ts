/**
 * `npm run dev`: the Partner API (tsx watch: restarts on change, seeds an empty database) and `next dev` together;
 * Ctrl-C stops both. With PARTNER_API_URL set, only `next dev` starts and talks to that API.
 */
import { createSupervisor, start, waitForHttp } from './lib/processes';

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.PARTNER_API_PORT ?? '4000';
const embedded = !process.env.PARTNER_API_URL;
const supervisor = createSupervisor();
if (embedded) {
  const api = supervisor.add(
    start('partner-api', 'node_modules/.bin/tsx', ['watch', 'partner-api/cli.ts', 'serve'], {
      ...process.env,
      PARTNER_API_PORT: apiPort,
      // Service links (/e/{serviceId}) redirect to this web app's event pages.
      PARTNER_API_APP_URL: process.env.PARTNER_API_APP_URL ?? `http://localhost:${webPort}`,
    }),
  );
  await waitForHttp(`http://127.0.0.1:${apiPort}/health`, api);
}
supervisor.add(
  start('web', 'node_modules/.bin/next', ['dev', '-p', webPort], {
    ...process.env,
    // The product sends nothing anywhere at run time; this also keeps Next's telemetry notice out of the terminal.
    NEXT_TELEMETRY_DISABLED: '1',
    ...(embedded
      ? {
          PARTNER_API_URL: `http://127.0.0.1:${apiPort}`,
          PARTNER_CLIENT_ID: 'demo',
          PARTNER_CLIENT_SECRET: 'demo-secret',
        }
      : {}),
  }),
);
