import { createRequire } from 'node:module';
import type { MultiPolygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { ZEventSchema } from '@/lib/contract';
import { openDatabase, type Db } from '@/partner-api/store/sqlite/open';
import { createSqliteStore } from '@/partner-api/store/sqlite/sqlite-store';
import { assembleEventJson } from '@/partner-api/store/types';
import { seedCatalogue } from './seed-catalogue';

const NOW = Date.UTC(2026, 10, 22, 9, 30);
const DAY = 86_400_000;

/** A SQLite catalogue seeded through the store's bulk load; the rows are then read with SQL. */
async function seeded(events: number, seed: number | string = 42): Promise<Db> {
  const db = openDatabase(':memory:');
  await seedCatalogue(createSqliteStore(db).seeding, { events, seed, now: NOW });
  return db;
}

function dump(db: Db): string {
  const tables = ['events', 'sources', 'places', 'map_places', 'performers', 'event_categories', 'commentaries'];
  // ORDER BY 1, 2: the key columns (event_categories has no rowid).
  return tables.map((t) => JSON.stringify(db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all())).join('\n');
}

/**
 * The rings of Natural Earth's land at 1:10m around metropolitan France. Coarser than the basemap's own coast (OSM's):
 * near a shore the two may differ by a few hundred metres. Read by the one test that needs it (3 MB, ~0.15 s).
 */
function franceLand(): Position[][] {
  const topology = createRequire(import.meta.url)('world-atlas/land-10m.json') as Topology;
  const land = feature(topology, topology.objects.land as GeometryCollection);
  const rings = land.features.flatMap((f) => (f.geometry as MultiPolygon).coordinates.flat());
  return rings.filter((ring) => ring.some(([lng = 0, lat = 0]) => lng > -6 && lng < 10 && lat > 41 && lat < 52));
}

/** Even-odd ray casting: at this scale a plane is close enough, and it does not depend on the rings' winding. */
function onLand(land: readonly Position[][], [x = 0, y = 0]: Position): boolean {
  let inside = false;
  for (const ring of land) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i]!;
      const [xj = 0, yj = 0] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

describe('seedCatalogue', () => {
  it('is deterministic: the same seed and now give identical rows and JSON; another seed differs', async () => {
    const a = await seeded(150, 7);
    const b = await seeded(150, 7);
    const c = await seeded(150, 8);
    expect(dump(a)).toBe(dump(b));
    expect(dump(a)).not.toBe(dump(c));
  });

  it('writes events whose JSON validates against the contract', async () => {
    const db = await seeded(400);
    const store = createSqliteStore(db);
    const ids = (db.prepare('SELECT id FROM events ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    expect(ids).toHaveLength(400);
    for (const id of ids) {
      const stored = await store.catalogue.getEvent(id);
      if (!stored) throw new Error(`missing ${id}`);
      const event = ZEventSchema.parse(JSON.parse(assembleEventJson(stored, { commentaries: true, performers: true })));
      expect(event.id).toBe(id);
      expect(event.startDate).toMatch(/ \+0[12]00$/);
    }
  });

  it('spreads a realistic mix over French cities and over the 30 days before to 120 days after now', async () => {
    const db = await seeded(1500);
    const byCity = db
      .prepare(
        'SELECT p.city, count(*) AS n FROM events e JOIN places p ON p.id = e.place_id GROUP BY 1 ORDER BY 2 DESC',
      )
      .all() as { city: string; n: number }[];
    expect(byCity[0]?.city).toBe('Paris');
    expect(byCity.length).toBeGreaterThan(25);
    const mix = db
      .prepare(
        `SELECT avg(lowest_price IS NULL) AS unknown, avg(lowest_price = 0 AND highest_price = 0) AS free,
           avg(has_good_deal) AS goodDeal, avg(cancelled_ms IS NOT NULL) AS cancelled,
           avg(not_available_ms IS NOT NULL) AS soldOut, avg(map_place_id IS NULL) AS noMapPlace,
           avg(category_mask = 0) AS noCategory, min(start_ms) AS minStart, max(start_ms) AS maxStart
         FROM events`,
      )
      .get() as Record<string, number>;
    expect(mix.unknown).toBeGreaterThan(0.1);
    expect(mix.unknown).toBeLessThan(0.2);
    expect(mix.free).toBeGreaterThan(0.06);
    expect(mix.free).toBeLessThan(0.14);
    expect(mix.goodDeal).toBeGreaterThan(0.04);
    expect(mix.cancelled).toBeGreaterThan(0.01);
    expect(mix.soldOut).toBeGreaterThan(0.02);
    expect(mix.noMapPlace).toBeGreaterThan(0.04);
    expect(mix.noMapPlace).toBeLessThan(0.2);
    expect(mix.noCategory).toBeGreaterThan(0);
    expect(mix.minStart).toBeGreaterThanOrEqual(NOW - 31 * DAY);
    expect(mix.maxStart).toBeLessThanOrEqual(NOW + 121 * DAY);
    // Every day of the window has events on the map.
    for (let day = -30; day <= 120; day += 1) {
      const at = NOW + day * DAY;
      const row = db
        .prepare('SELECT count(*) AS n FROM events WHERE start_ms <= ? AND end_ms >= ?')
        .get(at + DAY, at) as {
        n: number;
      };
      expect(row.n).toBeGreaterThan(0);
    }
    const sourcesPerEvent = db
      .prepare('SELECT max(n) AS max, min(n) AS min FROM (SELECT count(*) AS n FROM sources GROUP BY event_id)')
      .get();
    expect(sourcesPerEvent).toEqual({ max: 3, min: 1 });
    const performerCategories = db
      .prepare(
        `SELECT DISTINCT c.main_category AS main FROM event_performers ep
         JOIN event_categories ec ON ec.event_id = ep.event_id JOIN categories c ON c.id = ec.category_id`,
      )
      .all() as { main: string }[];
    expect(performerCategories.map((r) => r.main)).toEqual(
      expect.arrayContaining(['musique', 'spectacle', 'festival']),
    );
    expect(db.prepare('SELECT count(*) AS n FROM performers WHERE identity_confirmed = 0').get()).not.toEqual({ n: 0 });
    expect(db.prepare('SELECT count(*) AS n FROM commentaries').get()).not.toEqual({ n: 0 });
    const shared = db
      .prepare(`SELECT name, count(DISTINCT city) AS cities FROM places WHERE name = 'Le Petit Théâtre' GROUP BY name`)
      .get();
    expect(shared).toEqual({ name: 'Le Petit Théâtre', cities: 2 });
  });

  it('puts each place on land, in its town, with the arrondissement of where it stands', async () => {
    const db = await seeded(3000);
    const places = db.prepare('SELECT name, city, postal_code AS postalCode, lng, lat FROM places').all() as {
      name: string;
      city: string;
      postalCode: string;
      lng: number;
      lat: number;
    }[];
    expect(places.length).toBe(200);
    const land = franceLand();
    const offshore = places.filter((p) => !onLand(land, [p.lng, p.lat]));
    expect(offshore.map((p) => `${p.name}, ${p.city} (${p.lat}, ${p.lng})`)).toEqual([]);
    // Paris's addresses lie inside the Boulevard Périphérique's box, not in the suburbs.
    const paris = places.filter((p) => p.city === 'Paris');
    expect(paris.length).toBeGreaterThan(30);
    const outside = paris.filter((p) => p.lat < 48.816 || p.lat > 48.902 || p.lng < 2.225 || p.lng > 2.47);
    expect(outside.map((p) => `${p.name} (${p.lat}, ${p.lng})`)).toEqual([]);
    // Near the north edge stand only the northern arrondissements, near the south edge only the southern ones.
    for (const p of paris.filter((p) => p.lat > 48.89))
      expect(['75008', '75017', '75018', '75019']).toContain(p.postalCode);
    for (const p of paris.filter((p) => p.lat < 48.83))
      expect(['75012', '75013', '75014', '75015']).toContain(p.postalCode);
  });

  it('gives unique increasing updatedAt values before now, and later writes continue after them', async () => {
    const db = await seeded(200);
    const rows = db.prepare('SELECT updated_ms, created_ms FROM events ORDER BY id').all() as {
      updated_ms: number;
      created_ms: number;
    }[];
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]?.updated_ms).toBeGreaterThan(rows[i - 1]?.updated_ms as number);
    }
    expect(rows.every((r) => r.created_ms <= r.updated_ms && r.updated_ms <= NOW)).toBe(true);
    const store = createSqliteStore(db, { clock: () => NOW - DAY });
    const updated = await store.catalogue.cancelEvent(1);
    expect(updated).toBeGreaterThan(rows[rows.length - 1]?.updated_ms as number);
  });

  it('refuses to seed over a catalogue unless asked to reset it', async () => {
    const db = await seeded(20);
    const { seeding } = createSqliteStore(db);
    await expect(seedCatalogue(seeding, { events: 20, now: NOW })).rejects.toThrow(/not empty/);
    const stats = await seedCatalogue(seeding, { events: 30, now: NOW, reset: true });
    expect(stats.events).toBe(30);
    expect(db.prepare('SELECT count(*) AS n FROM events').get()).toEqual({ n: 30 });
  });
});
