import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEventSchema, ZLoginResponseSchema, ZClicksResponseSchema } from '@/lib/contract';
import { refreshTokenHash } from '@/partner-api/auth/tokens';
import { manualClock } from '@/partner-api/clock';
import { openStore } from '@/partner-api/store/open-store';
import { FIXTURE_NOW_MS, makeEventInput } from '@/partner-api/testing/fixtures';
import { startPostgresServer, type PostgresServer } from '@/partner-api/testing/postgres-server';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/*
 * An operator restarts PostgreSQL while partners use the service (docs/reliability.md §8): a throwaway server of
 * this test's own is shut down (`pg_ctl stop -m fast`) and started again on the same port while reads, logins and
 * tracked-link clicks keep arriving. While it is away every answer is a prompt 503 with Retry-After (no hung request,
 * no 500), /ready says so; the pool reconnects by itself within 5 s of the server's return, and every login and click
 * that was confirmed (201, 302) is in the database afterwards.
 */

/** Longest any answer may take, down or not: failing fast, not waiting on a dead server. */
const MAX_ANSWER_MS = 3_000;
/** The pool must serve again within this long of the server accepting connections. */
const RECOVERY_MS = 5_000;

let server: PostgresServer;
let t: TestApp;
const clock = manualClock(FIXTURE_NOW_MS);

beforeAll(async () => {
  server = await startPostgresServer({ maxConnections: 50 });
  const database = await server.createDatabase();
  const store = await openStore({ database, clock, publicUrl: 'http://partner-api.test' });
  t = await createTestApp({ store, clock });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.stop();
});

interface Answer {
  kind: 'read' | 'login' | 'click';
  status: number;
  ms: number;
  retryAfter: string | undefined;
  refreshToken?: string;
}

describe('PostgreSQL restarted under load', () => {
  it('fails fast with 503 while it is away, recovers within 5 s, and loses no confirmed write', async () => {
    const eventId = await t.store.catalogue.createEvent(makeEventInput({ name: 'Concert pendant la panne' }));
    const event = ZEventSchema.parse((await t.request({ method: 'GET', url: `/v2/event/${eventId}` })).json());
    const link = new URL(event.sources[0]!.link).pathname;
    const { accessToken } = await t.login();
    const auth = { authorization: `Bearer ${accessToken}` };

    const answers: Answer[] = [];
    const send = async (kind: Answer['kind']) => {
      const started = performance.now();
      const response =
        kind === 'read'
          ? await t.app.inject({ method: 'GET', url: `/v2/event/${eventId}`, headers: auth })
          : kind === 'login'
            ? await t.app.inject({
                method: 'POST',
                url: '/login',
                payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
              })
            : await t.app.inject({ method: 'GET', url: link });
      const answer: Answer = {
        kind,
        status: response.statusCode,
        ms: performance.now() - started,
        retryAfter: response.headers['retry-after'],
      };
      if (kind === 'login' && response.statusCode === 201) {
        answer.refreshToken = ZLoginResponseSchema.parse(response.json()).refreshToken;
      }
      answers.push(answer);
      return answer;
    };

    let running = true;
    const worker = async (kind: Answer['kind']) => {
      while (running) {
        await send(kind);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all([worker('read'), worker('read'), worker('login'), worker('click')]);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.shutDown();
    const downAt = answers.length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    clock.advance(5_000); // past the readiness answer's reuse
    const notReady = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers['retry-after']).toMatch(/^\d+$/);
    const whileDown = answers.slice(downAt);

    await server.startUp();
    const backAt = performance.now();
    // Recovered once a read, a login and a click each succeed again (the load keeps running meanwhile).
    const recovered = async () => {
      const [read, login, click] = [await send('read'), await send('login'), await send('click')];
      return read.status === 200 && login.status === 201 && click.status === 302;
    };
    while (!(await recovered())) {
      expect(performance.now() - backAt, 'the pool did not recover').toBeLessThan(RECOVERY_MS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveryMs = performance.now() - backAt;
    expect(recoveryMs).toBeLessThan(RECOVERY_MS);
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await load;
    clock.advance(5_000);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toMatchObject({ status: 'ready' });

    // While it was away: 503s with Retry-After (reads may still be served from memory), nothing else.
    expect(whileDown.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    for (const answer of answers) {
      expect([200, 201, 302, 503], `${answer.kind} → ${answer.status}`).toContain(answer.status);
      if (answer.status === 503) expect(answer.retryAfter, answer.kind).toMatch(/^\d+$/);
      expect(answer.ms, `${answer.kind} took ${Math.round(answer.ms)} ms`).toBeLessThan(MAX_ANSWER_MS);
    }

    // Every confirmed write is in the database: each issued refresh token, each click answered with a redirect.
    const issued = answers.flatMap((answer) => (answer.refreshToken ? [answer.refreshToken] : []));
    expect(issued.length).toBeGreaterThan(0);
    for (const token of issued) {
      expect(await t.store.auth.findRefreshToken(refreshTokenHash(token))).not.toBeNull();
    }
    const redirects = answers.filter((answer) => answer.kind === 'click' && answer.status === 302).length;
    const clicks = ZClicksResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/clicks?limit=1000&minDate=2000-01-01' })).json(),
    );
    expect(clicks.pagination.totalItems).toBe(redirects);
  }, 90_000);
});
