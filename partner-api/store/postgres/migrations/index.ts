import { catalogueMigration } from './001-catalogue';
import { authMigration } from './002-auth';
import { searchMigration } from './003-search';
import { clicksMigration } from './004-clicks';
import { eventJsonLz4Migration } from './005-event-json-lz4';
import { ingestMigration } from './006-ingest';

export interface PostgresMigration {
  version: number;
  name: string;
  sql: string;
}

/** Ordered, append-only: never edit a migration that has shipped, add a new one. */
export const POSTGRES_MIGRATIONS: PostgresMigration[] = [
  catalogueMigration,
  authMigration,
  searchMigration,
  clicksMigration,
  eventJsonLz4Migration,
  ingestMigration,
];
