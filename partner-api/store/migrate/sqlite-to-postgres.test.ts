import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { COMMANDS } from '@/partner-api/cli';
import { manualClock } from '@/partner-api/clock';
import { testServiceConfig } from '@/partner-api/env';
import { importItems } from '@/partner-api/ingest/import';
import { readFeed } from '@/partner-api/ingest/read-feed';
import type { ResolvedSource } from '@/partner-api/ingest/resolve';
import { openStore } from '@/partner-api/store/open-store';
import type { Store } from '@/partner-api/store/port';
import { FIXTURE_NOW_MS, makeEventInput, TEST_PUBLIC_URL } from '@/partner-api/testing/fixtures';
import { createPostgresTestDatabase } from '@/partner-api/testing/postgres-database';

/*
 * `migrate-store` copies a SQLite catalogue into PostgreSQL losslessly: the copy answers every read like the
 * source, and its change feed — what partners' mirrors and replicas follow — is the source's, stamp for stamp.
 */

const DAY_MS = 86_400_000;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'migrate-store-'));
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

async function feedOf(store: Store, from: number | null) {
  const head = await store.feed.changesSince(null, 1_000_000);
  const changes = from === null ? head : await store.feed.changesSince({ ...head.cursor, stamp: from }, 1_000_000);
  const json = await store.catalogue.eventJsonByIds(
    changes.events.map((event) => event.id),
    { commentaries: true, performers: true },
  );
  return { ...changes, json: json.map((buffer) => buffer.toString('utf8')) };
}

test('migrate-store copies a SQLite catalogue whose sync feed, records, clicks and clients are the source’s', async () => {
  const file = join(dir, 'source.sqlite');
  const clock = manualClock(FIXTURE_NOW_MS);
  const source = await openStore({ database: file, clock, publicUrl: TEST_PUBLIC_URL });
  const ids: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    clock.advance(1_000);
    ids.push(
      await source.catalogue.createEvent(
        makeEventInput({
          name: `Soirée n°${i} « spéciale »`,
          categories: i % 3 === 0 ? [] : ['musique/jazz'],
          performers: [{ id: 700 + (i % 4), name: `Groupe ${i % 4}` }],
          commentaries: [{ grade: 3.7, content: 'Tab\there\nnew line \\ backslash', username: 'é', dateMs: clock() }],
          partners: i % 2 ? ['TicketSud', 'Partenaire Neuf'] : ['Billetterie Horizon'],
          startMs: FIXTURE_NOW_MS + (i - 5) * DAY_MS,
          endMs: FIXTURE_NOW_MS + (i - 5) * DAY_MS + 7_200_000,
        }),
      ),
    );
  }
  const middle = await source.feed.lastUpdatedMs();
  await source.catalogue.cancelEvent(ids[3] as number);
  await source.catalogue.markUnavailable(ids[4] as number);
  await source.catalogue.deleteEvent(ids[5] as number);
  await source.catalogue.repriceEvent(ids[6] as number, { lowestPrice: 0.1, highestPrice: 1 / 3 });
  const [sourceId] = await source.samples.sourceIds(ids[7] as number);
  await source.clicks.recordClick({ clientId: 'demo', sourceId: sourceId as number, link: 'https://x/r/1' });
  await source.auth.createClient('partner', 'secret-hash', 5);
  await source.auth.createFamily('family', 'partner', 6);
  await source.auth.insertRefreshToken('token-hash', 'family', 6, FIXTURE_NOW_MS + DAY_MS);
  const rootSecret = await source.auth.sharedSecret('root', 'the-root-secret');
  await source.close();

  const url = await createPostgresTestDatabase();
  const config = testServiceConfig();
  expect(await COMMANDS['migrate-store']?.(['--from', file, '--to', url], config)).toBe(0);

  const sqlite = await openStore({ database: file, clock, publicUrl: TEST_PUBLIC_URL });
  const postgres = await openStore({ database: url, clock, publicUrl: TEST_PUBLIC_URL });
  try {
    const full = await feedOf(postgres, null);
    expect(full).toEqual(await feedOf(sqlite, null));
    expect(full.events).toHaveLength(29);
    const delta = await feedOf(postgres, middle);
    expect(delta).toEqual(await feedOf(sqlite, middle));
    expect(delta.deletedIds).toEqual([ids[5]]);
    expect(await postgres.feed.lastUpdatedMs()).toBe(await sqlite.feed.lastUpdatedMs());
    // The next write goes on after the source's last stamp, with the next id.
    const next = await postgres.catalogue.createEvent(makeEventInput());
    expect(next).toBe(Math.max(...ids) + 1);
    expect(await postgres.feed.lastUpdatedMs()).toBeGreaterThan(await sqlite.feed.lastUpdatedMs());

    for (const read of [
      (store: Store) => store.catalogue.getPerformer(701),
      (store: Store) => store.catalogue.getMapPlace('test-map-place-1'),
      (store: Store) => store.clicks.listClicks({ clientId: 'demo', afterMs: null, limit: 10, pageNumber: 1 }),
      (store: Store) => store.auth.listClients(),
      (store: Store) => store.auth.findRefreshToken('token-hash'),
      (store: Store) => store.samples.partnerNames(),
      (store: Store) => store.search.search({ text: 'soiree speciale', point: null, types: ['events'], limit: 5 }),
    ]) {
      expect(await read(postgres)).toEqual(await read(sqlite));
    }
    expect(await postgres.auth.sharedSecret('root', 'another')).toBe(rootSecret);
    // Clicks go on with fresh ids after the copied ones.
    await postgres.clicks.recordClick({ clientId: 'demo', sourceId: sourceId as number, link: 'https://x/r/2' });
    expect(
      (await postgres.clicks.listClicks({ clientId: 'demo', afterMs: null, limit: 10, pageNumber: 1 })).totalItems,
    ).toBe(2);
  } finally {
    await sqlite.close();
    await postgres.close();
  }

  // A database that already holds a catalogue is refused, and left as it was.
  expect(await COMMANDS['migrate-store']?.(['--from', file, '--to', url], config)).toBe(1);
  expect(await COMMANDS['migrate-store']?.(['--from', file, '--to', 'mysql://nope'], config)).toBe(2);
});

