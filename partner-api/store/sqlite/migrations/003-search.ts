import { sqlFoldLigatures } from '../../../search/normalize';
import type { Migration } from './index';

/*
 * Full-text search (GET /v2/search*). Three contentless FTS5 indexes with the tokenizer `unicode61
 * remove_diacritics 2` (case- and accent-insensitive; partner-api/search/normalize.ts mirrors it in JavaScript) and
 * prefix indexes for typeahead. They are kept in sync by triggers on the catalogue tables, so the store's writes
 * (and the seed) need not know they exist. `contentless_delete` lets a trigger delete a row by id without
 * replaying its old text. `search_meta.version` moves on every change, so the in-memory vocabulary (typo
 * candidates) knows when to reload.
 *
 * - search_events: name, then context = the venue's name and city (an event is found as "jazz lyon").
 * - search_places: map places (the search's place items) keyed by `search_place_keys`, a stable integer id for
 *   the text primary key; name, then context = city and address.
 * - search_performers: name.
 */

const fold = sqlFoldLigatures;
const FTS_OPTIONS = `tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3', content = '', contentless_delete = 1`;
const bump = `UPDATE search_meta SET value = value + 1 WHERE key = 'version';`;

const eventContext = (id: string) =>
  fold(`(SELECT coalesce(p.name, '') || ' ' || coalesce(p.city, '') FROM places p WHERE p.id = ${id})`);
// Every trigger deletes before inserting, so an INSERT OR REPLACE upstream can never collide on a rowid.
const indexEvent = (alias: string) =>
  `DELETE FROM search_events WHERE rowid = ${alias}.id;
   INSERT INTO search_events (rowid, name, context) VALUES (${alias}.id, ${fold(`${alias}.name`)}, ${eventContext(`${alias}.place_id`)});`;
const indexPlace = (alias: string) =>
  `INSERT OR IGNORE INTO search_place_keys (map_place_id) VALUES (${alias}.id);
   DELETE FROM search_places WHERE rowid = (SELECT rowid FROM search_place_keys WHERE map_place_id = ${alias}.id);
   INSERT INTO search_places (rowid, name, context)
     SELECT k.rowid, ${fold(`${alias}.name`)}, ${fold(`coalesce(${alias}.city, '') || ' ' || ${alias}.address`)}
     FROM search_place_keys k WHERE k.map_place_id = ${alias}.id;`;

const sql = `
CREATE TABLE search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT INTO search_meta (key, value) VALUES ('version', 0);

CREATE VIRTUAL TABLE search_events USING fts5(name, context, ${FTS_OPTIONS});
CREATE VIRTUAL TABLE search_places USING fts5(name, context, ${FTS_OPTIONS});
CREATE VIRTUAL TABLE search_performers USING fts5(name, ${FTS_OPTIONS});
CREATE VIRTUAL TABLE search_events_vocab USING fts5vocab(search_events, 'row');
CREATE VIRTUAL TABLE search_places_vocab USING fts5vocab(search_places, 'row');
CREATE VIRTUAL TABLE search_performers_vocab USING fts5vocab(search_performers, 'row');
-- BM25 only preselects candidates; a match in the name weighs more than one in the context.
INSERT INTO search_events (search_events, rank) VALUES ('rank', 'bm25(4.0, 1.0)');
INSERT INTO search_places (search_places, rank) VALUES ('rank', 'bm25(4.0, 1.0)');

CREATE TABLE search_place_keys (
  rowid INTEGER PRIMARY KEY,
  map_place_id TEXT NOT NULL UNIQUE
);

CREATE TRIGGER search_events_ai AFTER INSERT ON events BEGIN
  ${indexEvent('new')}
  ${bump}
END;
CREATE TRIGGER search_events_au AFTER UPDATE OF name, place_id ON events BEGIN
  ${indexEvent('new')}
  ${bump}
END;
CREATE TRIGGER search_events_ad AFTER DELETE ON events BEGIN
  DELETE FROM search_events WHERE rowid = old.id;
  ${bump}
END;
CREATE TRIGGER search_events_place_au AFTER UPDATE OF name, city ON places BEGIN
  DELETE FROM search_events WHERE rowid IN (SELECT id FROM events WHERE place_id = new.id);
  INSERT INTO search_events (rowid, name, context)
    SELECT e.id, ${fold('e.name')}, ${eventContext('e.place_id')} FROM events e WHERE e.place_id = new.id;
  ${bump}
END;

CREATE TRIGGER search_places_ai AFTER INSERT ON map_places BEGIN
  ${indexPlace('new')}
  ${bump}
END;
CREATE TRIGGER search_places_au AFTER UPDATE OF name, city, address ON map_places BEGIN
  ${indexPlace('new')}
  ${bump}
END;
CREATE TRIGGER search_places_ad AFTER DELETE ON map_places BEGIN
  DELETE FROM search_places WHERE rowid = (SELECT rowid FROM search_place_keys WHERE map_place_id = old.id);
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
INSERT INTO search_events (rowid, name, context)
  SELECT e.id, ${fold('e.name')}, ${eventContext('e.place_id')} FROM events e;
INSERT INTO search_place_keys (map_place_id) SELECT id FROM map_places;
INSERT INTO search_places (rowid, name, context)
  SELECT k.rowid, ${fold('m.name')}, ${fold(`coalesce(m.city, '') || ' ' || m.address`)}
  FROM map_places m JOIN search_place_keys k ON k.map_place_id = m.id;
INSERT INTO search_performers (rowid, name) SELECT id, ${fold('name')} FROM performers;
`;

/** FTS5 indexes over events, map places and performers, kept in sync by triggers. */
export const searchMigration: Migration = { version: 3, name: 'search', sql };
