import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
