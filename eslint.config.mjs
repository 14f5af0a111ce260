import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import clientServerBoundary from './eslint-rules/client-server-boundary.mjs';

/** Import patterns a layer may not use, with the reason shown to whoever tries. */
const forbid = (groups, message) => ({ group: groups, message });

const WEB = ['app/**', 'components/**', 'lib/**'];
/** What no web module may import: the service's code and database drivers. */
const WEB_FORBIDDEN = [
  forbid(['@/partner-api/**', '**/partner-api/**'], 'The web app reaches the Partner API over HTTP only.'),
  forbid(['better-sqlite3', 'pg'], 'The web app has no database driver.'),
];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**'];

/** The service's layers that are not a store implementation: they reach storage through the port only. */
const SERVICE_STORAGE_FORBIDDEN = [
  forbid(
    ['better-sqlite3', 'pg', 'pg-*'],
    'Only a store implementation (partner-api/store/sqlite|postgres) uses a driver.',
  ),
  forbid(
    ['**/store/sqlite/**', '**/store/postgres/**', '@/partner-api/store/sqlite/**', '@/partner-api/store/postgres/**'],
    'Use the storage port (partner-api/store/port.ts, opened by openStore), not a store implementation.',
  ),
];
/** Tests that are about SQLite itself (file faults, FTS5 tokenizing, the seed's rows) outside store/sqlite/. */
const SQLITE_INTERNALS_TESTS = [
  'partner-api/fault.test.ts',
  'partner-api/search/text.test.ts',
  'partner-api/seed/seed-atomic.test.ts',
  'partner-api/seed/seed-catalogue.test.ts',
  'partner-api/testing/fixtures.ts',
];
/** The throwaway PostgreSQL server of the tests (initdb, template clones): a database tool, not service code. */
const POSTGRES_TEST_SERVER = ['partner-api/testing/postgres-server.ts', 'partner-api/testing/postgres-clone.ts'];

const config = defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'dist/**',
    'node_modules/**',
    '.data/**',
    'coverage/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'public/**',
  ]),
  {
    // Type-aware rules: floating promises, unsafe `any` flows, misused promises and the rest of the checked set.
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Fastify handlers, hooks and the test doubles of async interfaces are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    plugins: { eventmap: { rules: { 'client-server-boundary': clientServerBoundary } } },
    rules: {
      'eventmap/client-server-boundary': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from lib/env.ts or partner-api/env.ts.' },
      ],
    },
  },
  {
    // The web app talks to the service only through the spec's HTTP contract (lib/contract and lib/partner).
    files: WEB,
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: WEB_FORBIDDEN,
        },
      ],
    },
  },
  {
    // lib/ is code without JSX that components build on; it never reaches up into components.
    files: ['lib/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['@/components/**', '**/components/**'], 'lib/ never imports components/.'),
            forbid(['@/app/**'], 'lib/ never imports app/.'),
            ...WEB_FORBIDDEN,
          ],
        },
      ],
    },
  },
  {
    // The one exception to "no database driver": the web app's catalogue mirror (sitemap, dashboard facts) is a local
    // SQLite file that the web process owns, opened only here (server-only; better-sqlite3 is kept out of the Next
    // bundle by serverExternalPackages). It still reaches the service over HTTP only.
    files: ['lib/mirror/mirror-db.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['@/partner-api/**', '**/partner-api/**'], 'The web app reaches the Partner API over HTTP only.'),
            forbid(['@/components/**', '**/components/**'], 'lib/ never imports components/.'),
            forbid(['@/app/**'], 'lib/ never imports app/.'),
            forbid(['pg'], 'The mirror is a SQLite file.'),
          ],
        },
      ],
    },
  },
  {
    // The service shares nothing with the web app but the contract's schemas.
    files: ['partner-api/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['@/app/**', '@/components/**', '**/app/**', '**/components/**'], 'The service is not the web app.'),
            {
              regex: '^@/lib/(?!(contract|event-index)(/|$))',
              message:
                'The service imports from lib/ only the shared contract (lib/contract) and the shared event index ' +
                '(lib/event-index, pure code both programs run).',
            },
          ],
        },
      ],
    },
  },
  {
    // The storage boundary: outside the store, the service and its tests use the port (store/port.ts) only.
    files: ['partner-api/**'],
    ignores: ['partner-api/store/**', ...SQLITE_INTERNALS_TESTS, ...POSTGRES_TEST_SERVER],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['@/app/**', '@/components/**', '**/app/**', '**/components/**'], 'The service is not the web app.'),
            {
              regex: '^@/lib/(?!(contract|event-index)(/|$))',
              message:
                'The service imports from lib/ only the shared contract (lib/contract) and the shared event index ' +
                '(lib/event-index, pure code both programs run).',
            },
            ...SERVICE_STORAGE_FORBIDDEN,
          ],
        },
      ],
    },
  },
  {
    // Store-agnostic parts of the store (the port, openStore, the EventIndex, records) know no driver.
    files: ['partner-api/store/**'],
    // migrate/ copies one store into the other, so it uses both implementations.
    ignores: ['partner-api/store/sqlite/**', 'partner-api/store/postgres/**', 'partner-api/store/migrate/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            forbid(['better-sqlite3', 'pg', 'pg-*'], 'Only a store implementation uses a database driver.'),
            forbid(
              [
                './sqlite/**',
                './postgres/**',
                '../sqlite/**',
                '../postgres/**',
                '**/store/sqlite/**',
                '**/store/postgres/**',
              ],
              'Store-agnostic code depends on the port, not on an implementation (openStore loads them dynamically).',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['partner-api/store/sqlite/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(['pg', 'pg-*', '**/postgres/**'], 'The SQLite store does not use PostgreSQL.')] },
      ],
    },
  },
  {
    files: ['partner-api/store/postgres/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [forbid(['better-sqlite3', '**/sqlite/**'], 'The PostgreSQL store does not use SQLite.')] },
      ],
    },
  },
  {
    // The env modules and build/dev scripts are the only readers of process.env.
    files: ['lib/env.ts', 'partner-api/env.ts', 'scripts/**', 'bench/**', '*.config.*', 'e2e/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
]);

export default config;
