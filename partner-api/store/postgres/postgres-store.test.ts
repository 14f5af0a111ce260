import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { manualClock } from '@/partner-api/clock';
import { openStore } from '@/partner-api/store/open-store';
import type { Store } from '@/partner-api/store/port';
import type { EventInput } from '@/partner-api/store/types';
import { FIXTURE_NOW_MS, makeEventInput, TEST_PUBLIC_URL } from '@/partner-api/testing/fixtures';
import { seedCatalogue } from '@/partner-api/seed/seed-catalogue';
import { createPostgresTestDatabase } from '@/partner-api/testing/postgres-database';

/*
 * The PostgreSQL store against the SQLite store, operation by operation: the same writes on both must leave the
 * same stored JSON, the same change feed, the same catalogue state changes, the same searches and records.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let clock: ReturnType<typeof manualClock>;
let postgres: Store;
let sqlite: Store;

beforeEach(async () => {
  clock = manualClock(FIXTURE_NOW_MS);
  const url = await createPostgresTestDatabase();
  postgres = await openStore({ database: url, clock, publicUrl: TEST_PUBLIC_URL });
  sqlite = await openStore({ database: ':memory:', clock, publicUrl: TEST_PUBLIC_URL });
});

afterEach(async () => {
  await postgres.close();
  await sqlite.close();
});

/** Runs the same step on both stores, one after the other (same clock), and returns both answers. */
async function both<T>(step: (store: Store) => Promise<T>): Promise<{ sqlite: T; postgres: T }> {
  const onSqlite = await step(sqlite);
  const onPostgres = await step(postgres);
  return { sqlite: onSqlite, postgres: onPostgres };
}

async function expectSame<T>(step: (store: Store) => Promise<T>): Promise<T> {
  const answers = await both(step);
  expect(answers.postgres).toEqual(answers.sqlite);
  return answers.postgres;
}

const text = (buffers: Buffer[]) => buffers.map((buffer) => buffer.toString('utf8'));

/** A small catalogue with what the serializer and searches care about: accents, performers, commentaries. */
function catalogueInputs(): EventInput[] {
  const tomorrow = FIXTURE_NOW_MS + DAY_MS;
  return [
    makeEventInput({
      name: 'Festival de Jazz à Montréal-sur-Loire',
      categories: ['musique/jazz', 'festival'],
      performers: [
        { id: 501, name: 'Élodie Frégé' },
        { name: 'Les Œuvres Vives', identityConfirmed: false },
      ],
      commentaries: [{ grade: 4.5, content: 'Superbe « soirée »\nvraiment', username: 'zoé', dateMs: FIXTURE_NOW_MS }],
      partners: ['Billetterie Horizon', 'TicketSud'],
      startMs: tomorrow,
      endMs: tomorrow + 3 * HOUR_MS,
    }),
    makeEventInput({
      name: 'Théâtre : Cyrano de Bergerac',
      categories: ['spectacle/theatre'],
      lng: 4.8357,
      lat: 45.764,
      city: 'Lyon',
      prices: null,
      performers: [{ id: 501, name: 'Élodie Frégé' }],
    }),
    makeEventInput({
      name: 'Exposition photographie',
      categories: [],
      startMs: FIXTURE_NOW_MS - 10 * DAY_MS,
      endMs: FIXTURE_NOW_MS + 30 * DAY_MS,
      withMapPlace: false,
      partners: ['Un partenaire nouveau'],
    }),
  ];
}

