import { sqlFoldLigatures } from '../../../search/normalize';
import type { Migration } from './migration';

/*
 * Full-text search (GET /v2/search*). Contentless FTS5 indexes with the tokenizer `unicode61 remove_diacritics 2`
 * (case- and accent-insensitive; partner-api/search/normalize.ts mirrors it in JavaScript) and prefix indexes for
 * typeahead, kept in sync by triggers on the catalogue tables, so the store's writes (and the seed) need not know.
 * `contentless_delete` lets a trigger delete a row by id without replaying its old text.
 *
 * Speed comes from bounded candidate queries (partner-api/store/sqlite/search.ts), never from ranking every match:
 * - search_events rows are keyed by `search_event_docs.rowid` = end minute × 2^24 + (event id mod 2^24), so FTS5's
 *   natural rowid order is "ends soonest first" and `rowid >= key(now)` skips passed events: `LIMIT n` yields the n
 *   soonest matching events without touching the others. (Distinct for event ids below 2^24 = 16.7 million.)
 * - The context column of events and places carries a geographic cell token (`zc<x>x<y>`, 0.25° cells), so
 *   "matching AND near the point" is one more AND in the MATCH expression.
 * - search_event_docs keeps a compact copy of what ranking needs (name, context, position, dates): candidates are
 *   ranked without reading the large events rows.
 * `search_meta.version` moves on every change, so the in-memory vocabulary (typo candidates) knows when to reload.
 */

const fold = sqlFoldLigatures;
const FTS_OPTIONS = `tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3', detail = column, content = '', contentless_delete = 1`;
const bump = `UPDATE search_meta SET value = value + 1 WHERE key = 'version';`;

/** SQL of the cell token of a position (must match `cellToken` in partner-api/search/cells.ts). */
const cell = (lng: string, lat: string) =>
  `('zc' || CAST((${lng} + 180) * 4 AS INTEGER) || 'x' || CAST((${lat} + 90) * 4 AS INTEGER))`;
const eventKey = (alias: string) => `((${alias}.end_ms / 60000) * 16777216 + (${alias}.id % 16777216))`;
const eventContext = (alias: string) =>
  `(SELECT coalesce(p.name, '') || ' ' || coalesce(p.city, '') FROM places p WHERE p.id = ${alias}.place_id)`;

// Every trigger deletes before inserting, so an INSERT OR REPLACE upstream can never collide on a rowid.
const unindexEvent = (id: string) =>
  `DELETE FROM search_events WHERE rowid = (SELECT rowid FROM search_event_docs WHERE event_id = ${id});
   DELETE FROM search_event_docs WHERE event_id = ${id};`;
const indexEvents = (where: string) =>
  `INSERT OR IGNORE INTO search_event_docs (rowid, event_id, name, context, lng, lat, start_ms, end_ms)
     SELECT ${eventKey('e')}, e.id, e.name, ${eventContext('e')}, e.lng, e.lat, e.start_ms, e.end_ms
     FROM events e WHERE ${where};
   INSERT INTO search_events (rowid, name, context)
     SELECT d.rowid, ${fold('d.name')}, ${fold('d.context')} || ' ' || ${cell('d.lng', 'd.lat')}
     FROM search_event_docs d JOIN events e ON e.id = d.event_id WHERE ${where};`;

/**
 * Indexes the whole events table from scratch, inserting into FTS5 in rowid order: FTS5 flushes its pending terms
 * into a new segment whenever a rowid is not above the last one written, so the triggers' one-row-at-a-time order
 * (random end dates) costs a segment per event in a bulk load, and this order none. For bulk loads that disabled the
 * events triggers (partner-api/store/sqlite/bulk-load.ts).
 */
export const REINDEX_ALL_EVENTS_SQL = `
  DELETE FROM search_event_docs;
  INSERT INTO search_events (search_events) VALUES ('delete-all');
  INSERT INTO search_event_docs (rowid, event_id, name, context, lng, lat, start_ms, end_ms)
    SELECT ${eventKey('e')} AS k, e.id, e.name, ${eventContext('e')}, e.lng, e.lat, e.start_ms, e.end_ms
    FROM events e ORDER BY k;
  INSERT INTO search_events (rowid, name, context)
    SELECT d.rowid, ${fold('d.name')}, ${fold('d.context')} || ' ' || ${cell('d.lng', 'd.lat')}
    FROM search_event_docs d ORDER BY d.rowid;
  ${bump}`;

const unindexPlace = (id: string) =>
  `DELETE FROM search_places WHERE rowid = (SELECT rowid FROM search_place_keys WHERE map_place_id = ${id});`;
