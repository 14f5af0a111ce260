/**
 * SQLite failures that mean "the store cannot write right now" rather than "this request or this code is wrong":
 * a full disk, a read-only file or file system, an I/O error, or a lock held past the busy timeout. They are answered
 * 503 with Retry-After (reads keep working), and logged with the reason an operator can act on.
 */
export interface StorageFailure {
  /** Why, in words for the log. */
  reason: string;
  /** The SQLite extended result code, e.g. SQLITE_FULL or SQLITE_IOERR_WRITE. */
  code: string;
  /** Seconds a client should wait before retrying. */
  retryAfterSeconds: number;
}

const REASONS: Array<{ prefix: string; reason: string; retryAfterSeconds: number }> = [
  { prefix: 'SQLITE_FULL', reason: 'the disk (or database size limit) is full', retryAfterSeconds: 30 },
  { prefix: 'SQLITE_READONLY', reason: 'the database or its file system is read-only', retryAfterSeconds: 30 },
  { prefix: 'SQLITE_IOERR', reason: 'the disk reported an I/O error', retryAfterSeconds: 30 },
  { prefix: 'SQLITE_CANTOPEN', reason: 'a database file (journal, WAL) cannot be opened', retryAfterSeconds: 30 },
  { prefix: 'SQLITE_BUSY', reason: 'the database stayed locked by another writer', retryAfterSeconds: 1 },
  { prefix: 'SQLITE_LOCKED', reason: 'the database stayed locked by another writer', retryAfterSeconds: 1 },
];

/** The storage failure an error stands for, or undefined for any other error. */
export function storageFailure(error: unknown): StorageFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // better-sqlite3's SqliteError carries the extended result code; the class itself is not needed to recognise it.
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  const match = REASONS.find((entry) => code === entry.prefix || code.startsWith(`${entry.prefix}_`));
  return match && { reason: match.reason, code, retryAfterSeconds: match.retryAfterSeconds };
}
