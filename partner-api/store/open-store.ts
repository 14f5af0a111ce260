import { StoreConfigError, type Store } from './port';
import type { OpenStoreConfig, StoreOpener } from './store-opener';

export type { OpenStoreConfig, StoreOpener };

export type StoreTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; /** The URL without its password, for logs. */ location: string };

/** Which store PARTNER_API_DB names; throws a StoreConfigError naming what is wrong (never the password). */
export function parseStoreTarget(database: string): StoreTarget {
  const value = database.trim();
  if (value === '')
    throw new StoreConfigError('PARTNER_API_DB is empty: give a file path, a sqlite: or a postgres:// URL.');
  if (/^postgres(ql)?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new StoreConfigError(
        'PARTNER_API_DB is not a valid PostgreSQL URL (postgres://user:password@host:5432/db).',
      );
    }
    if (url.pathname.replace(/^\//, '') === '') {
      throw new StoreConfigError('PARTNER_API_DB names no database: postgres://user:password@host:5432/<database>.');
    }
    const safe = new URL(url.href);
    if (safe.password) safe.password = '***';
    return { kind: 'postgres', url: value, location: safe.href };
  }
  if (/^sqlite:/i.test(value)) {
    const rest = value.slice('sqlite:'.length);
    // sqlite:///abs/path → /abs/path; sqlite://relative is ambiguous (a host?) and refused; sqlite:rel/path → rel/path.
    if (rest.startsWith('//') && !rest.startsWith('///')) {
      throw new StoreConfigError(
        'PARTNER_API_DB: write sqlite:relative/file.sqlite or sqlite:///absolute/file.sqlite.',
      );
    }
    const file = decodeURIComponent(rest.startsWith('///') ? rest.slice(2) : rest);
    if (file === '') throw new StoreConfigError('PARTNER_API_DB: the sqlite: URL names no file.');
    return { kind: 'sqlite', file };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    const scheme = value.slice(0, value.indexOf(':'));
    throw new StoreConfigError(
      `PARTNER_API_DB: unknown store "${scheme}:"; use a file path, a sqlite: URL or a postgres:// URL.`,
    );
  }
  return { kind: 'sqlite', file: value };
}

/**
 * Opens the store PARTNER_API_DB names, migrated. PostgreSQL's module is loaded only when asked for, so a SQLite
 * service never loads `pg` (and a build without it says so instead of failing on import).
 */
export async function openStore(config: OpenStoreConfig): Promise<Store> {
  const target = parseStoreTarget(config.database);
  if (target.kind === 'sqlite') {
    const { openSqliteStore } = await import('./sqlite/open-store');
    return openSqliteStore({ ...config, location: target.file });
  }
  const open = await loadPostgresOpener();
  return open({ ...config, database: target.url, location: target.location });
}

/**
 * The PostgreSQL store's opener, loaded on demand; a StoreConfigError saying so when this build does not have it.
 * `importer` is for tests.
 */
export async function loadPostgresOpener(
  importer: () => Promise<{ openPostgresStore: StoreOpener }> = () => import('./postgres/open-store'),
): Promise<StoreOpener> {
  try {
    return (await importer()).openPostgresStore;
  } catch (error) {
    if (isModuleMissing(error)) {
      throw new StoreConfigError(
        'PostgreSQL support is not built in: partner-api/store/postgres is missing. Use a SQLite PARTNER_API_DB.',
        { cause: error },
      );
    }
    throw error;
  }
}

function isModuleMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return (
    (code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      /Cannot find module|Failed to load url|Failed to resolve import/.test(message)) &&
    /postgres[/\\]open/.test(message)
  );
}
