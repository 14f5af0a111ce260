import type { PostgresMigration } from './migration';

/** Ingestion's tables (the SQLite store's migration 007 explains them). */
export const ingestMigration: PostgresMigration = {
  version: 6,
  name: 'ingest',
  sql: `
CREATE TABLE ingest_sources (
  seq BIGSERIAL PRIMARY KEY,
  partner TEXT NOT NULL,
  ref TEXT NOT NULL,
  event_id BIGINT NOT NULL,
  hash TEXT NOT NULL,
  data TEXT NOT NULL,
  start_ms BIGINT NOT NULL,
  match_key TEXT NOT NULL,
  end_ms BIGINT NOT NULL,
  UNIQUE (partner, ref)
);
CREATE INDEX ingest_sources_event ON ingest_sources (event_id);
CREATE INDEX ingest_sources_match ON ingest_sources (match_key);
CREATE INDEX ingest_sources_partner_end ON ingest_sources (partner, end_ms);

CREATE TABLE ingest_venues (
  venue_key TEXT PRIMARY KEY,
  place_id BIGINT NOT NULL
);

CREATE TABLE ingest_performers (
  name_key TEXT PRIMARY KEY,
  performer_id BIGINT NOT NULL
);

CREATE TABLE ingest_keys (
  key_hash TEXT PRIMARY KEY,
  partner TEXT NOT NULL,
  created_ms BIGINT NOT NULL
);

CREATE TABLE partner_terms (
  partner_id BIGINT PRIMARY KEY REFERENCES partners (id),
  time_zone TEXT NOT NULL DEFAULT 'Europe/Paris',
  commission_fix DOUBLE PRECISION NOT NULL DEFAULT 0,
  commission_per_ticket DOUBLE PRECISION NOT NULL DEFAULT 0,
  commission_per_cart DOUBLE PRECISION NOT NULL DEFAULT 0,
  commission_rate DOUBLE PRECISION NOT NULL DEFAULT 0
);
`,
};
