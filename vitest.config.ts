import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Tests that need a PostgreSQL server: they run in the `postgres` project only. */
const POSTGRES_TESTS = ['partner-api/store/postgres/**/*.test.ts'];

// The `postgres` project runs when PostgreSQL's server programs are installed (Debian: apt-get install postgresql);
// it starts a throwaway server of its own (partner-api/testing/postgres-global-setup.ts).
// (Debian's layout; partner-api/testing/postgres-server.ts looks in more places once the project runs.)
const postgresBinDir =
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((major) => existsSync(`/usr/lib/postgresql/${major}/bin/initdb`));
if (!postgresBinDir) {
  console.warn(
    '[vitest] PostgreSQL is not installed: the PostgreSQL tests are left out and the contract suite runs on SQLite ' +
      'only (Debian: apt-get install postgresql postgresql-contrib).',
  );
}

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside a React Server Components bundle; tests import server modules directly.
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: ['node_modules/**', '.next/**', 'e2e/**', 'dist/**', ...POSTGRES_TESTS],
          // The global setup of the postgres project points PARTNER_API_TEST_DB at its server; not this project.
          env: { PARTNER_API_TEST_DB: '' },
        },
      },
      ...(postgresBinDir
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: POSTGRES_TESTS,
                globalSetup: ['partner-api/testing/postgres-global-setup.ts'],
                provide: {
                  // A fixed port when the machine reserves ports per user; by default any free one.
                  postgresPort: Number(process.env.PARTNER_API_TEST_PG_PORT ?? 0),
                },
              },
            },
          ]
        : []),
    ],
  },
});
