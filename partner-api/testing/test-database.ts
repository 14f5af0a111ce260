import { inject } from 'vitest';
import { getTestDatabase } from '@/partner-api/env';

/**
 * The database the service tests run against: the store PARTNER_API_TEST_DB names (env.ts getTestDatabase: a server
 * of your own), else the `postgres` project's throwaway server (its global setup provides it,
 * partner-api/testing/postgres-global-setup.ts), else undefined — a private in-memory SQLite database per test store.
 * Test code only: it asks Vitest's runner.
 */
export function testDatabase(): string | undefined {
  return getTestDatabase() ?? inject('postgres')?.databaseUrl;
}
