import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { FIXTURE_NOW_MS, makeEventInput } from '../testing/fixtures';
import { loadPostgresOpener, openStore, parseStoreTarget } from './open-store';
import { StoreConfigError } from './port';

const dir = mkdtempSync(join(tmpdir(), 'open-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const open = (database: string) =>
  openStore({ database, clock: manualClock(FIXTURE_NOW_MS), publicUrl: 'http://partner-api.test' });

describe('openStore from PARTNER_API_DB', () => {
  it('opens a SQLite file from a plain path, migrated, and finds what it wrote after a reopen', async () => {
    const file = join(dir, 'plain', 'catalogue.sqlite');
    const store = await open(file);
    expect(store.kind).toBe('sqlite');
    expect(store.location).toBe(file);
    const id = await store.catalogue.createEvent(makeEventInput({ name: 'Concert au fichier' }));
    await store.close();
    const again = await open(file);
    expect((await again.catalogue.getEvent(id))?.body).toContain('Concert au fichier');
    await again.close();
  });

  it('opens the same file from a sqlite: URL, absolute (sqlite:///…) or relative (sqlite:…)', async () => {
    const file = join(dir, 'url.sqlite');
    const absolute = await open(`sqlite://${file}`);
    const id = await absolute.catalogue.createEvent(makeEventInput());
    await absolute.close();
    expect(parseStoreTarget('sqlite:.data/x.sqlite')).toEqual({ kind: 'sqlite', file: '.data/x.sqlite' });
    expect(parseStoreTarget(`sqlite://${file}`)).toEqual({ kind: 'sqlite', file });
    const plain = await open(file);
    expect(await plain.catalogue.getEvent(id)).not.toBeNull();
    await plain.close();
  });

  it('says clearly that PostgreSQL is not built in when its module is missing', async () => {
    const missing = Object.assign(new Error("Cannot find module './postgres/open-store.js'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const failure = loadPostgresOpener(() => Promise.reject(missing));
    await expect(failure).rejects.toThrow(StoreConfigError);
    await expect(failure).rejects.toThrow(/PostgreSQL support is not built in/);
    // Any other failure of the module is its own, not "not built in".
    await expect(loadPostgresOpener(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('never echoes a PostgreSQL password, whether the store is built in or the server is unreachable', async () => {
    const url = 'postgres://eventmap:s3cret-pw@127.0.0.1:1/eventmap';
    expect(parseStoreTarget(url)).toEqual({
      kind: 'postgres',
      url,
      location: 'postgres://eventmap:***@127.0.0.1:1/eventmap',
    });
    const failure = await open(url).then(
      async (store) => {
        await store.close();
        return new Error('opened a store on a port nothing listens on');
      },
      (error: unknown) => error as Error,
    );
    expect(failure.message).not.toMatch(/opened a store/);
    expect(failure.message).not.toContain('s3cret-pw');
  });

  it('refuses a bad URL with a clear error naming PARTNER_API_DB', async () => {
    for (const bad of ['mysql://u:p@host/db', 'postgres://', 'postgresql://host:5432', 'sqlite://relative.db', '  ']) {
      await expect(open(bad), bad).rejects.toThrow(StoreConfigError);
      await expect(open(bad), bad).rejects.toThrow(/PARTNER_API_DB/);
    }
  });
});
