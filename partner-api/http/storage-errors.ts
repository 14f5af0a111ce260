import { StorageError } from '../store/port';

/**
 * Store failures that mean "the store cannot serve this right now" rather than "this request or this code is wrong"
 * (a full disk, a read-only database, an unreachable server, a lock held too long): each store translates its own
 * driver's errors into the port's StorageError types, and they are answered 503 with Retry-After (reads keep working
 * when only writes fail), logged with the reason an operator can act on.
 */
export interface StorageFailure {
  /** Why, in words for the log. */
  reason: string;
  /** The driver's code, e.g. SQLITE_FULL or SQLITE_IOERR_WRITE. */
  code: string;
  /** Seconds a client should wait before retrying. */
  retryAfterSeconds: number;
}

/** The storage failure an error stands for, or undefined for any other error. */
export function storageFailure(error: unknown): StorageFailure | undefined {
  if (!(error instanceof StorageError)) return undefined;
  return { reason: error.reason, code: error.code, retryAfterSeconds: error.retryAfterSeconds };
}
