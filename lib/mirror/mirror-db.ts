import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** The catalogue mirror's database (better-sqlite3, synchronous; the web process is its only writer). */
export type MirrorDb = Database.Database;

/*
 * What the mirror keeps of each current event: what the sitemap serves (ids, names, dates, updatedAt, place and
 * performer ids) and what the partner dashboard breaks clicks down by (main category, town). `generation` tells a
 * snapshot's rows from an older one: a full resync writes a new generation and drops the old rows only when done, so
 * the sitemap keeps serving the previous copy meanwhile.
 *
 * `read_events` is the read model's copy (lib/read-model): the columns its in-memory EventIndex is built from at
 * start, what a card draws (`card`, a TExplorerEvent's JSON) and the whole event (`event`, the TEvent's JSON: an event
 * page's fallback when the Partner API fails). It follows `events` row for row.
 *
 * `event_facts` outlives the events: clicks are kept for months after their event passed or was deleted.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  updated_at TEXT NOT NULL,
  updated_ms INTEGER NOT NULL,
  place_id INTEGER NOT NULL,
  map_place_id TEXT,
  cancelled INTEGER NOT NULL DEFAULT 0,
  not_available INTEGER NOT NULL DEFAULT 0,
  generation INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS events_generation ON events (generation);
CREATE TABLE IF NOT EXISTS event_performers (
  event_id INTEGER NOT NULL,
  performer_id INTEGER NOT NULL,
  PRIMARY KEY (event_id, performer_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS event_performers_performer ON event_performers (performer_id);
CREATE TABLE IF NOT EXISTS event_facts (
  id INTEGER PRIMARY KEY,
  category TEXT,
  town TEXT
);
CREATE TABLE IF NOT EXISTS read_events (
  id INTEGER PRIMARY KEY,
  lng REAL NOT NULL,
  lat REAL NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  lowest_price REAL,
  highest_price REAL,
  category_mask INTEGER NOT NULL,
  partners TEXT NOT NULL,
  town TEXT,
  card TEXT NOT NULL,
  event TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
`;

/** Opens (creating when missing) the mirror's SQLite file, or an in-memory one for `:memory:`. */
export function openMirrorDb(file: string): MirrorDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);
  return db;
}

/** A value of the `meta` table. */
export function readMeta(db: MirrorDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Sets (or, with undefined, removes) a value of the `meta` table. */
export function writeMeta(db: MirrorDb, key: string, value: string | undefined): void {
  if (value === undefined) db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  else
    db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
}
