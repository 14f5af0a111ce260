import { StorageFullError, StorageUnavailableError, type StorageError } from '../port';

/**
 * SQLite failures that mean "the store cannot serve this right now" rather than "this request or this code is wrong",
 * by extended result code prefix: a full disk, a read-only file or file system, an I/O error, or a lock held past the
 * busy timeout.
 */
const FAILURES: Array<{ prefix: string; reason: string; kind: 'full' | 'unavailable'; retryAfterSeconds: number }> = [
  { prefix: 'SQLITE_FULL', reason: 'the disk (or database size limit) is full', kind: 'full', retryAfterSeconds: 30 },
  {
    prefix: 'SQLITE_READONLY',
    reason: 'the database or its file system is read-only',
    kind: 'full',
    retryAfterSeconds: 30,
  },
  { prefix: 'SQLITE_IOERR', reason: 'the disk reported an I/O error', kind: 'unavailable', retryAfterSeconds: 30 },
  {
    prefix: 'SQLITE_CANTOPEN',
    reason: 'a database file (journal, WAL) cannot be opened',
    kind: 'unavailable',
    retryAfterSeconds: 30,
  },
  {
    prefix: 'SQLITE_BUSY',
    reason: 'the database stayed locked by another writer',
    kind: 'unavailable',
    retryAfterSeconds: 1,
  },
  {
    prefix: 'SQLITE_LOCKED',
    reason: 'the database stayed locked by another writer',
    kind: 'unavailable',
    retryAfterSeconds: 1,
  },
];

/** The port's StorageError for a better-sqlite3 error, or undefined for any other error (a bug, a bad input). */
export function toStorageError(error: unknown): StorageError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // better-sqlite3's SqliteError carries the extended result code; the class itself is not needed to recognise it.
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  const match = FAILURES.find((entry) => code === entry.prefix || code.startsWith(`${entry.prefix}_`));
  if (!match) return undefined;
  return match.kind === 'full'
    ? new StorageFullError(match.reason, code, match.retryAfterSeconds, { cause: error })
    : new StorageUnavailableError(match.reason, code, match.retryAfterSeconds, { cause: error });
}

/** Runs a synchronous store operation as the port's async one, translating SQLite failures into StorageErrors. */
export function run<T>(operation: () => T): Promise<T> {
  try {
    return Promise.resolve(operation());
  } catch (error) {
    return Promise.reject(toStorageError(error) ?? (error instanceof Error ? error : new Error(String(error))));
  }
}
