import { CATEGORIES, PARTNERS } from '../../catalogue-data';
import type { PostgresMigration } from './migration';

const sqlText = (value: string | null): string => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`);

const categoryRows = CATEGORIES.map(
  (c) =>
    `(${c.id}, ${sqlText(c.mainCategory)}, ${sqlText(c.subCategory)}, ${sqlText(c.fr)}, ${sqlText(c.en)}, ${sqlText(c.icon)})`,
).join(',\n  ');

const partnerRows = PARTNERS.map(
  (p) => `(${p.id}, ${sqlText(p.name)}, ${sqlText(p.logo)}, ${sqlText(p.backColor)})`,
).join(',\n  ');

/*
 * The catalogue, column for column the SQLite schema (partner-api/store/sqlite/migrations/001-catalogue.ts):
 * timestamps are epoch milliseconds and ids are BIGINT (SQLite's integers are 64-bit: an id a client sends may be
 * any of them), REAL becomes DOUBLE PRECISION (SQLite's REAL is 64-bit too) and 0/1
 * flags become BOOLEAN. Each event keeps its serialized JSON as TEXT (docs/design.md §5): served as stored, never
 * parsed. SQLite's R*Tree has no counterpart: the events query runs on the in-memory EventIndex.
 *
 * `catalogue_clock` holds the last `updatedAt` handed out. Every catalogue write updates its one row first, which
 * locks it until the write commits: stamps are therefore handed out in commit order (docs/decisions.md).
 */
const sql = `
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  main_category TEXT NOT NULL,
  sub_category TEXT,
  traduction_fr TEXT NOT NULL,
  traduction_en TEXT NOT NULL,
  icon TEXT NOT NULL,
  UNIQUE (main_category, sub_category)
);

INSERT INTO categories (id, main_category, sub_category, traduction_fr, traduction_en, icon) VALUES
  ${categoryRows};

CREATE TABLE partners (
  id BIGINT PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  logo TEXT NOT NULL,
  back_color TEXT NOT NULL
);

INSERT INTO partners (id, name, logo, back_color) VALUES
  ${partnerRows};

