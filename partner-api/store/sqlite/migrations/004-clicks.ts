import type { Migration } from './migration';

/*
 * Clicks on tracked links (GET /r/{token}, listed by GET /v2/clicks). A click keeps copies of what it reports
 * (event name, partner name, commission) so it survives later edits or deletion of the event and its sources.
 */
const sql = `
CREATE TABLE clicks (
  id INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  event_id INTEGER NOT NULL,
  event_name TEXT NOT NULL,
  source_name TEXT NOT NULL,
  link TEXT NOT NULL,
  commission REAL NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX clicks_client_created ON clicks (client_id, created_ms, id);
`;

/** The clicks table. */
export const clicksMigration: Migration = { version: 4, name: 'clicks', sql };
