import { ESLint, Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The storage boundary of eslint.config.mjs: only a store implementation imports a database driver or another
 * implementation's modules. Each case resolves the repository's own config for a file of that layer and lints imports
 * with the rule it gets there.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function violations(file: string, source: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, Linter.RuleEntry> };
  const rule = config.rules?.['no-restricted-imports'];
  if (!rule) return [];
  const messages = new Linter({ configType: 'flat' }).verify(
    source,
    [{ files: ['**/*.js'], languageOptions: { sourceType: 'module' }, rules: { 'no-restricted-imports': rule } }],
    { filename: 'probe.js' },
  );
  return messages.map((message) => message.message);
}

const SQLITE_DRIVER = "import Database from 'better-sqlite3';";
const PG_DRIVER = "import pg from 'pg';";
const SQLITE_STORE = "import { openDatabase } from '../store/sqlite/open';";
const PORT = "import { StorageError } from '../store/port';";

// The first case loads the repository's ESLint config and its plugins: seconds alone, more than 30 at the load the
// two test lanes make.
describe('storage boundary (ESLint)', { timeout: 120_000 }, () => {
  it('forbids drivers and store implementations in routes, auth, seed and the service core', async () => {
    for (const file of ['partner-api/routes/events.ts', 'partner-api/auth/tokens.ts', 'partner-api/seed/rng.ts']) {
      for (const source of [SQLITE_DRIVER, PG_DRIVER, SQLITE_STORE]) {
        expect(await violations(file, source), `${file}: ${source}`).toHaveLength(1);
      }
      expect(await violations(file, PORT), file).toEqual([]);
    }
    expect((await violations('partner-api/app.ts', SQLITE_DRIVER))[0]).toMatch(/store implementation/);
  });

  it('keeps the store-agnostic parts (port, EventIndex, model) free of drivers and implementations', async () => {
    for (const file of ['partner-api/store/port.ts', 'partner-api/store/event-index/change-feed-follower.ts']) {
      expect(await violations(file, SQLITE_DRIVER), file).toHaveLength(1);
      expect(await violations(file, PG_DRIVER), file).toHaveLength(1);
      expect(await violations(file, "import { x } from '../sqlite/open';"), file).toHaveLength(1);
    }
  });

  it('lets each store use its own driver only', async () => {
    expect(await violations('partner-api/store/sqlite/open.ts', SQLITE_DRIVER)).toEqual([]);
    expect(await violations('partner-api/store/sqlite/open.ts', PG_DRIVER)).toHaveLength(1);
    expect(await violations('partner-api/store/postgres/open-store.ts', PG_DRIVER)).toEqual([]);
    expect(await violations('partner-api/store/postgres/open-store.ts', SQLITE_DRIVER)).toHaveLength(1);
  });

  it('applies to the service tests too, except those named as being about SQLite itself', async () => {
    expect(await violations('partner-api/routes/events.test.ts', SQLITE_DRIVER)).toHaveLength(1);
    expect(await violations('partner-api/store/sqlite/storage-failure.test.ts', SQLITE_DRIVER)).toEqual([]);
    expect(await violations('partner-api/search/text.test.ts', SQLITE_DRIVER)).toEqual([]);
  });
});
