import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGetEventsResponseSchema } from '@/lib/contract';
import { manualClock } from './clock';
import { openStore } from './store/open-store';
import { FIXTURE_NOW_MS, makeEventInput } from './testing/fixtures';
import { createTestApp, type TestApp } from './testing/test-app';
import { testDatabase } from './testing/test-database';

/*
 * Two service instances on one database, as two replicas (or a replica and the `simulate` command) run: each has its
 * own connection and its own EventIndex, so a write through one reaches the other only through the store's change
 * feed. On SQLite, both open the same file (several processes may); the `postgres` project (or PARTNER_API_TEST_DB) runs it on another store.
 */

const POLL_MS = 50;
const dir = mkdtempSync(join(tmpdir(), 'replicas-'));
const database = testDatabase() ?? join(dir, 'catalogue.sqlite');
const clock = manualClock(FIXTURE_NOW_MS);
let a: TestApp;
let b: TestApp;

async function replica(): Promise<TestApp> {
  const store = await openStore({ database, clock, publicUrl: 'http://partner-api.test' });
  return createTestApp({ store, clock, config: { changePollMs: POLL_MS } });
}

beforeAll(async () => {
  a = await replica();
  b = await replica();
});
afterAll(async () => {
  await a.close();
  await b.close();
  rmSync(dir, { recursive: true, force: true });
});

async function eventIds(app: TestApp): Promise<number[]> {
  const response = await app.request({ method: 'POST', url: '/v2/get/events', payload: { limit: 100 } });
  expect(response.statusCode, response.body).toBe(201);
  return ZGetEventsResponseSchema.parse(response.json()).data.map((event) => event.id);
}

/** Asks `app` until `check` holds (the poll interval times a generous factor, for a loaded machine), or fails. */
async function eventually(app: TestApp, check: (ids: number[]) => boolean): Promise<number[]> {
  const deadline = Date.now() + 200 * POLL_MS;
  for (;;) {
    const ids = await eventIds(app);
    if (check(ids)) return ids;
    if (Date.now() > deadline) throw new Error(`not visible on the other replica: ${JSON.stringify(ids)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS / 2));
  }
}

describe('replicas on one database', () => {
  it('shows a write through one replica in the events query of the other, without any write there', async () => {
    const id = await a.store.catalogue.createEvent(makeEventInput({ name: 'Créé sur A' }));
    // A reads its own write at once.
    expect(await eventIds(a)).toContain(id);
    await eventually(b, (ids) => ids.includes(id));

    const later = FIXTURE_NOW_MS + 30 * 86_400_000;
    await a.store.catalogue.updateEvent(id, { startMs: later, endMs: later + 3_600_000 });
    await eventually(b, (ids) => !ids.includes(id)); // moved out of the default 7-day window
    const other = await b.store.catalogue.createEvent(makeEventInput({ name: 'Créé sur B' }));
    await eventually(a, (ids) => ids.includes(other));
    await b.store.catalogue.deleteEvent(other);
    await eventually(a, (ids) => !ids.includes(other));
  });

  it('shares clients, tokens and revocation: a login on one replica works on the other', async () => {
    const tokens = await a.login();
    const onB = await b.app.inject({
      method: 'GET',
      url: '/v2/clicks',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(onB.statusCode).toBe(200);
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/login',
      payload: { grantAccess: 'refreshToken', refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(201);
    // Reusing the spent refresh token on A revokes the family; B refuses its access token soon after.
    const reuse = await a.app.inject({
      method: 'POST',
      url: '/login',
      payload: { grantAccess: 'refreshToken', refreshToken: tokens.refreshToken },
    });
    expect(reuse.statusCode).toBe(401);
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (
        await b.app.inject({
          method: 'GET',
          url: '/v2/clicks',
          headers: { authorization: `Bearer ${tokens.accessToken}` },
        })
      ).statusCode;
    }
    expect(status).toBe(401);
  });
});