const indexPlaces = (where: string) =>
  `INSERT OR IGNORE INTO search_place_keys (map_place_id) SELECT m.id FROM map_places m WHERE ${where};
   INSERT INTO search_places (rowid, name, context)
     SELECT k.rowid, ${fold('m.name')},
            ${fold(`coalesce(m.city, '') || ' ' || m.address`)} || ' ' || ${cell('m.lng', 'm.lat')}
     FROM map_places m JOIN search_place_keys k ON k.map_place_id = m.id WHERE ${where};`;

const sql = `
CREATE TABLE search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO search_meta (key, value) VALUES ('version', 0);

CREATE TABLE search_event_docs (
  rowid INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL UNIQUE,
  name TEXT NOT NULL,
  context TEXT NOT NULL,
  lng REAL NOT NULL,
  lat REAL NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL
);
CREATE TABLE search_place_keys (
  rowid INTEGER PRIMARY KEY,
  map_place_id TEXT NOT NULL UNIQUE
);

CREATE VIRTUAL TABLE search_events USING fts5(name, context, ${FTS_OPTIONS});
CREATE VIRTUAL TABLE search_places USING fts5(name, context, ${FTS_OPTIONS});
CREATE VIRTUAL TABLE search_performers USING fts5(name, ${FTS_OPTIONS});
CREATE VIRTUAL TABLE search_events_vocab USING fts5vocab(search_events, 'row');
CREATE VIRTUAL TABLE search_places_vocab USING fts5vocab(search_places, 'row');
CREATE VIRTUAL TABLE search_performers_vocab USING fts5vocab(search_performers, 'row');

CREATE TRIGGER search_events_ai AFTER INSERT ON events BEGIN
  ${unindexEvent('new.id')}
  ${indexEvents('e.id = new.id')}
  ${bump}
END;
CREATE TRIGGER search_events_au AFTER UPDATE OF name, place_id, lng, lat, start_ms, end_ms ON events BEGIN
  ${unindexEvent('old.id')}
  ${indexEvents('e.id = new.id')}
  ${bump}
END;
CREATE TRIGGER search_events_ad AFTER DELETE ON events BEGIN
  ${unindexEvent('old.id')}
  ${bump}
END;
CREATE TRIGGER search_events_place_au AFTER UPDATE OF name, city ON places BEGIN
  DELETE FROM search_events WHERE rowid IN
    (SELECT d.rowid FROM search_event_docs d JOIN events e ON e.id = d.event_id WHERE e.place_id = new.id);
  DELETE FROM search_event_docs WHERE event_id IN (SELECT id FROM events WHERE place_id = new.id);
  ${indexEvents('e.place_id = new.id')}
  ${bump}
END;

CREATE TRIGGER search_places_ai AFTER INSERT ON map_places BEGIN
  ${unindexPlace('new.id')}
  ${indexPlaces('m.id = new.id')}
  ${bump}
END;
CREATE TRIGGER search_places_au AFTER UPDATE OF name, city, address, lng, lat ON map_places BEGIN
  ${unindexPlace('old.id')}
  ${indexPlaces('m.id = new.id')}
  ${bump}
END;
CREATE TRIGGER search_places_ad AFTER DELETE ON map_places BEGIN
  ${unindexPlace('old.id')}
  DELETE FROM search_place_keys WHERE map_place_id = old.id;
  ${bump}
END;

CREATE TRIGGER search_performers_ai AFTER INSERT ON performers BEGIN
  DELETE FROM search_performers WHERE rowid = new.id;
  INSERT INTO search_performers (rowid, name) VALUES (new.id, ${fold('new.name')});
  ${bump}
END;
CREATE TRIGGER search_performers_au AFTER UPDATE OF name ON performers BEGIN
  DELETE FROM search_performers WHERE rowid = old.id;
  INSERT INTO search_performers (rowid, name) VALUES (new.id, ${fold('new.name')});
  ${bump}
END;
CREATE TRIGGER search_performers_ad AFTER DELETE ON performers BEGIN
  DELETE FROM search_performers WHERE rowid = old.id;
  ${bump}
END;

-- Whatever the catalogue already holds when this migration runs.
${indexEvents('1')}
${indexPlaces('1')}
INSERT INTO search_performers (rowid, name) SELECT id, ${fold('name')} FROM performers;
`;

/** FTS5 indexes over events, map places and performers, kept in sync by triggers. */
export const searchMigration: Migration = { version: 3, name: 'search', sql };
