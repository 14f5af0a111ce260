import type { TestProject } from 'vitest/node';
import { systemClock } from '@/partner-api/clock';
import { openStore } from '@/partner-api/store/open-store';
import { TEMPLATE_SUFFIX } from './postgres-clone';
import { findPostgresBinDir, startPostgresServer, type PostgresServer } from './postgres-server';

/*
 * Vitest global setup of the `postgres` project: one throwaway PostgreSQL server for the whole run, with a migrated
 * template database that every test clones (partner-api/testing/postgres-database.ts), and nothing left behind.
 */

/** What the tests of the `postgres` project receive (`inject('postgres')`). */
export interface ProvidedPostgres {
  /** The migrated template database: tests clone it (partner-api/testing/postgres-database.ts). */
  templateUrl: string;
  /**
   * The database the HTTP contract suite runs on (partner-api/testing/test-database.ts): its stores are clones of the
   * template each (openTestStore); tests of several stores on one database share this one.
   */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server of the run, or null when PostgreSQL is not installed. */
    postgres: ProvidedPostgres | null;
    /** Port of the throwaway server (0 = any free port). */
    postgresPort: number;
  }
}

/** The database the contract suite runs on; test stores are clones of its template (postgres-clone.ts). */
export const TEST_DATABASE = 'eventmap_test';

/**
 * One server for the run, whichever project sets up first: the `postgres` and `postgres-isolated` projects
 * (vitest.config.ts) both name this setup, and the second one shares the first one's server. Held on globalThis, as
 * each project may load this module anew.
 */
interface SharedServer {
  ready: Promise<{ server: PostgresServer | null; provided: ProvidedPostgres | null }>;
  users: number;
}
const shared = globalThis as typeof globalThis & { __eventmapTestPostgres?: SharedServer };

async function startShared(
  port: number,
): Promise<{ server: PostgresServer | null; provided: ProvidedPostgres | null }> {
  const binDir = findPostgresBinDir();
  if (!binDir) return { server: null, provided: null };
  const server = await startPostgresServer({ binDir, ...(port ? { port } : {}) });
  const templateUrl = await server.createDatabase({ name: TEST_DATABASE + TEMPLATE_SUFFIX });
  // Opening the store migrates the database; clones of it start migrated.
  const store = await openStore({ database: templateUrl, clock: systemClock, publicUrl: 'http://127.0.0.1:4000' });
  await store.close();
  const url = await server.createDatabase({ name: TEST_DATABASE, template: TEST_DATABASE + TEMPLATE_SUFFIX });
  return { server, provided: { templateUrl, databaseUrl: url } };
}

export async function setup(project: TestProject): Promise<void> {
  shared.__eventmapTestPostgres ??= { ready: startShared(project.getProvidedContext().postgresPort), users: 0 };
  shared.__eventmapTestPostgres.users += 1;
  project.provide('postgres', (await shared.__eventmapTestPostgres.ready).provided);
}

export async function teardown(): Promise<void> {
  const current = shared.__eventmapTestPostgres;
  if (!current) return;
  current.users -= 1;
  if (current.users > 0) return;
  shared.__eventmapTestPostgres = undefined;
  await (await current.ready).server?.stop();
}
