import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '@/partner-api/seed/seed-catalogue';
import { bulkLoad } from './bulk-load';
import { openDatabase, type Db } from './open';
import { writeEventBox } from './save-event';

const NOW = Date.UTC(2026, 10, 22, 9, 30);

function schema(db: Db): unknown[] {
  return db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`).all();
}

/** What the search index and the R*Tree hold for the catalogue's events. */
function derived(db: Db): { docs: unknown[]; matches: number[][]; boxes: unknown[] } {
  return {
    docs: db.prepare('SELECT * FROM search_event_docs ORDER BY rowid').all(),
    // One query per common term: what the FTS5 index answers, not how its segments are laid out.
    matches: ['concert', 'lyon', 'paris', 'theatre', 'expo*'].map(
      (term) =>
        db
          .prepare('SELECT rowid FROM search_events WHERE search_events MATCH ? ORDER BY rowid')
          .pluck()
          .all(term) as number[],
    ),
    boxes: db.prepare('SELECT * FROM event_boxes ORDER BY id').all(),
  };
}

describe('bulkLoad', () => {
  it('restores every index and trigger it set aside, and derives the same search rows and boxes as row-by-row writes', () => {
    const db = openDatabase(':memory:');
    const before = schema(db);
    seedCatalogue(db, { events: 300, now: NOW });
    // Seeded dates fall on whole minutes; dates within a minute check the boxes' outward rounding.
    bulkLoad(db, () => db.exec('UPDATE events SET start_ms = start_ms + 1234, end_ms = end_ms + 4321'));
    expect(schema(db)).toEqual(before);
    const bulk = derived(db);
    expect(bulk.docs).toHaveLength(300);
    expect(bulk.matches.some((ids) => ids.length > 0)).toBe(true);

    // The row-by-row path: the events' update trigger re-indexes each event, writeEventBox redraws its box.
    const events = db.prepare('SELECT id, start_ms, end_ms, lng, lat FROM events').all() as {
      id: number;
      start_ms: number;
      end_ms: number;
      lng: number;
      lat: number;
    }[];
    db.transaction(() => {
      db.exec('UPDATE events SET name = name');
      for (const e of events) {
        const position = { id: 'p', name: '', lng: e.lng, lat: e.lat } as never;
        writeEventBox(db, { id: e.id, startMs: e.start_ms, endMs: e.end_ms, mapPlace: position, place: position });
      }
    })();
    expect(derived(db)).toEqual(bulk);
  });

  it('leaves rows and schema as they were when the load throws', () => {
    const db = openDatabase(':memory:');
    seedCatalogue(db, { events: 50, now: NOW });
    const before = { schema: schema(db), derived: derived(db) };
    expect(() =>
      bulkLoad(db, () => {
        db.exec('DELETE FROM commentaries');
        throw new Error('load failed');
      }),
    ).toThrow('load failed');
    expect({ schema: schema(db), derived: derived(db) }).toEqual(before);
    expect(db.prepare('SELECT count(*) FROM commentaries').pluck().get()).toBeGreaterThan(0);
  });
});
