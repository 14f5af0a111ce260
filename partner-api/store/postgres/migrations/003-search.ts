import type { PostgresMigration } from './migration';

/*
 * Full-text search on PostgreSQL (GET /v2/search*), the counterpart of SQLite's FTS5 indexes (migration 003 there).
 *
 * One weighted tsvector per event, map place and performer, kept current by triggers so every writer (the store,
 * COPY seeding, the migrate command) is indexed alike: the name's words with weight A, the context's (venue and city
 * of an event; city and address of a place) and the geographic cell token (`zc<x>x<y>`, partner-api/search/cells.ts)
 * with weight B. A tsquery term `'jazz':*A` is then "a name word starting with jazz", the FTS5 `name : "jazz"*`.
 *
 * Words are folded in SQL the way partner-api/search/normalize.ts folds them in JavaScript — `unaccent` (which also
 * unfolds œ, æ and ß), lower case, split on anything but letters and digits — and turned into lexemes directly
 * (`::tsvector` of quoted words), never through a text search parser or dictionary: stemming or the default parser's
 * compound-word and number rules would make the index disagree with the words the ranking compares.
 *
 * `search_terms` is the vocabulary (every folded word of each index, cell tokens aside), for typo candidates and
 * prefix checks: a B-tree in byte order answers "is this a word" and "does a word start with this".
 */
const sql = `
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (its rules file could change); with the dictionary named, the result is fixed for a
-- given installation, which is what an index needs.
CREATE FUNCTION search_words(t TEXT) RETURNS TEXT[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(
    array_remove(regexp_split_to_array(lower(public.unaccent('public.unaccent'::regdictionary, coalesce(t, ''))),
                                       '[^[:alnum:]]+'), ''),
    '{}'::TEXT[])
$fn$;

CREATE FUNCTION search_cell(lng DOUBLE PRECISION, lat DOUBLE PRECISION) RETURNS TEXT LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $fn$
  SELECT 'zc' || trunc((lng + 180) * 4)::BIGINT || 'x' || trunc((lat + 90) * 4)::BIGINT
$fn$;

CREATE FUNCTION search_vector(words TEXT[], weight TEXT) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(string_agg(quote_literal(w) || ':' || least(i, 16383) || weight, ' ')::tsvector, ''::tsvector)
  FROM unnest(words) WITH ORDINALITY AS u(w, i)
$fn$;

CREATE FUNCTION search_document(name TEXT, context TEXT, lng DOUBLE PRECISION, lat DOUBLE PRECISION)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT search_vector(search_words(name), 'A')
      || search_vector(search_words(context) || CASE WHEN lng IS NULL THEN '{}'::TEXT[] ELSE ARRAY[search_cell(lng, lat)] END, 'B')
$fn$;

CREATE TABLE search_terms (
  kind SMALLINT NOT NULL,
  term TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (kind, term)
);

-- kind: 1 = events, 2 = map places, 3 = performers.
CREATE FUNCTION search_note_terms(kind SMALLINT, document tsvector) RETURNS VOID LANGUAGE sql AS $fn$
  INSERT INTO search_terms (kind, term)
  SELECT kind, w FROM unnest(tsvector_to_array(document)) AS w WHERE w !~ '^zc[0-9]+x[0-9]+$'
  ON CONFLICT DO NOTHING
$fn$;

ALTER TABLE events ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector;
ALTER TABLE map_places ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector;
ALTER TABLE performers ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector;

CREATE FUNCTION search_index_event() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.name IS NOT DISTINCT FROM OLD.name AND NEW.place_id = OLD.place_id
     AND NEW.lng = OLD.lng AND NEW.lat = OLD.lat THEN
    NEW.search := OLD.search;
    RETURN NEW;
  END IF;
  NEW.search := search_document(NEW.name,
    (SELECT coalesce(p.name, '') || ' ' || coalesce(p.city, '') FROM places p WHERE p.id = NEW.place_id),
    NEW.lng, NEW.lat);
  PERFORM search_note_terms(1::SMALLINT, NEW.search);
  RETURN NEW;
END
$fn$;
CREATE TRIGGER search_index_event BEFORE INSERT OR UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION search_index_event();

CREATE FUNCTION search_index_place_events() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE events e SET search = search_document(e.name, coalesce(NEW.name, '') || ' ' || coalesce(NEW.city, ''), e.lng, e.lat)
  WHERE e.place_id = NEW.id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER search_index_place_events AFTER UPDATE OF name, city ON places
  FOR EACH ROW EXECUTE FUNCTION search_index_place_events();

CREATE FUNCTION search_index_map_place() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.search := search_document(NEW.name, coalesce(NEW.city, '') || ' ' || NEW.address, NEW.lng, NEW.lat);
  PERFORM search_note_terms(2::SMALLINT, NEW.search);
  RETURN NEW;
END
$fn$;
CREATE TRIGGER search_index_map_place BEFORE INSERT OR UPDATE OF name, city, address, lng, lat ON map_places
  FOR EACH ROW EXECUTE FUNCTION search_index_map_place();

CREATE FUNCTION search_index_performer() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.search := search_document(NEW.name, '', NULL, NULL);
  PERFORM search_note_terms(3::SMALLINT, NEW.search);
  RETURN NEW;
END
$fn$;
CREATE TRIGGER search_index_performer BEFORE INSERT OR UPDATE OF name ON performers
  FOR EACH ROW EXECUTE FUNCTION search_index_performer();

CREATE INDEX events_search ON events USING gin (search);
-- Event candidates come soonest-ending first, by the key of SQLite's search rowids (end minute, then id): with this
-- index a frequent word walks upcoming events in that order and stops at the LIMIT instead of sorting every match.
CREATE INDEX events_search_order ON events ((end_ms / 60000), (id % 16777216));
CREATE INDEX map_places_search ON map_places USING gin (search);
CREATE INDEX performers_search ON performers USING gin (search);
`;

/** Weighted tsvectors over events, map places and performers, their vocabulary, and the triggers keeping them. */
export const searchMigration: PostgresMigration = { version: 3, name: 'search', sql };
