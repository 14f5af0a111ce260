import { describe, expect, it } from 'vitest';
import { ZEventSchema, type TEvent } from '@/lib/contract';
import { manualClock } from '@/partner-api/clock';
import { FIXTURE_NOW_MS, makeEventInput, openSqliteTestStore, type TestStore } from '@/partner-api/testing/fixtures';
import { assembleEventJson } from '../types';

async function readEvent(store: TestStore, id: number): Promise<TEvent> {
  const stored = await store.catalogue.getEvent(id);
  if (!stored) throw new Error(`event ${id} not found`);
  return ZEventSchema.parse(JSON.parse(assembleEventJson(stored, { commentaries: true, performers: true })));
}

describe('event writes', () => {
  it('bump updatedAt strictly on every write, even with a frozen clock', async () => {
    const store = openSqliteTestStore(); // manual clock: never moves by itself
    const a = await store.catalogue.createEvent(makeEventInput());
    const b = await store.catalogue.createEvent(makeEventInput());
    const stamps = [(await readEvent(store, a)).updatedAt, (await readEvent(store, b)).updatedAt];
    const writes = [
      () => store.catalogue.updateEvent(a, { name: 'Nouveau nom' }),
      () => store.catalogue.repriceEvent(b, { lowestPrice: 0, highestPrice: 0 }),
      () => store.catalogue.changeAvailabilities(a, { availableDates: [] }),
      () => store.catalogue.cancelEvent(b),
      () => store.catalogue.markUnavailable(a),
    ];
    for (const write of writes) {
      const updatedMs = await write();
      expect(updatedMs).not.toBeNull();
      stamps.push(new Date(updatedMs as number).toISOString());
    }
    const ms = stamps.map((s) => Date.parse(s));
    for (let i = 1; i < ms.length; i += 1) expect(ms[i]).toBeGreaterThan(ms[i - 1] as number);
    expect(ms[0]).toBe(FIXTURE_NOW_MS);
    expect((await readEvent(store, a)).updatedAt).toBe(stamps[stamps.length - 1]);
  });

  it('follow the clock when it moves, and never go back when it does', async () => {
    const clock = manualClock(FIXTURE_NOW_MS);
    const store = openSqliteTestStore({ clock });
    const id = await store.catalogue.createEvent(makeEventInput());
    clock.advance(60_000);
    expect(await store.catalogue.cancelEvent(id)).toBe(FIXTURE_NOW_MS + 60_000);
    clock.set(FIXTURE_NOW_MS - 3_600_000);
    expect(await store.catalogue.updateEvent(id, { name: 'x' })).toBe(FIXTURE_NOW_MS + 60_001);
  });

  it('updateEvent changes fields, moves the R*Tree box and re-derives prices from new sources', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput({ lng: 2.35, lat: 48.85 }));
    const startMs = Date.UTC(2026, 7, 1, 18);
    await store.catalogue.updateEvent(id, {
      name: 'Théâtre en plein air',
      startMs,
      endMs: startMs + 7_200_000,
      categories: ['spectacle/theatre'],
      mapPlace: { id: 'lyon-1', name: 'Théâtre de Fourvière', lng: 4.82, lat: 45.76, city: 'Lyon' },
      sources: [
        { partner: 'TicketSud', lowestPrice: 12, highestPrice: 40, link: 'https://ticketsud.example.com/a' },
        {
          partner: 'Nouveau Partenaire',
          lowestPrice: 8,
          highestPrice: 20,
          isGoodDeal: true,
          link: 'https://n.example.com/b',
        },
      ],
    });
    const event = await readEvent(store, id);
    expect(event.name).toBe('Théâtre en plein air');
    expect(event.startDate).toBe('2026-08-01 20:00:00.000 +0200');
    expect(event.categories.map((c) => c.subCategory ?? c.mainCategory)).toEqual(['spectacle', 'theatre']);
    expect(event.mapPlace?.name).toBe('Théâtre de Fourvière');
    expect([event.lowestPrice, event.highestPrice, event.hasGoodDeal]).toEqual([8, 40, true]);
    expect(event.sources.map((s) => s.partner.name)).toEqual(['TicketSud', 'Nouveau Partenaire']);
    const mask = store.ctx.db.prepare('SELECT category_mask FROM events WHERE id = ?').get(id);
    expect(mask).toEqual({ category_mask: 1 << 18 });
  });

  it('keep source ids across writes (tracked links refer to them)', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput({ partners: ['TicketSud', 'PlaceLibre'] }));
    const before = (await readEvent(store, id)).sources.map((s) => s.id);
    await store.catalogue.repriceEvent(id, { lowestPrice: 5, highestPrice: 9, isGoodDeal: true });
    await store.catalogue.markUnavailable(id);
    const event = await readEvent(store, id);
    expect(event.sources.map((s) => s.id)).toEqual(before);
    expect(event.sources.map((s) => [s.lowestPrice, s.highestPrice, s.isGoodDeal])).toEqual([
      [5, 9, true],
      [5, 9, true],
    ]);
    expect([event.lowestPrice, event.highestPrice, event.hasGoodDeal]).toEqual([5, 9, true]);
    expect(event.notAvailableAt).toBe(event.updatedAt);
    expect(event.sources.every((s) => s.notAvailableAt === event.updatedAt && !s.isBookable)).toBe(true);
  });

  it('cancelEvent stamps cancelledAt once; changeAvailabilities replaces one source’s dates', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput({ partners: ['TicketSud', 'PlaceLibre'] }));
    const first = await store.catalogue.cancelEvent(id);
    await store.catalogue.cancelEvent(id);
    expect((await readEvent(store, id)).cancelledAt).toBe(new Date(first as number).toISOString());
    const [s1, s2] = (await readEvent(store, id)).sources;
    const startMs = Date.UTC(2026, 0, 15, 19); // winter: +0100
    const updated = await store.catalogue.changeAvailabilities(id, {
      sourceId: s2?.id,
      availableDates: [{ startMs, endMs: startMs + 3_600_000, hasUnknownAvailability: true }],
    });
    const event = await readEvent(store, id);
    expect(event.sources[0]?.availableDates).toEqual(s1?.availableDates);
    expect(event.sources[1]?.availableDates).toEqual([
      {
        startDate: '2026-01-15 20:00:00.000 +0100',
        endDate: '2026-01-15 21:00:00.000 +0100',
        hasEndDateNotReliable: false,
        hasUnknownAvailability: true,
      },
    ]);
    expect(store.ctx.db.prepare('SELECT availability_changed_ms AS t FROM events WHERE id = ?').get(id)).toEqual({
      t: updated,
    });
  });

  it('deleteEvent hides the event, writes a tombstone after every earlier updatedAt and empties its rows', async () => {
    const store = openSqliteTestStore();
    const keep = await store.catalogue.createEvent(makeEventInput());
    const gone = await store.catalogue.createEvent(makeEventInput({ performers: [{ name: 'Les Cigales' }] }));
    const lastUpdated = (await store.catalogue.cancelEvent(keep)) as number;
    const deletedMs = await store.catalogue.deleteEvent(gone);
    expect(deletedMs).toBeGreaterThan(lastUpdated);
    expect(await store.catalogue.getEvent(gone)).toBeNull();
    expect(await store.catalogue.getEvent(keep)).not.toBeNull();
    const db = store.ctx.db;
    expect(db.prepare('SELECT event_id, deleted_ms FROM tombstones').all()).toEqual([
      { event_id: gone, deleted_ms: deletedMs },
    ]);
    for (const table of ['sources', 'event_categories', 'event_performers', 'commentaries']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table} WHERE event_id = ?`).get(gone)).toEqual({ n: 0 });
    }
    // Writes on a deleted or unknown event report it; its id is never reused.
    expect(await store.catalogue.deleteEvent(gone)).toBeNull();
    expect(await store.catalogue.cancelEvent(gone)).toBeNull();
    expect(await store.catalogue.updateEvent(9999, { name: 'x' })).toBeNull();
    expect(await store.catalogue.createEvent(makeEventInput())).toBe(gone + 1);
  });

  it('never reuses the id of a deleted event, even once its tombstone is pruned', async () => {
    const store = openSqliteTestStore();
    await store.catalogue.createEvent(makeEventInput());
    const last = await store.catalogue.createEvent(makeEventInput());
    await store.catalogue.deleteEvent(last);
    store.ctx.db.exec('DELETE FROM tombstones');
    expect(await store.catalogue.createEvent(makeEventInput())).toBe(last + 1);
  });

  it('refuses negative, non-finite or inverted prices, non-finite scores and grades outside 0–5, changing nothing', async () => {
    const store = openSqliteTestStore();
    const id = await store.catalogue.createEvent(makeEventInput());
    await expect(store.catalogue.createEvent(makeEventInput({ prices: [-1, 5] }))).rejects.toThrow(/invalid price/);
    await expect(store.catalogue.createEvent(makeEventInput({ lowestPrice: 9, highestPrice: 3 }))).rejects.toThrow(
      /above/,
    );
    await expect(store.catalogue.repriceEvent(id, { lowestPrice: Number.NaN, highestPrice: 3 })).rejects.toThrow(
      /invalid price/,
    );
    await expect(store.catalogue.repriceEvent(id, { lowestPrice: 10, highestPrice: 3 })).rejects.toThrow(/above/);
    expect((await readEvent(store, id)).lowestPrice).toBe(15);
    await expect(store.catalogue.updateEvent(id, { trendingScore: Number.POSITIVE_INFINITY })).rejects.toThrow(
      /finite/,
    );
    const badGrade = { grade: 7, content: 'x', username: 'u', dateMs: FIXTURE_NOW_MS };
    await expect(store.catalogue.updateEvent(id, { commentaries: [badGrade] })).rejects.toThrow(/invalid grade/);
    expect((await readEvent(store, id)).updatedAt).toBe(new Date(FIXTURE_NOW_MS).toISOString());
  });
});
