import { catalogueMigration } from './001-catalogue';
import { authMigration } from './002-auth';
import { searchMigration } from './003-search';
import { clicksMigration } from './004-clicks';
import { serviceIdMigration } from './005-service-id';
import { changeFeedMigration } from './006-change-feed';
import { ingestMigration } from './007-ingest';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Ordered, append-only: never edit a migration that has shipped, add a new one. */
export const MIGRATIONS: Migration[] = [
  catalogueMigration,
  authMigration,
  searchMigration,
  clicksMigration,
  serviceIdMigration,
  changeFeedMigration,
  ingestMigration,
];
