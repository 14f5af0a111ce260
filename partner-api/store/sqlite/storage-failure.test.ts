import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ZProblemSchema } from '@/lib/contract/index';
import { createTestApp, type TestApp } from '@/partner-api/testing/test-app';
import { createServiceLogger } from '../../http/logger';
import { openDatabase, type Db } from './open';
import { createSqliteStore } from './sqlite-store';
import { makeEventInput } from '../../testing/fixtures';

/**
 * The store stops accepting writes while the process runs: writes must answer 503 with Retry-After and log why,
 * reads keep answering, `/ready` says not ready, and once the cause is gone writes succeed on an intact database.
 */
interface Outage {
  name: string;
  /** Creates the database file's directory. */
  directory(): string;
  /** Makes every write fail from now on. */
  start(db: Db, directory: string): void;
  /** Removes the cause. */
  end(db: Db, directory: string): void;
  /** What the log line must say. */
  reason: RegExp;
  cleanup(directory: string): void;
}

const readOnly: Outage = {
  name: 'a read-only database',
  directory: () => mkdtempSync(join(tmpdir(), 'eventmap-ro-')),
  start: (db) => db.pragma('query_only = ON'),
  end: (db) => db.pragma('query_only = OFF'),
  reason: /read-only/,
  cleanup: (directory) => rmSync(directory, { recursive: true, force: true }),
};

/** A real full disk: a 4 MB tmpfs filled up. Mounting needs root (CI containers and this machine run tests as root). */
const fullDisk: Outage = {
  name: 'a full disk (tmpfs)',
  directory() {
    const directory = mkdtempSync(join(tmpdir(), 'eventmap-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', directory]);
    return directory;
  },
  start(db, directory) {
    // An empty WAL must grow for the next write, and no byte is left to grow into.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const fd = openSync(join(directory, 'filler'), 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
    try {
      for (;;) writeSync(fd, chunk.subarray(0, 512));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    }
    closeSync(fd);
  },
  end: (_db, directory) => rmSync(join(directory, 'filler')),
  reason: /disk .*full/,
  cleanup(directory) {
    execFileSync('umount', [directory]);
    rmSync(directory, { recursive: true, force: true });
  },
};

function canMountTmpfs(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  try {
    fullDisk.cleanup(fullDisk.directory());
    return true;
  } catch {
    return false;
  }
}

// The full-disk case needs a tmpfs mount; where that is impossible the read-only case still covers the behaviour.
const outages = canMountTmpfs() ? [readOnly, fullDisk] : [readOnly];

let t: TestApp | undefined;
let db: Db | undefined;
let cleanup: (() => void) | undefined;
afterEach(async () => {
  await t?.close();
  db?.close();
  cleanup?.();
  t = undefined;
  db = undefined;
  cleanup = undefined;
});

describe.each(outages)('when the store cannot write: $name', (outage) => {
  it('answers writes 503 with Retry-After, keeps reads working, and recovers intact', async () => {
    const directory = outage.directory();
    cleanup = () => outage.cleanup(directory);
    db = openDatabase(join(directory, 'partner-api.sqlite'));
    const lines: string[] = [];
    const logger = createServiceLogger('info', { write: (line: string) => void lines.push(line) });
    t = await createTestApp({ store: createSqliteStore(db, { publicUrl: 'http://partner-api.test' }), logger });
    const eventId = await t.store.catalogue.createEvent(makeEventInput());
    const { accessToken } = await t.login();
    const read = () =>
      t!.app.inject({
        method: 'GET',
        url: `/v2/event/${eventId}`,
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const login = () =>
      t!.app.inject({
        method: 'POST',
        url: '/login',
        payload: { grantAccess: 'clientSecret', clientId: 'demo', clientSecret: 'demo-secret' },
      });
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);

    outage.start(db, directory);
    t.clock.advance(5_000); // past the readiness answer's reuse

    const write = await login();
    expect(write.statusCode).toBe(503);
    expect(write.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(write.headers['retry-after'])).toBeGreaterThan(0);
    expect(ZProblemSchema.parse(write.json()).detail).toMatch(/cannot store changes/);
    expect(JSON.stringify(write.json())).not.toMatch(/SQLITE/);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; code?: string });
    expect(logged.find((line) => /database write failed/.test(line.msg))?.msg).toMatch(outage.reason);

    expect((await read()).statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    expect(ready.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(ready.json<{ detail: string }>().detail).toMatch(/^Not ready: read ok; write SQLITE_/);

    outage.end(db, directory);
    t.clock.advance(5_000);
    expect((await t.app.inject({ method: 'GET', url: '/ready' })).json()).toMatchObject({ status: 'ready' });
    expect((await login()).statusCode).toBe(201);
    expect((await read()).statusCode).toBe(200);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
