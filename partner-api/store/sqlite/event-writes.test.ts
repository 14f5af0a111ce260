import { describe, expect, it } from 'vitest';
import { ZEventSchema, type TEvent } from '@/lib/contract';
import { manualClock } from '@/partner-api/clock';
import { FIXTURE_NOW_MS, makeEventInput, openTestStore, type TestStore } from '@/partner-api/testing/fixtures';
import { assembleEventJson } from '../types';

function readEvent(store: TestStore, id: number): TEvent {
  const stored = store.getEvent(id);
  if (!stored) throw new Error(`event ${id} not found`);
  return ZEventSchema.parse(JSON.parse(assembleEventJson(stored, { commentaries: true, performers: true })));
}

interface BoxRow {
  id: number;
  min_lng: number;
  max_lng: number;
  min_lat: number;
  max_lat: number;
  min_t: number;
  max_t: number;
}

function boxOf(store: TestStore, id: number): BoxRow | undefined {
  return store.ctx.db.prepare('SELECT * FROM event_boxes WHERE id = ?').get(id) as BoxRow | undefined;
}

describe('event writes', () => {
  it('bump updatedAt strictly on every write, even with a frozen clock', () => {
    const store = openTestStore(); // manual clock: never moves by itself
    const a = store.createEvent(makeEventInput());
    const b = store.createEvent(makeEventInput());
    const stamps = [readEvent(store, a).updatedAt, readEvent(store, b).updatedAt];
    const writes = [
      () => store.updateEvent(a, { name: 'Nouveau nom' }),
      () => store.repriceEvent(b, { lowestPrice: 0, highestPrice: 0 }),
      () => store.changeAvailabilities(a, { availableDates: [] }),
      () => store.cancelEvent(b),
      () => store.markUnavailable(a),
    ];
    for (const write of writes) {
      const updatedMs = write();
      expect(updatedMs).not.toBeNull();
      stamps.push(new Date(updatedMs as number).toISOString());
    }
    const ms = stamps.map((s) => Date.parse(s));
    for (let i = 1; i < ms.length; i += 1) expect(ms[i]).toBeGreaterThan(ms[i - 1] as number);
    expect(ms[0]).toBe(FIXTURE_NOW_MS);
    expect(readEvent(store, a).updatedAt).toBe(stamps[stamps.length - 1]);
  });

  it('follow the clock when it moves, and never go back when it does', () => {
    const clock = manualClock(FIXTURE_NOW_MS);
    const store = openTestStore({ clock });
    const id = store.createEvent(makeEventInput());
    clock.advance(60_000);
    expect(store.cancelEvent(id)).toBe(FIXTURE_NOW_MS + 60_000);
    clock.set(FIXTURE_NOW_MS - 3_600_000);
    expect(store.updateEvent(id, { name: 'x' })).toBe(FIXTURE_NOW_MS + 60_001);
  });

  it('updateEvent changes fields, moves the R*Tree box and re-derives prices from new sources', () => {
    const store = openTestStore();
    const id = store.createEvent(makeEventInput({ lng: 2.35, lat: 48.85 }));
    const startMs = Date.UTC(2026, 7, 1, 18);
    store.updateEvent(id, {
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
    const event = readEvent(store, id);
    expect(event.name).toBe('Théâtre en plein air');
    expect(event.startDate).toBe('2026-08-01 20:00:00.000 +0200');
    expect(event.categories.map((c) => c.subCategory ?? c.mainCategory)).toEqual(['spectacle', 'theatre']);
    expect(event.mapPlace?.name).toBe('Théâtre de Fourvière');
    expect([event.lowestPrice, event.highestPrice, event.hasGoodDeal]).toEqual([8, 40, true]);
    expect(event.sources.map((s) => s.partner.name)).toEqual(['TicketSud', 'Nouveau Partenaire']);
    const box = boxOf(store, id);
    expect(box?.min_lng).toBeCloseTo(4.82, 4);
    expect(box?.min_lat).toBeCloseTo(45.76, 4);
    expect(box?.min_t).toBeLessThanOrEqual(startMs / 60_000);
    expect(box?.max_t).toBeGreaterThanOrEqual((startMs + 7_200_000) / 60_000);
    const mask = store.ctx.db.prepare('SELECT category_mask FROM events WHERE id = ?').get(id);
    expect(mask).toEqual({ category_mask: 1 << 18 });
  });

  it('keep source ids across writes (tracked links refer to them)', () => {
    const store = openTestStore();
    const id = store.createEvent(makeEventInput({ partners: ['TicketSud', 'PlaceLibre'] }));
    const before = readEvent(store, id).sources.map((s) => s.id);
    store.repriceEvent(id, { lowestPrice: 5, highestPrice: 9, isGoodDeal: true });
    store.markUnavailable(id);
    const event = readEvent(store, id);
    expect(event.sources.map((s) => s.id)).toEqual(before);
    expect(event.sources.map((s) => [s.lowestPrice, s.highestPrice, s.isGoodDeal])).toEqual([
      [5, 9, true],
      [5, 9, true],
    ]);
    expect([event.lowestPrice, event.highestPrice, event.hasGoodDeal]).toEqual([5, 9, true]);
    expect(event.notAvailableAt).toBe(event.updatedAt);
    expect(event.sources.every((s) => s.notAvailableAt === event.updatedAt && !s.isBookable)).toBe(true);
  });

  it('cancelEvent stamps cancelledAt once; changeAvailabilities replaces one source’s dates', () => {
    const store = openTestStore();
    const id = store.createEvent(makeEventInput({ partners: ['TicketSud', 'PlaceLibre'] }));
    const first = store.cancelEvent(id);
    store.cancelEvent(id);
    expect(readEvent(store, id).cancelledAt).toBe(new Date(first as number).toISOString());
    const [s1, s2] = readEvent(store, id).sources;
    const startMs = Date.UTC(2026, 0, 15, 19); // winter: +0100
    const updated = store.changeAvailabilities(id, {
      sourceId: s2?.id,
      availableDates: [{ startMs, endMs: startMs + 3_600_000, hasUnknownAvailability: true }],
    });
    const event = readEvent(store, id);
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

  it('deleteEvent hides the event, writes a tombstone after every earlier updatedAt and empties its rows', () => {
    const store = openTestStore();
    const keep = store.createEvent(makeEventInput());
    const gone = store.createEvent(makeEventInput({ performers: [{ name: 'Les Cigales' }] }));
    const lastUpdated = store.cancelEvent(keep) as number;
    const deletedMs = store.deleteEvent(gone);
    expect(deletedMs).toBeGreaterThan(lastUpdated);
    expect(store.getEvent(gone)).toBeNull();
    expect(store.getEvent(keep)).not.toBeNull();
    const db = store.ctx.db;
    expect(db.prepare('SELECT event_id, deleted_ms FROM tombstones').all()).toEqual([
      { event_id: gone, deleted_ms: deletedMs },
    ]);
    expect(boxOf(store, gone)).toBeUndefined();
    for (const table of ['sources', 'event_categories', 'event_performers', 'commentaries']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table} WHERE event_id = ?`).get(gone)).toEqual({ n: 0 });
    }
    // Writes on a deleted or unknown event report it; its id is never reused.
    expect(store.deleteEvent(gone)).toBeNull();
    expect(store.cancelEvent(gone)).toBeNull();
    expect(store.updateEvent(9999, { name: 'x' })).toBeNull();
    expect(store.createEvent(makeEventInput())).toBe(gone + 1);
  });

  it('never reuses the id of a deleted event, even once its tombstone is pruned', () => {
    const store = openTestStore();
    store.createEvent(makeEventInput());
    const last = store.createEvent(makeEventInput());
    store.deleteEvent(last);
    store.ctx.db.exec('DELETE FROM tombstones');
    expect(store.createEvent(makeEventInput())).toBe(last + 1);
  });

  it('refuses negative, non-finite or inverted prices, non-finite scores and grades outside 0–5, changing nothing', () => {
    const store = openTestStore();
    const id = store.createEvent(makeEventInput());
    expect(() => store.createEvent(makeEventInput({ prices: [-1, 5] }))).toThrow(/invalid price/);
    expect(() => store.createEvent(makeEventInput({ lowestPrice: 9, highestPrice: 3 }))).toThrow(/above/);
    expect(() => store.repriceEvent(id, { lowestPrice: Number.NaN, highestPrice: 3 })).toThrow(/invalid price/);
    expect(() => store.repriceEvent(id, { lowestPrice: 10, highestPrice: 3 })).toThrow(/above/);
    expect(readEvent(store, id).lowestPrice).toBe(15);
    expect(() => store.updateEvent(id, { trendingScore: Number.POSITIVE_INFINITY })).toThrow(/finite/);
    const badGrade = { grade: 7, content: 'x', username: 'u', dateMs: FIXTURE_NOW_MS };
    expect(() => store.updateEvent(id, { commentaries: [badGrade] })).toThrow(/invalid grade/);
    expect(readEvent(store, id).updatedAt).toBe(new Date(FIXTURE_NOW_MS).toISOString());
  });

  it('keeps exactly one R*Tree box per event, matching its position and dates', () => {
    const store = openTestStore();
    const ids = [0, 1, 2, 3, 4].map((i) =>
      store.createEvent(
        makeEventInput({
          lng: -1.55 + i,
          lat: 47.2 + i / 10,
          startMs: FIXTURE_NOW_MS + i * 86_400_000 + 12_345,
          endMs: FIXTURE_NOW_MS + i * 86_400_000 + 5_000_000,
          withMapPlace: i % 2 === 0,
        }),
      ),
    );
    store.deleteEvent(ids[1] as number);
    store.updateEvent(ids[2] as number, { endMs: FIXTURE_NOW_MS + 30 * 86_400_000 });
    const events = store.ctx.db.prepare('SELECT id, lng, lat, start_ms, end_ms FROM events ORDER BY id').all() as {
      id: number;
      lng: number;
      lat: number;
      start_ms: number;
      end_ms: number;
    }[];
    const boxes = store.ctx.db.prepare('SELECT * FROM event_boxes ORDER BY id').all() as BoxRow[];
    expect(boxes.map((b) => b.id)).toEqual(events.map((e) => e.id));
    events.forEach((e, index) => {
      const box = boxes[index] as BoxRow;
      // float32 rounds outward: the box contains the exact values, within a few minutes / 1e-5 degrees.
      expect(box.min_lng).toBeLessThanOrEqual(e.lng);
      expect(box.max_lng).toBeGreaterThanOrEqual(e.lng);
      expect(box.max_lng - box.min_lng).toBeLessThan(1e-4);
      expect(box.min_lat).toBeLessThanOrEqual(e.lat);
      expect(box.max_lat).toBeGreaterThanOrEqual(e.lat);
      expect(box.min_t).toBeLessThanOrEqual(e.start_ms / 60_000);
      expect(box.max_t).toBeGreaterThanOrEqual(e.end_ms / 60_000);
      expect(e.start_ms / 60_000 - box.min_t).toBeLessThan(5);
      expect(box.max_t - e.end_ms / 60_000).toBeLessThan(5);
    });
  });
});
