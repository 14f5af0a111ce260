import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ZGetEventsResponseSchema, ZLoginResponseSchema } from '@/lib/contract';
import { parseServiceEnv } from './env';
import { seedDemoCatalogue, startService, type RunningService } from './main';

/*
 * PARTNER_API_CLOCK_START over HTTP: the service as `serve` starts it, on its own port and database, its clock starting
 * at the pinned instant. Two runs must answer byte for byte the same, whatever the machine's date.
 */

const START = '2027-03-14T18:00:00Z';
const START_MS = Date.parse(START);
const services: RunningService[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A service started from the environment a test run would give it, seeded as `serve` seeds an empty database. */
async function pinnedService(extra: Record<string, string> = {}): Promise<RunningService> {
  const dir = mkdtempSync(join(tmpdir(), 'clock-start-'));
  dirs.push(dir);
  const config = parseServiceEnv({
    NODE_ENV: 'test',
    PARTNER_API_PORT: '0',
    PARTNER_API_DB: join(dir, 'db.sqlite'),
    // Links carry the public URL: the same one for both runs, whatever port each got.
    PARTNER_API_PUBLIC_URL: 'http://partner-api.test',
    PARTNER_API_CLOCK_START: START,
    // Tracked links are signed with a key derived from it: a generated one would differ between runs.
    PARTNER_API_TOKEN_SECRET: 'clock-start-test-token-secret-0123456789',
    LOG_LEVEL: 'silent',
    ...extra,
  });
  const service = await startService(config, {
    seedDemo: async (store) => void (await seedDemoCatalogue(store, config.clockStartMs ?? Date.now())),
  });
  services.push(service);
  return service;
}

async function login(service: RunningService): Promise<string> {
  const response = await fetch(`${service.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
  });
  expect(response.status).toBe(201);
  return ZLoginResponseSchema.parse(await response.json()).accessToken;
}

async function eventsBody(service: RunningService, token: string): Promise<string> {
  const response = await fetch(`${service.url}/v2/get/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ limit: 50 }),
  });
  const body = await response.text();
  expect(response.status, body).toBe(201);
  return body;
}

/** The token's issue time (s): the service's "now" when it signed it. */
function issuedAt(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number };
  return payload.iat;
}

describe('PARTNER_API_CLOCK_START', () => {
  // Two services started and seeded one after the other: more than the default 30 s on a loaded machine.
  it(
    'answers the same bytes on two fresh runs, the seed and the default window dated from the pinned start',
    { timeout: 120_000 },
    async () => {
      const first = await pinnedService();
      const second = await pinnedService();
      const [a, b] = await Promise.all([
        login(first).then((token) => eventsBody(first, token)),
        login(second).then((token) => eventsBody(second, token)),
      ]);
      expect(a).toBe(b);

      const events = ZGetEventsResponseSchema.parse(JSON.parse(a)).data;
      expect(events.length).toBeGreaterThan(0);
      // The default window is the 7 days from "now": the pinned week of March 2027, not the machine's.
      for (const event of events) {
        const startDay = event.startDate.slice(0, 10);
        const endDay = event.endDate.slice(0, 10);
        expect(endDay >= '2027-03-14', `${event.id} ends ${endDay}`).toBe(true);
        expect(startDay <= '2027-03-21', `${event.id} starts ${startDay}`).toBe(true);
      }
    },
  );

  it('starts at the pinned instant and runs from there (tokens are signed at the running time)', async () => {
    const service = await pinnedService();
    const early = issuedAt(await login(service));
    expect(early * 1000).toBeGreaterThanOrEqual(START_MS);
    expect(early * 1000).toBeLessThan(START_MS + 60_000);
    // A token's iat has second precision: wait until the clock crossed a second.
    const deadline = Date.now() + 5_000;
    let later = early;
    while (later === early && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      later = issuedAt(await login(service));
    }
    expect(later).toBeGreaterThan(early);
  });
});