CREATE TABLE map_places (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  address TEXT NOT NULL,
  lng DOUBLE PRECISION NOT NULL,
  lat DOUBLE PRECISION NOT NULL,
  average_grade DOUBLE PRECISION,
  total_grades INTEGER,
  street TEXT,
  city TEXT,
  postal_code TEXT,
  country TEXT,
  photo_ref TEXT,
  website TEXT,
  editorial_summary TEXT,
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris',
  periods TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE places (
  id BIGINT PRIMARY KEY,
  map_id TEXT REFERENCES map_places (id),
  name TEXT NOT NULL,
  lng DOUBLE PRECISION NOT NULL,
  lat DOUBLE PRECISION NOT NULL,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  country TEXT NOT NULL,
  image TEXT NOT NULL,
  square_image TEXT NOT NULL,
  rectangle_image TEXT NOT NULL,
  average_grade DOUBLE PRECISION NOT NULL DEFAULT 0,
  total_grades INTEGER NOT NULL DEFAULT 0,
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris'
);
CREATE INDEX places_map_id ON places (map_id);

CREATE TABLE performers (
  id BIGINT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image TEXT,
  square_image TEXT,
  rectangle_image TEXT,
  web_image TEXT,
  identity_confirmed BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE events (
  id BIGINT PRIMARY KEY,
  service_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  start_ms BIGINT NOT NULL,
  end_ms BIGINT NOT NULL,
  has_end_date_not_reliable BOOLEAN NOT NULL DEFAULT FALSE,
  lowest_price DOUBLE PRECISION,
  highest_price DOUBLE PRECISION,
  has_good_deal BOOLEAN NOT NULL DEFAULT FALSE,
  image TEXT,
  image_height INTEGER,
  image_width INTEGER,
  square_image TEXT,
  rectangle_image TEXT,
  web_image TEXT,
  not_available_ms BIGINT,
  cancelled_ms BIGINT,
  availability_changed_ms BIGINT,
  created_ms BIGINT NOT NULL,
  updated_ms BIGINT NOT NULL UNIQUE,
  place_id BIGINT NOT NULL REFERENCES places (id),
  map_place_id TEXT REFERENCES map_places (id),
  lng DOUBLE PRECISION NOT NULL,
  lat DOUBLE PRECISION NOT NULL,
  category_mask INTEGER NOT NULL DEFAULT 0,
  average_grade DOUBLE PRECISION NOT NULL DEFAULT 0,
  total_grades INTEGER NOT NULL DEFAULT 0,
  trending_score DOUBLE PRECISION NOT NULL DEFAULT 0,
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris',
  body TEXT NOT NULL,
  commentaries_json TEXT NOT NULL DEFAULT '[]',
  performers_json TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX events_end ON events (end_ms, id);
CREATE INDEX events_start ON events (start_ms, id);
CREATE INDEX events_place ON events (place_id);
CREATE INDEX events_map_place ON events (map_place_id, start_ms);
CREATE INDEX events_service_id ON events (service_id, id);
CREATE INDEX events_cancelled ON events (cancelled_ms) WHERE cancelled_ms IS NOT NULL;
CREATE INDEX events_not_available ON events (not_available_ms) WHERE not_available_ms IS NOT NULL;

CREATE TABLE event_categories (
  event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories (id),
  PRIMARY KEY (event_id, category_id)
);
CREATE INDEX event_categories_category ON event_categories (category_id, event_id);

CREATE TABLE sources (
  id BIGINT PRIMARY KEY,
  event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  partner_id BIGINT NOT NULL REFERENCES partners (id),
  start_ms BIGINT NOT NULL,
  end_ms BIGINT NOT NULL,
  lowest_price DOUBLE PRECISION,
  highest_price DOUBLE PRECISION,
  is_good_deal BOOLEAN NOT NULL DEFAULT FALSE,
  commission_fix DOUBLE PRECISION NOT NULL DEFAULT 0,
  commission_per_ticket DOUBLE PRECISION NOT NULL DEFAULT 0,
  commission_per_cart DOUBLE PRECISION NOT NULL DEFAULT 0,
  commission_rate DOUBLE PRECISION NOT NULL DEFAULT 0,
  link TEXT NOT NULL,
  is_bookable BOOLEAN NOT NULL DEFAULT TRUE,
  available_dates TEXT NOT NULL DEFAULT '[]',
  average_grade DOUBLE PRECISION NOT NULL DEFAULT 0,
  total_grades INTEGER NOT NULL DEFAULT 0,
  cant_retrieve_available_dates BOOLEAN NOT NULL DEFAULT FALSE,
  not_available_ms BIGINT
);
CREATE INDEX sources_event ON sources (event_id);
CREATE INDEX sources_partner ON sources (partner_id, event_id);

CREATE TABLE event_performers (
  event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  performer_id BIGINT NOT NULL REFERENCES performers (id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, performer_id)
);
CREATE INDEX event_performers_performer ON event_performers (performer_id, event_id);

CREATE TABLE commentaries (
  id BIGSERIAL PRIMARY KEY,
  event_id BIGINT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  grade DOUBLE PRECISION NOT NULL,
  content TEXT NOT NULL,
  username TEXT NOT NULL,
  date_ms BIGINT NOT NULL
);
CREATE INDEX commentaries_event ON commentaries (event_id, date_ms);

CREATE TABLE tombstones (
  event_id BIGINT PRIMARY KEY,
  deleted_ms BIGINT NOT NULL
);
CREATE INDEX tombstones_deleted ON tombstones (deleted_ms);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE catalogue_clock (
  id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  last_updated_ms BIGINT NOT NULL
);
INSERT INTO catalogue_clock (id, last_updated_ms) VALUES (TRUE, 0);
`;

/** Catalogue tables (events, places, map places, performers, sources, categories, tombstones) and the write clock. */
export const catalogueMigration: PostgresMigration = { version: 1, name: 'catalogue', sql };
