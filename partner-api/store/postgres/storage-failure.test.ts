import { createServer, Socket, type Server } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract';
import { manualClock } from '@/partner-api/clock';
import { createServiceLogger } from '@/partner-api/http/logger';
import { openStore } from '@/partner-api/store/open-store';
import { createPool, withClient } from '@/partner-api/store/postgres/pool';
import { FIXTURE_NOW_MS, makeEventInput } from '@/partner-api/testing/fixtures';
import { createPostgresTestDatabase } from '@/partner-api/testing/postgres-database';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';

/*
 * PostgreSQL failing under a running service: a database that turns read-only answers writes 503 (reads go on), a
 * server that cannot be reached answers 503 to everything; each is logged with its reason, /ready says which, and
 * the service recovers by itself once the cause is gone.
 */

let t: TestApp | undefined;
let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function admin(url: string, sql: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const client = new pg.Client({ connectionString: target.href });
  await client.connect();
  try {
    await client.query(sql.replaceAll('$db', `"${name}"`));
    // Sessions pick database settings up when they start: end the service's, its pool opens new ones.
    const sessions = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    const pids = sessions.rows.map((row) => row.pid);
    await client.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    // pg_terminate_backend only signals. Until a session has sent its FATAL and exited, the pool still holds its
    // connection as idle, and the test's next query could meet the termination (57P01) instead of the new setting.
    while ((await client.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1)', [pids])).rowCount) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The sessions' last bytes reached the pool's sockets before this answer did; they are read in the same turn of
    // the event loop, which ends before an immediate runs.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await client.end();
  }
}

/** A TCP relay in front of PostgreSQL that can drop every connection and refuse new ones, as a network cut does. */
async function relay(url: string): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port), target.hostname);
        client.pipe(upstream).pipe(client);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  const relayed = new URL(url);
  relayed.port = String(port);
  return {
    url: relayed.href,
    async cut() {
      // close() waits for open connections, so they go first.
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}

async function start(database: string) {
  const lines: string[] = [];
  const logger = createServiceLogger('info', { write: (line: string) => void lines.push(line) });
  const clock = manualClock(FIXTURE_NOW_MS);
  const store = await openStore({ database, clock, publicUrl: 'http://partner-api.test' });
  t = await createTestApp({ store, clock, logger });
  const eventId = await store.catalogue.createEvent(makeEventInput());
  const { accessToken } = await t.login();
  const app = t.app;
  return {
    lines,
    clock,
    read: () =>
      app.inject({ method: 'GET', url: `/v2/event/${eventId}`, headers: { authorization: `Bearer ${accessToken}` } }),
    login: () =>
      app.inject({
        method: 'POST',
        url: '/login',
        payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
      }),
    ready: () => app.inject({ method: 'GET', url: '/ready' }),
  };
}

describe('PostgreSQL failing under a running service', () => {
  it('answers writes 503 while the database is read-only, keeps reads working, and recovers', async () => {
    const database = await createPostgresTestDatabase();
    const service = await start(database);
    expect((await service.ready()).statusCode).toBe(200);

    await admin(database, 'ALTER DATABASE $db SET default_transaction_read_only = on');
    cleanup.push(() => admin(database, 'ALTER DATABASE $db RESET default_transaction_read_only'));
    service.clock.advance(5_000); // past the readiness answer's reuse

    const write = await service.login();
    expect(write.statusCode).toBe(503);
    expect(Number(write.headers['retry-after'])).toBeGreaterThan(0);
    expect(ZProblemSchema.parse(write.json()).detail).toMatch(/cannot store changes/);
    const logged = service.lines.map((line) => JSON.parse(line) as { msg: string; code?: string });
    expect(logged.find((line) => /database write failed/.test(line.msg))).toMatchObject({ code: '25006' });
    expect(logged.find((line) => /database write failed/.test(line.msg))?.msg).toMatch(/read-only/);
    expect((await service.read()).statusCode).toBe(200);
    const ready = await service.ready();
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ detail: string }>().detail).toMatch(/^Not ready: read ok; write 25006/);

    await admin(database, 'ALTER DATABASE $db RESET default_transaction_read_only');
    service.clock.advance(5_000);
    expect((await service.ready()).json()).toMatchObject({ status: 'ready' });
    expect((await service.login()).statusCode).toBe(201);
    expect((await service.read()).statusCode).toBe(200);
  });

  it('fails the next query, without an unhandled error, when the connection drops while a client is checked out', async () => {
    const cut = await relay(await createPostgresTestDatabase());
    cleanup.push(() => cut.cut());
    const pool = createPool(cut.url, { max: 2 });
    pool.on('error', () => undefined);
    cleanup.push(() => pool.end().catch(() => undefined));
    const result = withClient(pool, async (client) => {
      await client.query('SELECT 1');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await cut.cut();
      // Between two queries: the connection's end reaches a client with no query in flight.
      await ended;
      return client.query('SELECT 1');
    });
    await expect(result).rejects.toThrow();
  });

  it('answers 503 while the server cannot be reached, and recovers when it can', async () => {
    const cut = await relay(await createPostgresTestDatabase());
    cleanup.push(() => cut.cut());
    const service = await start(cut.url);
    expect((await service.read()).statusCode).toBe(200);

    await cut.cut();
    service.clock.advance(5_000);
    for (const answer of [await service.read(), await service.login()]) {
      expect(answer.statusCode).toBe(503);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.body).not.toMatch(/ECONN|postgres/i);
    }
    const ready = await service.ready();
    expect(ready.statusCode).toBe(503);

    await cut.restore();
    service.clock.advance(5_000);
    expect((await service.ready()).json()).toMatchObject({ status: 'ready' });
    expect((await service.read()).statusCode).toBe(200);
    expect((await service.login()).statusCode).toBe(201);
  });
});
