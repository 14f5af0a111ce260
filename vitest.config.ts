import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The project's root: the `@` alias, and where the projects' globs are read from. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Tests that need a PostgreSQL server: they run in the `postgres` project only. */
const POSTGRES_TESTS = ['partner-api/store/postgres/**/*.test.ts', 'partner-api/store/migrate/**/*.test.ts'];
/**
 * The service's HTTP contract suite: every service test not about SQLite itself runs on PostgreSQL too, and so does
 * the web app's read model checked against the service (the same answers whatever the service's store).
 */
const CONTRACT_SUITE = ['partner-api/**/*.test.ts', 'lib/read-model/read-model.service.test.ts'];
/** Tests about SQLite internals (files, FTS5, the seed's SQLite rows), or about nothing stored. */
const SQLITE_ONLY = [
  'partner-api/store/sqlite/**',
  'partner-api/fault.test.ts',
  'partner-api/search/text.test.ts',
  'partner-api/seed/seed-atomic.test.ts',
  'partner-api/seed/seed-catalogue.test.ts',
  'partner-api/store/event-index/**',
  'partner-api/store/local-date.test.ts',
  'partner-api/env.test.ts',
  // Starts SQLite-backed services of its own (as `serve` does); the store under them is not what it tests.
  'partner-api/clock-start.test.ts',
  'partner-api/http/**',
  // Compiles the served document's generated types: nothing stored is involved.
  'partner-api/routes/openapi-types.test.ts',
  'partner-api/links/**',
];

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

/**
 * What makes a test file need a process of its own. Every other file shares its worker's process and module cache
 * with the files run before it there (`isolate: false`): a fresh process per file spent more time loading modules
 * than running tests (docs/testing.md, "Where the time goes"). These change what a process holds once:
 * - the environment, which each program parses once, at first use (lib/env.ts, partner-api/env.ts);
 * - modules or globals replaced for the file (`vi.mock`, `vi.stubGlobal`, …);
 * - OpenTelemetry, whose SDK registers process-global providers (partner-api/observability/).
 */
const NEEDS_OWN_PROCESS = [
  /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/,
  /\bvi\.(mock|doMock|stubEnv|stubGlobal)\(/,
  /\b(otlpEndpoint|startTracing)\b/,
];

/**
 * A store's tests as two projects: `name` runs its files in shared processes, `name-isolated` the files that need a
 * process of their own (NEEDS_OWN_PROCESS), each in a fresh one. Both see the same options otherwise.
 */
function storeProjects(
  name: string,
  test: { include: string[]; exclude: string[] } & Omit<NonNullable<TestProjectInlineConfiguration['test']>, 'name'>,
): TestProjectInlineConfiguration[] {
  const isolated = globSync(test.include, { cwd: ROOT, ignore: test.exclude })
    .filter((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      return NEEDS_OWN_PROCESS.some((pattern) => pattern.test(source));
    })
    .sort();
  return [
    { extends: true as const, test: { ...test, name, exclude: [...test.exclude, ...isolated], isolate: false } },
    ...(isolated.length > 0
      ? [{ extends: true as const, test: { ...test, name: `${name}-isolated`, include: isolated, isolate: true } }]
      : []),
  ];
}

export default defineConfig({
  resolve: {
    alias: {
      '@': ROOT,
      // `server-only` throws outside a React Server Components bundle; tests import server modules directly.
      'server-only': fileURLToPath(new URL('./test/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time (Vitest's default here is the CPU count minus one: one). Most files wait on servers,
    // PostgreSQL and timers, so one at a time left a core idle; every PostgreSQL test store is a database of its own
    // (partner-api/testing/fixtures.ts), so files of the `postgres` project do not share state.
    maxWorkers: 2,
    projects: [
      ...storeProjects('sqlite', {
        include: ['**/*.test.ts', '**/*.test.tsx'],
        exclude: ['node_modules/**', '.next/**', 'e2e/**', 'dist/**', ...POSTGRES_TESTS],
        // SQLite's project: a PARTNER_API_TEST_DB set in the shell does not move it to another store. No test
        // reads or writes the default catalogue mirror file (.data/): those about the mirror name their own.
        env: { PARTNER_API_TEST_DB: '', CATALOGUE_MIRROR_FILE: 'off' },
      }),
      ...(postgresBinDir
        ? storeProjects('postgres', {
            include: CONTRACT_SUITE,
            exclude: SQLITE_ONLY,
            globalSetup: ['partner-api/testing/postgres-global-setup.ts'],
            env: { CATALOGUE_MIRROR_FILE: 'off' },
            provide: {
              // A fixed port when the machine reserves ports per user; by default any free one.
              postgresPort: Number(process.env.PARTNER_API_TEST_PG_PORT ?? 0),
            },
          })
        : []),
    ],
  },
});
