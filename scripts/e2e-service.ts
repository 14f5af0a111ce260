/*
 * Starts the Partner API for end-to-end tests on PARTNER_API_PORT with a throwaway, freshly seeded database at
 * PARTNER_API_DB: the demo seed (E2E_SEED_EVENTS events), or with E2E_CATALOGUE=<file> a fixed catalogue imported
 * through the ingestion path (`import --partner E2E_CATALOGUE_PARTNER <file>`), so journeys can name its events. With
 * PARTNER_API_CLOCK_START both are dated from the pinned start (docs/testing.md). In a checkout without the service (no partner-api/cli.ts), it serves the web data layer's fake
 * upstream on the same port instead, so the web app can still be exercised.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';

const port = Number(process.env.PARTNER_API_PORT ?? 4010);
const db = process.env.PARTNER_API_DB ?? '.data/e2e/partner-api.sqlite';
const events = process.env.E2E_SEED_EVENTS ?? '800';
const catalogue = process.env.E2E_CATALOGUE;
const partner = process.env.E2E_CATALOGUE_PARTNER ?? 'Billetterie Horizon';

if (existsSync('partner-api/cli.ts')) {
  mkdirSync(dirname(db), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true });
  const env = { ...process.env, PARTNER_API_PORT: String(port), PARTNER_API_DB: db };
  const load = catalogue ? ['import', '--partner', partner, catalogue] : ['seed', '--events', events];
  // Node with tsx's loader rather than `npx tsx`: no npx, and no tsx process in between, on the suite's start path.
  const cli = (...args: string[]) => [...process.execArgv, 'partner-api/cli.ts', ...args];
  const seed = spawnSync(process.execPath, cli(...load), { env, stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  const serve = spawn(process.execPath, cli('serve'), { env, stdio: 'inherit' });
  const stop = () => serve.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  serve.on('exit', (code) => process.exit(code ?? 0));
} else {
  // The fake imports `server-only`, which only resolves to a no-op under the react-server condition.
  const child = spawn(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', 'scripts/serve-fake-upstream.ts'],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: 'inherit',
    },
  );
  const stop = () => child.kill('SIGTERM');
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}
