import type { TestProject } from 'vitest/node';
import { createPool, migratePostgres } from '@/partner-api/store/postgres/pool';
import { findPostgresBinDir, startPostgresServer, type PostgresServer } from './postgres-server';

/*
 * Vitest global setup of the `postgres` project: one throwaway PostgreSQL server for the whole run, with a migrated
 * template database that every test clones (partner-api/testing/postgres-database.ts), and nothing left behind.
 */

/** What the tests of the `postgres` project receive (`inject('postgres')`). */
export interface ProvidedPostgres {
  /** The migrated template database: tests clone it (partner-api/testing/postgres-database.ts). */
  templateUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server of the run, or null when PostgreSQL is not installed. */
    postgres: ProvidedPostgres | null;
    /** Port of the throwaway server (0 = any free port). */
    postgresPort: number;
  }
}

export const TEMPLATE_DATABASE = 'eventmap_template';

let server: PostgresServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    project.provide('postgres', null);
    return;
  }
  const port = project.getProvidedContext().postgresPort;
  server = await startPostgresServer({ binDir, ...(port ? { port } : {}) });
  const url = await server.createDatabase({ name: TEMPLATE_DATABASE });
  const pool = createPool(url, { max: 1 });
  try {
    await migratePostgres(pool);
  } finally {
    await pool.end();
  }
  project.provide('postgres', { templateUrl: url });
  // The HTTP contract suite opens its stores through openTestStore (partner-api/testing/fixtures.ts), which clones
  // the database PARTNER_API_TEST_DB names for each one; the workers of this run inherit it.
  process.env.PARTNER_API_TEST_DB = url;
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}
