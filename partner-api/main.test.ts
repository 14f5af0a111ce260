import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ZLoginResponseSchema } from '@/lib/contract';
import { testServiceConfig } from './env';
import { systemClock } from './clock';
import { startService, type RunningService } from './main';
import { seedCatalogue } from './seed/seed-catalogue';
import { openStore } from './store/open-store';

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
    const database = join(dir, 'db.sqlite');
    const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
    const { buildApp } = await import('./app');
    const app = await buildApp({ store, clock: systemClock, config: testServiceConfig({ database }) });
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
    await store.close();

    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/content-type: application\/problem\+json/i);
    expect(second).toContain('"status":503');
  });
});

describe('startService', () => {
  it('listens on a real port, serves login, and closes the store on close', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    let seeded = 0;
    const database = join(dir, 'db.sqlite');
    service = await startService(testServiceConfig({ database }), {
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
    await expect(service.store.catalogue.isEmpty()).rejects.toThrow();
    service = undefined;

    // The database outlives the process: the generated signing key and the clients are still there.
    const store = await openStore({ database, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
    expect(await store.auth.listClients()).toHaveLength(2);
    expect(await store.catalogue.isEmpty()).toBe(true);
    await store.close();
  });

  it('does not seed demo data in production without the demo flag', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    let seeded = 0;
    service = await startService(testServiceConfig({ database: join(dir, 'db.sqlite'), demo: false }), {
      seedDemo: () => {
        seeded += 1;
      },
    });
    expect(seeded).toBe(0);
    expect(await service.store.auth.listClients()).toEqual([]);
  });

  it('serves the demo catalogue another process seeded first instead of failing to start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    const config = testServiceConfig({ database: join(dir, 'db.sqlite'), demo: true });
    const lines: string[] = [];
    const late = await startService(config, {
      // Stands for a replica that found the catalogue empty, then lost the race to seed it.
      seedDemo: async () => {
        const other = await startService(config, {
          seedDemo: async (store) => {
            await seedCatalogue(store.seeding, { events: 20 });
          },
        });
        await other.close();
        throw new Error('The catalogue is not empty; seed with reset to replace it.');
      },
      onLog: (line) => lines.push(line),
    });
    service = late;
    expect(await late.store.catalogue.isEmpty()).toBe(false);
    expect(lines).toContain('Another process seeded the demo catalogue first; serving it.');
  });

  it('still fails to start when the demo seed fails and the catalogue stays empty', async () => {
    dir = mkdtempSync(join(tmpdir(), 'partner-api-'));
    const config = testServiceConfig({ database: join(dir, 'db.sqlite'), demo: true });
    await expect(
      startService(config, {
        seedDemo: () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
  });
});
