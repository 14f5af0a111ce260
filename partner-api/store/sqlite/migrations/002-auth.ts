import type { Migration } from './migration';

/**
 * Partner clients and their tokens (docs/design.md §4.2). Secrets and refresh tokens are stored only as hashes. A
 * family is one chain of logins started by a secret grant and continued by refresh grants; revoking it (refresh-token
 * reuse) invalidates every refresh token and every access token (`fid` claim) of the chain. `service_secrets` keeps the
 * generated signing key of a development or demo service so tokens survive restarts.
 */
export const authMigration: Migration = {
  version: 2,
  name: 'auth',
  sql: `
CREATE TABLE clients (
  id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE TABLE token_families (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  created_ms INTEGER NOT NULL,
  revoked_ms INTEGER
) STRICT;
CREATE INDEX token_families_client ON token_families(client_id);

CREATE TABLE refresh_tokens (
  hash TEXT PRIMARY KEY,
  family_id TEXT NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  used_ms INTEGER
) STRICT;
CREATE INDEX refresh_tokens_family ON refresh_tokens(family_id);
CREATE INDEX refresh_tokens_expires ON refresh_tokens(expires_ms);

CREATE TABLE service_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
`,
};