test('migrate-store copies ingestion: partners’ terms and keys, source records with their events, venues, artists', async () => {
  const fixture = (name: string) => readFileSync(new URL(`../../ingest/fixtures/${name}`, import.meta.url), 'utf8');
  const file = join(dir, 'ingested.sqlite');
  const clock = manualClock(FIXTURE_NOW_MS);
  const importInto = (store: Store, partner: string, text: string, format: 'ical' | 'jsonld') =>
    importItems(store, readFeed(text, format, { html: format === 'jsonld' }), { partner, format, nowMs: clock() });
  const source = await openStore({ database: file, clock, publicUrl: TEST_PUBLIC_URL });
  await source.ingest.savePartner({
    name: 'Partenaire Neuf',
    logo: '',
    backColor: '#123456',
    timeZone: 'America/Montreal',
    commissionFix: 0.4,
    commissionPerTicket: 0.1,
    commissionPerCart: 0.2,
    commissionRate: 0.05,
  });
  await source.ingest.addKey('Partenaire Neuf', 'key-hash', FIXTURE_NOW_MS);
  await importInto(source, 'Billetterie Horizon', fixture('concerts-horizon.ics'), 'ical');
  const merged = await importInto(source, 'TicketSud', fixture('concerts-ticketsud.html'), 'jsonld');
  expect(merged.merged).toBeGreaterThan(0);
  const head = await source.feed.changesSince(null, 1_000);
  const eventIds = head.events.map((event) => event.id);
  await source.close();

  const url = await createPostgresTestDatabase();
  expect(await COMMANDS['migrate-store']?.(['--from', file, '--to', url], testServiceConfig())).toBe(0);

  const sqlite = await openStore({ database: file, clock, publicUrl: TEST_PUBLIC_URL });
  const postgres = await openStore({ database: url, clock, publicUrl: TEST_PUBLIC_URL });
  try {
    for (const read of [
      (store: Store) => store.ingest.partner('Partenaire Neuf'),
      (store: Store) => store.ingest.partnerOfKey('key-hash'),
      (store: Store) => store.ingest.sourcesByEvents(eventIds),
      (store: Store) => store.ingest.partnerRefsEndingAfter('TicketSud', 0),
    ]) {
      expect(await read(postgres)).toEqual(await read(sqlite));
    }
    expect((await postgres.ingest.sourcesByEvents(eventIds)).length).toBeGreaterThan(eventIds.length);
    // The copy knows every record: the same feeds again change nothing on it.
    const stamp = await postgres.feed.lastUpdatedMs();
    expect(await importInto(postgres, 'TicketSud', fixture('concerts-ticketsud.html'), 'jsonld')).toMatchObject({
      created: 0,
      merged: 0,
      updated: 0,
    });
    expect(await importInto(postgres, 'Billetterie Horizon', fixture('concerts-horizon.ics'), 'ical')).toMatchObject({
      created: 0,
      merged: 0,
      updated: 0,
    });
    expect(await postgres.feed.lastUpdatedMs()).toBe(stamp);
    // A new partner's record of a known concert joins its event (venues and records carried over, ids going on).
    const [row] = await postgres.ingest.sourcesByEvents([eventIds[0] as number]);
    const { record } = JSON.parse((row as { data: string }).data) as ResolvedSource;
    const summary = await importItems(
      postgres,
      [{ position: 1, unit: 'line', value: { ...record, id: 'neuf-1', link: 'https://neuf.example/1' } }],
      { partner: 'Partenaire Neuf', format: 'ndjson', nowMs: clock() },
    );
    expect(summary).toMatchObject({ merged: 1, created: 0, rejected: [] });
    expect((await postgres.ingest.sourcesByRefs('Partenaire Neuf', ['neuf-1']))[0]?.eventId).toBe(eventIds[0]);
  } finally {
    await sqlite.close();
    await postgres.close();
  }
});
