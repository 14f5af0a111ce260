import type { Migration } from './migration';

/**
 * Ingestion (docs/ingestion.md): every source record as one partner last sent it, keyed by (partner, partner's id),
 * with the event it belongs to; the places and performers ingestion created, by normalized venue and name, so the
 * next record for the same venue or artist reuses them; each partner's commission terms and time zone; and the
 * ingest API's keys (SHA-256 of a random 256-bit key: no slow hash is needed for a key nobody chose).
 */
export const ingestMigration: Migration = {
  version: 7,
  name: 'ingest',
  sql: `
CREATE TABLE ingest_sources (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  partner TEXT NOT NULL,
  ref TEXT NOT NULL,
  event_id INTEGER NOT NULL,
  hash TEXT NOT NULL,
  data TEXT NOT NULL,
  start_ms INTEGER NOT NULL,
  match_key TEXT NOT NULL,
  end_ms INTEGER NOT NULL,
  UNIQUE (partner, ref)
);
CREATE INDEX ingest_sources_event ON ingest_sources (event_id);
CREATE INDEX ingest_sources_match ON ingest_sources (match_key);
CREATE INDEX ingest_sources_partner_end ON ingest_sources (partner, end_ms);

CREATE TABLE ingest_venues (
  venue_key TEXT PRIMARY KEY,
  place_id INTEGER NOT NULL
);

CREATE TABLE ingest_performers (
  name_key TEXT PRIMARY KEY,
  performer_id INTEGER NOT NULL
);

CREATE TABLE ingest_keys (
  key_hash TEXT PRIMARY KEY,
  partner TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);

CREATE TABLE partner_terms (
  partner_id INTEGER PRIMARY KEY REFERENCES partners (id),
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris',
  commission_fix REAL NOT NULL DEFAULT 0,
  commission_per_ticket REAL NOT NULL DEFAULT 0,
  commission_per_cart REAL NOT NULL DEFAULT 0,
  commission_rate REAL NOT NULL DEFAULT 0
);
`,
};
