import pg from 'pg';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { manualClock } from '@/partner-api/clock';
import { openStore } from '@/partner-api/store/open-store';
import type { IndexedEvent, Store } from '@/partner-api/store/port';
import { seedCatalogue } from '@/partner-api/seed/seed-catalogue';
import { FIXTURE_NOW_MS, TEST_PUBLIC_URL } from '@/partner-api/testing/fixtures';
import { createPostgresTestDatabase } from '@/partner-api/testing/postgres-database';

/*
 * The per-process copy of served event JSON (reads.ts, EventJsonCache): a page asked for with the versions the
 * EventIndex holds is served from the copy when it holds those versions, read again when a version differs, and a new
 * catalogue generation (a reseed with reset, which may reuse ids and stamps) leaves nothing of the old one to serve.
 */

const ALL_PARTS = { commentaries: true, performers: true };
const text = (buffers: Buffer[]) => buffers.map((buffer) => buffer.toString('utf8'));

let url: string;
let store: Store;
let sql: pg.Client;

beforeEach(async () => {
  url = await createPostgresTestDatabase();
  store = await openStore({ database: url, clock: manualClock(FIXTURE_NOW_MS), publicUrl: TEST_PUBLIC_URL });
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
});

afterEach(async () => {
  await sql.end();
  await store.close();
});

/** The catalogue as an EventIndex learns it from the feed: ids and versions. */
async function indexed(cursor: Parameters<Store['feed']['changesSince']>[0] = null) {
  const answer = await store.feed.changesSince(cursor, 10_000);
  const events: IndexedEvent[] = [...answer.events].sort((a, b) => a.id - b.id);
  return { answer, ids: events.map((e) => e.id), versions: events.map((e) => e.updatedMs) };
}

/** Changes an event's stored body without a write's stamp: only a read of the row can see it. */
async function changeBehindTheStore(id: number): Promise<void> {
  await sql.query(`UPDATE events SET body = replace(body, '"name":"', '"name":"(changed) ') WHERE id = $1`, [id]);
}

describe('the per-process copy of event JSON on PostgreSQL', () => {
  test('serves the versions it holds, and reads an event again when its version differs', async () => {
    await seedCatalogue(store.seeding, { events: 30, seed: 'copy', now: FIXTURE_NOW_MS });
    const { ids, versions } = await indexed();
    const served = text(await store.catalogue.eventJsonByIds(ids, ALL_PARTS, versions));
    expect(served).toEqual(text(await store.catalogue.eventJsonByIds(ids, ALL_PARTS)));

    await changeBehindTheStore(ids[3]!);
    // Same versions: the copy answers, without reading the row.
    expect(text(await store.catalogue.eventJsonByIds(ids, ALL_PARTS, versions))).toEqual(served);
    // Another version of one event (as after a write the index learned of): that one is read again, the rest kept.
    const newer = versions.map((v, i) => (i === 3 ? v + 1 : v));
    const again = text(await store.catalogue.eventJsonByIds(ids, ALL_PARTS, newer));
    expect(again[3]).toContain('"name":"(changed) ');
    expect(again.filter((json, i) => json !== served[i])).toHaveLength(1);
    // Each combination of parts is its own copy.
    const bare = text(await store.catalogue.eventJsonByIds(ids, { commentaries: false, performers: false }, versions));
    expect(bare[3]).toContain('"name":"(changed) ');
  });

  test('a write is served once the caller asks for its version; an event the caller no longer holds is read, and skipped', async () => {
    await seedCatalogue(store.seeding, { events: 10, seed: 'copy', now: FIXTURE_NOW_MS });
    const first = await indexed();
    await store.catalogue.eventJsonByIds(first.ids, ALL_PARTS, first.versions);
    await store.catalogue.updateEvent(first.ids[0]!, { name: 'Renommé' });
    await store.catalogue.deleteEvent(first.ids[1]!);
    const next = await indexed(first.answer.cursor);
    const version = next.versions[next.ids.indexOf(first.ids[0]!)]!;
    // An index that learned of both holds the new version of the first and no longer holds the second (NaN).
    const page = text(
      await store.catalogue.eventJsonByIds(first.ids, ALL_PARTS, [version, NaN, ...first.versions.slice(2)]),
    );
    expect(page).toHaveLength(first.ids.length - 1);
    expect(page[0]).toContain('"name":"Renommé"');
  });

  test('a new catalogue generation leaves no copy of the old one to serve', async () => {
    const options = { events: 40, seed: 'generation one', now: FIXTURE_NOW_MS };
    await seedCatalogue(store.seeding, options);
    const old = await indexed();
    const servedBefore = text(await store.catalogue.eventJsonByIds(old.ids, ALL_PARTS, old.versions));

    await seedCatalogue(store.seeding, { ...options, seed: 'generation two', reset: true });
    const renewed = await indexed(old.answer.cursor);
    expect(renewed.answer.reset).toBe(true);
    // The same ids and stamps, other content: the seed draws stamps from `now` and the event count alone.
    expect(renewed.ids).toEqual(old.ids);
    expect(renewed.versions).toEqual(old.versions);
    // Asked for with those versions, each event is the new catalogue's, read from it.
    const served = text(await store.catalogue.eventJsonByIds(old.ids, ALL_PARTS, old.versions));
    expect(served).not.toEqual(servedBefore);
    expect(served).toEqual(text(await store.catalogue.eventJsonByIds(old.ids, ALL_PARTS)));
  });
});
