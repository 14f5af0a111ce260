import { inject } from 'vitest';
import { clonePostgresDatabase } from './postgres-clone';

/**
 * A fresh, migrated database on the run's throwaway PostgreSQL server, for tests of the `postgres` Vitest project.
 * Throws when the run has no PostgreSQL.
 */
export async function createPostgresTestDatabase(): Promise<string> {
  const provided = inject('postgres');
  if (!provided) throw new Error('This test needs PostgreSQL: run it in the vitest project "postgres".');
  return (await clonePostgresDatabase(provided.templateUrl)).url;
}
