import type { PostgresMigration } from './migration';

/** Partner clients and their tokens, as in SQLite (partner-api/store/sqlite/migrations/002-auth.ts). */
export const authMigration: PostgresMigration = {
  version: 2,
  name: 'auth',
  sql: `
CREATE TABLE clients (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  disabled BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE token_families (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  created_ms BIGINT NOT NULL,
  revoked_ms BIGINT
);
CREATE INDEX token_families_client ON token_families (client_id);

CREATE TABLE refresh_tokens (
  hash TEXT PRIMARY KEY,
  family_id TEXT NOT NULL REFERENCES token_families (id) ON DELETE CASCADE,
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL,
  used_ms BIGINT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_ms);

CREATE TABLE service_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
`,
};
