import pg from 'pg';
import { inject } from 'vitest';

let counter = 0;

/**
 * A fresh, migrated database on the run's throwaway PostgreSQL server (a clone of the template the global setup
 * migrated: tens of milliseconds), for one test or one test file. Throws when the run has no PostgreSQL.
 */
export async function createPostgresTestDatabase(): Promise<string> {
  const provided = inject('postgres');
  if (!provided) throw new Error('This test needs PostgreSQL: run it in the vitest project "postgres".');
  counter += 1;
  const name = `test_${process.pid}_${counter}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: provided.adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}" TEMPLATE "${provided.template}"`);
  } finally {
    await client.end();
  }
  const url = new URL(provided.adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
