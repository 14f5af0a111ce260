import { describe, expect, it } from 'vitest';
import { ZEventSchema, ZMapPlaceSchema, ZPlaceSchema, ZSourceSchema, type TEvent } from '@/lib/contract';
import { linkMarkerValue, renderLinkMarkers } from '@/partner-api/links/link-marker';
import { FIXTURE_NOW_MS, makeEventInput, openSqliteTestStore, type TestStore } from '@/partner-api/testing/fixtures';
import { assembleEventJson } from '../types';

async function readEvent(store: TestStore, id: number): Promise<TEvent> {
  const stored = await store.catalogue.getEvent(id);
  if (!stored) throw new Error(`event ${id} not found`);
  const json = assembleEventJson(stored, { commentaries: true, performers: true });
  return ZEventSchema.parse(JSON.parse(json));
}

describe('createEvent + serializer', () => {
  it('stores an event whose JSON is exactly the contract Event', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(
      makeEventInput({
        name: 'Jazz au Caveau',
        categories: ['musique/jazz'],
        partners: ['Billetterie Horizon', 'TicketSud'],
        performers: [{ name: 'Quartette Lumière', description: 'Jazz manouche' }],
        commentaries: [
          { grade: 4, content: 'Très bien', username: 'alice', dateMs: FIXTURE_NOW_MS - 1000 },
          { grade: 5, content: 'Superbe', username: 'bob', dateMs: FIXTURE_NOW_MS - 500 },
        ],
      }),
    );
    const event = await readEvent(store, id);
    expect(event.id).toBe(id);
    expect(event.name).toBe('Jazz au Caveau');
    expect(event.categories.map((c) => [c.mainCategory, c.subCategory])).toEqual([
      ['musique', null],
      ['musique', 'jazz'],
    ]);
    expect(event.sources).toHaveLength(2);
    expect(event.sources.map((s) => s.partner.name)).toEqual(['Billetterie Horizon', 'TicketSud']);
    expect(event.sources.map((s) => s.link)).toEqual(event.sources.map((s) => linkMarkerValue(s.id)));
    expect(event.lowestPrice).toBe(15);
    expect(event.highestPrice).toBe(30);
    expect(event.performers).toEqual([
      expect.objectContaining({ name: 'Quartette Lumière', description: 'Jazz manouche' }),
    ]);
    expect(event.commentaries.map((c) => c.grade)).toEqual([4, 5]);
    expect(event.averageGrade).toBe(4.5);
    expect(event.totalGrades).toBe(2);
    expect(event.image).toBe(`http://127.0.0.1:4000/images/event/${id}-main.svg`);
    expect(event.mapPlace?.periods[0]?.open.day).toBe(1);
    expect(event.createdAt).toBe(new Date(FIXTURE_NOW_MS).toISOString());
    expect(event.updatedAt).toBe(event.createdAt);
  });

  it('writes exactly the contract keys, no more (zod would silently strip extras)', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput({ performers: [{ name: 'Duo Soleil' }] }));
    const stored = await store.catalogue.getEvent(id);
    if (!stored) throw new Error('missing');
    const raw = JSON.parse(assembleEventJson(stored, { commentaries: true, performers: true })) as Record<
      string,
      Record<string, unknown> & { [key: string]: unknown }
    >;
    const keys = (value: unknown) => Object.keys(value as object).sort();
    expect(keys(raw)).toEqual(keys(ZEventSchema.shape));
    expect(keys(raw.place)).toEqual(keys(ZPlaceSchema.shape));
    expect(keys(raw.mapPlace)).toEqual(keys(ZMapPlaceSchema.shape));
    expect(keys((raw.sources as unknown as unknown[])[0])).toEqual(keys(ZSourceSchema.shape));
  });

  it('leaves commentaries and performers out unless asked, and keeps link markers swappable', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput({ performers: [{ name: 'Duo Soleil' }] }));
    const stored = await store.catalogue.getEvent(id);
    if (!stored) throw new Error('missing');
    const bare = JSON.parse(assembleEventJson(stored, { commentaries: false, performers: false })) as TEvent;
    expect(bare.performers).toEqual([]);
    const rendered = renderLinkMarkers(stored.body + ',"commentaries":[],"performers":[]}', (sourceId) =>
      JSON.stringify(`https://r.example/${sourceId}`).slice(1, -1),
    );
    const event = ZEventSchema.parse(JSON.parse(rendered));
    expect(event.sources[0]?.link).toBe(`https://r.example/${event.sources[0]?.id}`);
  });

  it('writes dates in the place time zone, DST-correct (summer +0200, winter +0100)', async () => {
    const store = openSqliteTestStore();
    const summer = await store.catalogue.createEvent(
      makeEventInput({ startMs: Date.UTC(2026, 6, 14, 19, 30), endMs: Date.UTC(2026, 6, 14, 22, 0) }),
    );
    const winter = await store.catalogue.createEvent(
      makeEventInput({ startMs: Date.UTC(2026, 11, 24, 19, 30), endMs: Date.UTC(2026, 11, 24, 22, 0) }),
    );
    // The night the clocks go back in Paris: 01:30 UTC is 03:30 +0200, 02:30 UTC is 03:30 +0100.
    const change = await store.catalogue.createEvent(
      makeEventInput({ startMs: Date.UTC(2026, 9, 25, 0, 30), endMs: Date.UTC(2026, 9, 25, 1, 30) }),
    );
    expect((await readEvent(store, summer)).startDate).toBe('2026-07-14 21:30:00.000 +0200');
    expect((await readEvent(store, summer)).endDate).toBe('2026-07-15 00:00:00.000 +0200');
    expect((await readEvent(store, winter)).startDate).toBe('2026-12-24 20:30:00.000 +0100');
    expect((await readEvent(store, change)).startDate).toBe('2026-10-25 02:30:00.000 +0200');
    expect((await readEvent(store, change)).endDate).toBe('2026-10-25 02:30:00.000 +0100');
    const montreal = await store.catalogue.createEvent(
      makeEventInput({
        place: {
          name: 'Salle Montréal',
          lng: -73.57,
          lat: 45.5,
          street: '1 rue Sainte-Catherine',
          city: 'Montréal',
          postalCode: 'H2X',
          country: 'CA',
          timeZone: 'America/Toronto',
        },
        startMs: Date.UTC(2026, 0, 10, 1, 0),
        endMs: Date.UTC(2026, 0, 10, 3, 0),
        withMapPlace: false,
      }),
    );
    expect((await readEvent(store, montreal)).startDate).toBe('2026-01-09 20:00:00.000 -0500');
  });

  it('positions an event at its map place, else at its place address', async () => {
    const store = openSqliteTestStore();
    const input = makeEventInput({ lng: 5.37, lat: 43.3 });
    const withMap = await store.catalogue.createEvent({
      ...input,
      mapPlace: { ...input.mapPlace!, lng: 5.38, lat: 43.31 },
    });
    const withoutMap = await store.catalogue.createEvent(
      makeEventInput({ lng: 4.83, lat: 45.76, withMapPlace: false }),
    );
    const rows = store.ctx.db
      .prepare('SELECT id, lng, lat FROM events WHERE id IN (?, ?) ORDER BY id')
      .all(withMap, withoutMap);
    expect(rows).toEqual([
      { id: withMap, lng: 5.38, lat: 43.31 },
      { id: withoutMap, lng: 4.83, lat: 45.76 },
    ]);
    expect((await readEvent(store, withoutMap)).mapPlace).toBeNull();
  });

  it('refuses unknown categories and end dates before start dates', async () => {
    const store = openSqliteTestStore();
    await expect(store.catalogue.createEvent(makeEventInput({ categories: ['opera-rock'] }))).rejects.toThrow(
      /unknown category/,
    );
    await expect(
      store.catalogue.createEvent(makeEventInput({ startMs: FIXTURE_NOW_MS, endMs: FIXTURE_NOW_MS - 1 })),
    ).rejects.toThrow(/invalid event dates/);
    expect(store.ctx.db.prepare('SELECT count(*) AS n FROM events').get()).toEqual({ n: 0 });
  });

  it('strips control characters from text so no text can forge a link marker', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput({ name: `Fête\u0001L1\u0002 du\u0007 quartier` }));
    expect((await readEvent(store, id)).name).toBe('FêteL1 du quartier');
  });
});