describe('PostgreSQL store, compared with SQLite', () => {
  test('creates store the same event JSON, records and feed', async () => {
    const ids: number[] = [];
    const inputs = catalogueInputs();
    for (const input of inputs) {
      clock.advance(1_000);
      ids.push(await expectSame((store) => store.catalogue.createEvent(input)));
    }
    for (const id of ids) await expectSame((store) => store.catalogue.getEvent(id));
    await expectSame(async (store) =>
      text(
        await store.catalogue.eventJsonByIds([ids[2] as number, 999, ids[0] as number], {
          commentaries: true,
          performers: false,
        }),
      ),
    );
    const feeds = await both((store) => store.feed.changesSince(null, 100));
    expect(feeds.postgres.reset).toBe(true);
    expect(feeds.postgres.events).toEqual(feeds.sqlite.events);
    expect(feeds.postgres.cursor.stamp).toBe(feeds.sqlite.cursor.stamp);
    expect(feeds.postgres.events.map((event) => event.id)).toEqual(ids);
    await expectSame((store) => store.catalogue.getPerformer(501));
    await expectSame((store) => store.catalogue.getMapPlace(inputs[0]?.mapPlace?.id ?? ''));
    await expectSame((store) => store.catalogue.findEventIdByServiceId(ids[1] as number));
    await expectSame((store) => store.catalogue.isEmpty());
    await expectSame((store) => store.images.imageSubject('event', ids[0] as number));
    await expectSame((store) => store.samples.partnerNames());
  });

  test('every kind of write gives the same stamps, JSON, deltas and state changes', async () => {
    const ids: number[] = [];
    for (const input of catalogueInputs()) ids.push(await expectSame((store) => store.catalogue.createEvent(input)));
    const [first, second, third] = ids as [number, number, number];
    const since = FIXTURE_NOW_MS;
    clock.advance(60_000);
    // A frozen clock: stamps must still go up by one millisecond a write.
    await expectSame((store) =>
      store.catalogue.repriceEvent(first, { lowestPrice: 9.5, highestPrice: 12, isGoodDeal: true }),
    );
    await expectSame((store) => store.catalogue.cancelEvent(second));
    await expectSame((store) => store.catalogue.markUnavailable(first));
    await expectSame((store) =>
      store.catalogue.changeAvailabilities(first, {
        availableDates: [{ startMs: FIXTURE_NOW_MS + DAY_MS, endMs: FIXTURE_NOW_MS + 2 * DAY_MS }],
        cantRetrieveAvailableDates: true,
      }),
    );
    await expectSame((store) =>
      store.catalogue.updateEvent(third, {
        name: 'Exposition renommée',
        categories: ['expo/photographie'],
        sources: [{ partner: 'PlaceLibre', lowestPrice: 3, highestPrice: null, link: 'https://example.com/x' }],
        performers: [{ name: 'Nouvel Artiste' }],
        commentaries: [],
      }),
    );
    await expectSame((store) => store.catalogue.deleteEvent(second));
    await expectSame((store) => store.catalogue.deleteEvent(second));
    await expectSame((store) => store.catalogue.updateEvent(424242, { name: 'absent' }));
    for (const id of ids) await expectSame((store) => store.catalogue.getEvent(id));
    await expectSame((store) => store.feed.lastUpdatedMs());

    const deltas = await both(async (store) => {
      const { cursor: head } = await store.feed.changesSince(null, 1_000);
      let cursor = { generation: head.generation, stamp: since };
      const pages = [];
      // Pages of one event: the cursor walks the stamps one by one.
      for (let i = 0; i < 50; i++) {
        const page = await store.feed.changesSince(cursor, 1);
        pages.push({ ...page, cursor: page.cursor.stamp });
        cursor = page.cursor;
        if (page.complete) break;
      }
      return pages;
    });
    expect(deltas.postgres.at(-1)?.complete).toBe(true);
    expect(deltas.postgres).toEqual(deltas.sqlite);

    for (const trackAvailabilities of [false, true]) {
      await expectSame((store) =>
        store.catalogue.cataloguePage({
          ids: [first, third],
          since,
          trackAvailabilities,
          withStateChanges: true,
          tombstoneHorizonMs: since - 30 * DAY_MS,
        }),
      );
    }
    // Page 2 of a delta carries no state changes.
    const later = await expectSame((store) =>
      store.catalogue.cataloguePage({
        ids: [third],
        since,
        trackAvailabilities: true,
        withStateChanges: false,
        tombstoneHorizonMs: since - 30 * DAY_MS,
      }),
    );
    expect(later).toMatchObject({ kind: 'page', changes: { cancelled: [], notAvailable: [], deleted: [] } });
    // Once the deletion's tombstone is purged, a cursor before it must resync.
    const purged = await expectSame((store) =>
      store.catalogue.cataloguePage({
        ids: [],
        since,
        trackAvailabilities: false,
        withStateChanges: true,
        tombstoneHorizonMs: clock() + DAY_MS,
      }),
    );
    expect(purged).toEqual({ kind: 'resync-required' });
  });

  test('searches find and rank the same results', async () => {
    for (const input of catalogueInputs()) await expectSame((store) => store.catalogue.createEvent(input));
    const manouche = makeEventInput({ name: 'Concert de jazz manouche', performers: [{ name: 'Django Quintette' }] });
    await expectSame((store) => store.catalogue.createEvent(manouche));
    const queries = [
      'jazz',
      'festival jaz',
      'montreal',
      'cyrano bergerak',
      'theatre lyon',
      'oeuvres',
      'salle',
      'élodie',
      'xyz',
    ];
    for (const query of queries) {
      for (const point of [null, { lng: 4.83, lat: 45.76 }]) {
        const answers = await expectSame((store) =>
          store.search.search({ text: query, point, types: ['events', 'places', 'performers'], limit: 10 }),
        );
        if (query === 'jazz') expect(answers.length).toBeGreaterThan(1);
      }
    }
    const typo = await expectSame((store) =>
      store.search.search({ text: 'bergerak', point: null, types: ['events'], limit: 5 }),
    );
    expect(typo).toHaveLength(1);
    await expectSame((store) => store.search.searchPerformer('elodie frege'));
    await expectSame((store) => store.search.searchPerformer('Les Oeuvres Vives'));
    await expectSame((store) => store.search.searchPlace('salle test', { lng: 2.35, lat: 48.85 }));
  });

  test('clicks, clients, tokens and the shared secret behave alike', async () => {
    const input = makeEventInput({ prices: [20, 40] });
    const id = await expectSame((store) => store.catalogue.createEvent(input));
    const [sourceId] = await expectSame((store) => store.samples.sourceIds(id));
    expect(sourceId).toBeDefined();
    await expectSame((store) =>
      store.clicks.recordClick({ clientId: 'demo', sourceId: sourceId as number, link: 'l1' }),
    );
    clock.advance(5);
    await expectSame((store) => store.clicks.recordClick({ clientId: 'demo', sourceId: 999_999, link: 'l2' }));
    await expectSame((store) =>
      store.clicks.recordClick({
        clientId: 'demo',
        sourceId: sourceId as number,
        link: 'l3',
        atMs: FIXTURE_NOW_MS + 7,
      }),
    );
    await expectSame((store) => store.clicks.listClicks({ clientId: 'demo', afterMs: null, limit: 10, pageNumber: 1 }));
    await expectSame((store) =>
      store.clicks.listClicks({ clientId: 'demo', afterMs: FIXTURE_NOW_MS, limit: 1, pageNumber: 2 }),
    );
    await expectSame((store) => store.clicks.hasClicks(['demo-b', 'demo']));

    await expectSame((store) => store.auth.createClient('partner', 'hash', 1));
    await expectSame((store) => store.auth.createClient('partner', 'other', 2));
    await expectSame((store) => store.auth.listClients());
    await expectSame((store) => store.auth.activeClientSecretHash('partner'));
    await expectSame((store) => store.auth.createFamily('f1', 'partner', 10));
    await expectSame((store) => store.auth.insertRefreshToken('r1', 'f1', 10, 100));
    await expectSame((store) => store.auth.findRefreshToken('r1'));
    await expectSame((store) => store.auth.markRefreshTokenUsed('r1', 20));
    await expectSame((store) => store.auth.markRefreshTokenUsed('r1', 21));
    await expectSame((store) => store.auth.revokeFamily('f1', 30));
    await expectSame((store) => store.auth.isFamilyRevoked('f1'));
    await expectSame((store) => store.auth.isFamilyRevoked('nope'));
    await expectSame((store) => store.auth.purgeTokens(1_000));
    await expectSame((store) => store.auth.findRefreshToken('r1'));
    const secret = await both((store) => store.auth.sharedSecret('root', `candidate-${store.kind}`));
    expect(secret.postgres).toBe('candidate-postgres');
    expect(await postgres.auth.sharedSecret('root', 'another')).toBe('candidate-postgres');
  });

  test('a bulk load through COPY gives the catalogue a SQLite load gives, and a reset replaces it', async () => {
    const options = { events: 400, seed: 'copy', now: FIXTURE_NOW_MS, batchSize: 150 };
    const stats = await expectSame((store) =>
      seedCatalogue(store.seeding, options).then(({ durationMs: _, ...rest }) => rest),
    );
    expect(stats.events).toBe(400);
    const walk = async (store: Store) => {
      const { events, cursor } = await store.feed.changesSince(null, 10_000);
      const json = await store.catalogue.eventJsonByIds(
        events.map((event) => event.id),
        { commentaries: true, performers: true },
      );
      return { events, stamp: cursor.stamp, json: text(json) };
    };
    const seeded = await expectSame(walk);
    expect(seeded.events).toHaveLength(400);
    await expectSame((store) => store.seeding.sourceStarts());
    await expectSame((store) =>
      store.search.search({
        text: 'concert',
        point: { lng: 2.35, lat: 48.85 },
        types: ['events', 'places', 'performers'],
        limit: 20,
      }),
    );
    // Not empty: a load without reset is refused; with reset, the new catalogue starts a new generation.
    await expect(postgres.seeding.beginSeed({ reset: false })).rejects.toThrow(/not empty/);
    const before = await postgres.feed.changesSince(null, 1);
    await seedCatalogue(postgres.seeding, { ...options, events: 50, reset: true });
    const after = await postgres.feed.changesSince(before.cursor, 10_000);
    expect(after.reset).toBe(true);
    expect(after.events).toHaveLength(50);
  });

  test('a seed through the ingestion path gives, on both stores, the catalogue a direct bulk load gives', async () => {
    const options = { events: 400, seed: 'through ingestion', now: FIXTURE_NOW_MS, batchSize: 150, reset: true };
    const walk = async (store: Store) => {
      const { events, cursor } = await store.feed.changesSince(null, 10_000);
      const ids = events.map((event) => event.id);
      const json = await store.catalogue.eventJsonByIds(ids, { commentaries: true, performers: true });
      const records = await store.ingest.sourcesByEvents(ids);
      return { events, stamp: cursor.stamp, json: text(json), records: records.length };
    };
    await both((store) => seedCatalogue(store.seeding, options));
    const bulk = await expectSame(walk);
    expect(bulk.records).toBe(0);
    const stats = await expectSame((store) =>
      seedCatalogue(store.seeding, { ...options, ingestion: true }).then(({ durationMs: _, ...rest }) => rest),
    );
    expect(stats.sourceRecords).toBe(stats.sources);
    const ingested = await expectSame(walk);
    expect({ ...ingested, records: 0 }).toEqual(bulk);
    expect(ingested.records).toBe(stats.sources);
    await expectSame((store) => store.ingest.sourcesByEvents(ingested.events.map((event) => event.id)));
    await expectSame((store) => store.seeding.sourceStarts());
  });

  test('event JSON read again after each kind of write is the new one, in every combination of parts', async () => {
    const input = makeEventInput({ commentaries: [{ grade: 2, content: 'x', username: 'y', dateMs: FIXTURE_NOW_MS }] });
    const id = await expectSame((store) => store.catalogue.createEvent(input));
    const other = makeEventInput();
    const otherId = await expectSame((store) => store.catalogue.createEvent(other));
    const combinations = [
      { commentaries: false, performers: false },
      { commentaries: true, performers: false },
      { commentaries: true, performers: true },
    ];
    const readAll = () =>
      expectSame(async (store) => {
        const pages = [];
        for (const options of combinations) {
          pages.push(text(await store.catalogue.eventJsonByIds([otherId, id, 404], options)));
        }
        return pages;
      });
    const first = await readAll();
    expect(await readAll()).toEqual(first);
    await expectSame((store) => store.catalogue.updateEvent(id, { name: 'Nouveau nom', commentaries: [] }));
    const renamed = await readAll();
    expect(renamed[2]?.[1]).toContain('Nouveau nom');
    expect(renamed).not.toEqual(first);
    await expectSame((store) => store.catalogue.repriceEvent(id, { lowestPrice: 1, highestPrice: 2 }));
    await readAll();
    await expectSame((store) => store.catalogue.deleteEvent(id));
    expect((await readAll())[0]).toHaveLength(1);
  });

  test('keys PostgreSQL cannot store or hold find nothing, as on SQLite', async () => {
    await expectSame((store) => store.catalogue.getMapPlace('place\u0000'));
    await expectSame((store) => store.catalogue.getPerformer(2 ** 31));
    await expectSame((store) => store.catalogue.getPerformer(Number.MAX_SAFE_INTEGER));
    await expectSame((store) => store.catalogue.getEvent(Number.MAX_SAFE_INTEGER));
    await expectSame((store) => store.auth.activeClientSecretHash('demo\u0000'));
    await expectSame((store) => store.auth.findRefreshToken('\u0000'));
    await expectSame((store) => store.search.searchPlace('a\u0000b', { lng: 2.35, lat: 48.85 }));
  });

  test('bad input is refused alike and leaves nothing behind', async () => {
    const bad = makeEventInput({ categories: ['nope'] });
    await expect(sqlite.catalogue.createEvent(bad)).rejects.toThrow(/unknown category/);
    await expect(postgres.catalogue.createEvent(bad)).rejects.toThrow(/unknown category/);
    await expectSame((store) => store.catalogue.isEmpty());
    await expectSame((store) => store.feed.lastUpdatedMs());
  });
});
