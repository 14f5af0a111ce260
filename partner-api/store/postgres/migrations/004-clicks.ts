import type { PostgresMigration } from './migration';

/** Clicks on tracked links, as in SQLite (partner-api/store/sqlite/migrations/004-clicks.ts). */
export const clicksMigration: PostgresMigration = {
  version: 4,
  name: 'clicks',
  sql: `
CREATE TABLE clicks (
  id BIGSERIAL PRIMARY KEY,
  client_id TEXT NOT NULL,
  source_id BIGINT NOT NULL,
  event_id BIGINT NOT NULL,
  event_name TEXT NOT NULL,
  source_name TEXT NOT NULL,
  link TEXT NOT NULL,
  commission DOUBLE PRECISION NOT NULL,
  created_ms BIGINT NOT NULL
);
CREATE INDEX clicks_client_created ON clicks (client_id, created_ms, id);
`,
};
