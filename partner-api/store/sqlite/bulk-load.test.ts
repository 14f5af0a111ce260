import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '@/partner-api/seed/seed-catalogue';
import { openDatabase, type Db } from './open';
import { bulkLoad } from './rows/bulk-load';
import { createSqliteStore } from './sqlite-store';

const NOW = Date.UTC(2026, 10, 22, 9, 30);

function schema(db: Db): unknown[] {
  return db.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name`).all();
}

/** A catalogue seeded through the store's bulk load (one transaction, indexes set aside). */
async function seeded(events: number): Promise<Db> {
  const db = openDatabase(':memory:');
  await seedCatalogue(createSqliteStore(db).seeding, { events, now: NOW });
  return db;
}

/** What the search index holds for the catalogue's events. */
function derived(db: Db): { docs: unknown[]; matches: number[][] } {
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
  };
}

describe('bulkLoad', () => {
  it('restores every index and trigger it set aside, and derives the same search rows as row-by-row writes', async () => {
    const before = schema(openDatabase(':memory:'));
    const db = await seeded(300);
    expect(schema(db)).toEqual(before);
    bulkLoad(db, () => db.exec('UPDATE events SET start_ms = start_ms + 1234, end_ms = end_ms + 4321'));
    expect(schema(db)).toEqual(before);
    const bulk = derived(db);
    expect(bulk.docs).toHaveLength(300);
    expect(bulk.matches.some((ids) => ids.length > 0)).toBe(true);

    // The row-by-row path: the events' update trigger re-indexes each event.
    db.exec('UPDATE events SET name = name');
    expect(derived(db)).toEqual(bulk);
  });

  it('leaves rows and schema as they were when the load throws', async () => {
    const db = await seeded(50);
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
