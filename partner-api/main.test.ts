import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ZLoginResponseSchema } from '@/lib/contract';
import { testServiceConfig } from './env';
import { isCatalogueEmpty, startService, type RunningService } from './main';
import { openDatabase } from './store/sqlite/open';

let service: RunningService | undefined;
let dir: string | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes the request in flight and answers one arriving meanwhile with a 503 problem', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const slowStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const db = openDatabase(join(dir, 'db.sqlite'));
    const { buildApp } = await import('./app');
    const { systemClock } = await import('./clock');
    const app = await buildApp({ db, clock: systemClock, config: testServiceConfig() });
    app.get('/slow', async () => {
      started();
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    // Two pipelined requests on one connection: the second arrives while the service is closing.
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowStarted;
    const closed = app.close();
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await closed;
    await ended;
    db.close();

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/content-type: application\/problem\+json/i);
    expect(second).toContain('"status":503');
  });
});

describe('startService', () => {
  it('listens on a real port, serves login, and closes the database on close', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    let seeded = 0;
    service = await startService(testServiceConfig({ dbFile: join(dir, 'db.sqlite') }), {
      seedDemo: () => {
        seeded += 1;
      },
    });
    expect(seeded).toBe(1);
    const response = await fetch(`${service.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' }),
    });
    expect(response.status).toBe(201);
    ZLoginResponseSchema.parse(await response.json());
    await service.close();
    expect(service.db.open).toBe(false);
    service = undefined;

    // The database outlives the process: the generated signing key and the clients are still there.
    const db = openDatabase(join(dir, 'db.sqlite'));
    expect(db.prepare('SELECT count(*) FROM clients').pluck().get()).toBe(2);
    expect(isCatalogueEmpty(db)).toBe(true);
    db.close();
  });

  it('does not seed demo data in production without the demo flag', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    let seeded = 0;
    service = await startService(testServiceConfig({ dbFile: join(dir, 'db.sqlite'), demo: false }), {
      seedDemo: () => {
        seeded += 1;
      },
    });
    expect(seeded).toBe(0);
    expect(service.db.prepare('SELECT count(*) FROM clients').pluck().get()).toBe(0);
  });
});
