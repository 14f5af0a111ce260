import { CATEGORIES, PARTNERS } from '../../catalogue-data';
import type { Migration } from './migration';

const sqlText = (value: string | null): string => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`);

const categoryRows = CATEGORIES.map(
  (c) =>
    `(${c.id}, ${sqlText(c.mainCategory)}, ${sqlText(c.subCategory)}, ${sqlText(c.fr)}, ${sqlText(c.en)}, ${sqlText(c.icon)})`,
).join(',\n  ');

const partnerRows = PARTNERS.map(
  (p) => `(${p.id}, ${sqlText(p.name)}, ${sqlText(p.logo)}, ${sqlText(p.backColor)})`,
).join(',\n  ');

/*
 * The catalogue: events and everything they embed. Timestamps are epoch milliseconds (`*_ms`). Each event keeps its
 * serialized JSON (`body`, `commentaries_json`, `performers_json`, docs/design.md §5), rebuilt on every write that
 * touches anything it embeds. Image columns hold service-relative paths (`/images/...`); the serializer makes them
 * absolute.
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
  id INTEGER PRIMARY KEY,
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
  lng REAL NOT NULL,
  lat REAL NOT NULL,
  average_grade REAL,
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
  id INTEGER PRIMARY KEY,
  map_id TEXT REFERENCES map_places (id),
  name TEXT NOT NULL,
  lng REAL NOT NULL,
  lat REAL NOT NULL,
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  country TEXT NOT NULL,
  image TEXT NOT NULL,
  square_image TEXT NOT NULL,
  rectangle_image TEXT NOT NULL,
  average_grade REAL NOT NULL DEFAULT 0,
  total_grades INTEGER NOT NULL DEFAULT 0,
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris'
);
CREATE INDEX places_map_id ON places (map_id);

CREATE TABLE performers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  image TEXT,
  square_image TEXT,
  rectangle_image TEXT,
  web_image TEXT,
  identity_confirmed INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  service_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  has_end_date_not_reliable INTEGER NOT NULL DEFAULT 0,
  lowest_price REAL,
  highest_price REAL,
  has_good_deal INTEGER NOT NULL DEFAULT 0,
  image TEXT,
  image_height INTEGER,
  image_width INTEGER,
  square_image TEXT,
  rectangle_image TEXT,
  web_image TEXT,
  not_available_ms INTEGER,
  cancelled_ms INTEGER,
  availability_changed_ms INTEGER,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL UNIQUE,
  place_id INTEGER NOT NULL REFERENCES places (id),
  map_place_id TEXT REFERENCES map_places (id),
  lng REAL NOT NULL,
  lat REAL NOT NULL,
  category_mask INTEGER NOT NULL DEFAULT 0,
  average_grade REAL NOT NULL DEFAULT 0,
  total_grades INTEGER NOT NULL DEFAULT 0,
  trending_score REAL NOT NULL DEFAULT 0,
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris',
  body TEXT NOT NULL,
  commentaries_json TEXT NOT NULL DEFAULT '[]',
  performers_json TEXT NOT NULL DEFAULT '[]'
);
-- orderBy columns, each with id as the tie-breaker (docs/design.md §4.3); updated_ms is unique already.
CREATE INDEX events_start ON events (start_ms, id);
CREATE INDEX events_end ON events (end_ms, id);
CREATE INDEX events_lowest_price ON events (lowest_price, id);
CREATE INDEX events_highest_price ON events (highest_price, id);
CREATE INDEX events_place ON events (place_id);
CREATE INDEX events_map_place ON events (map_place_id);
CREATE INDEX events_cancelled ON events (cancelled_ms) WHERE cancelled_ms IS NOT NULL;
CREATE INDEX events_not_available ON events (not_available_ms) WHERE not_available_ms IS NOT NULL;

CREATE TABLE event_categories (
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories (id),
  PRIMARY KEY (event_id, category_id)
) WITHOUT ROWID;
CREATE INDEX event_categories_category ON event_categories (category_id, event_id);

CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  partner_id INTEGER NOT NULL REFERENCES partners (id),
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  lowest_price REAL,
  highest_price REAL,
  is_good_deal INTEGER NOT NULL DEFAULT 0,
  commission_fix REAL NOT NULL DEFAULT 0,
  commission_per_ticket REAL NOT NULL DEFAULT 0,
  commission_per_cart REAL NOT NULL DEFAULT 0,
  commission_rate REAL NOT NULL DEFAULT 0,
  link TEXT NOT NULL,
  is_bookable INTEGER NOT NULL DEFAULT 1,
  available_dates TEXT NOT NULL DEFAULT '[]',
  average_grade REAL NOT NULL DEFAULT 0,
  total_grades INTEGER NOT NULL DEFAULT 0,
  cant_retrieve_available_dates INTEGER NOT NULL DEFAULT 0,
  not_available_ms INTEGER
);
CREATE INDEX sources_event ON sources (event_id);
CREATE INDEX sources_partner ON sources (partner_id, event_id);

CREATE TABLE event_performers (
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  performer_id INTEGER NOT NULL REFERENCES performers (id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (event_id, performer_id)
) WITHOUT ROWID;
CREATE INDEX event_performers_performer ON event_performers (performer_id, event_id);

CREATE TABLE commentaries (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  grade REAL NOT NULL,
  content TEXT NOT NULL,
  username TEXT NOT NULL,
  date_ms INTEGER NOT NULL
);
CREATE INDEX commentaries_event ON commentaries (event_id, date_ms);

CREATE TABLE tombstones (
  event_id INTEGER PRIMARY KEY,
  deleted_ms INTEGER NOT NULL
);
CREATE INDEX tombstones_deleted ON tombstones (deleted_ms);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Time in minutes since the epoch keeps the float32 coordinates of the R*Tree precise to a couple of minutes.
CREATE VIRTUAL TABLE event_boxes USING rtree(id, min_lng, max_lng, min_lat, max_lat, min_t, max_t);
`;

/** Catalogue tables (events, places, map places, performers, sources, categories, tombstones) and the R*Tree. */
export const catalogueMigration: Migration = { version: 1, name: 'catalogue', sql };
