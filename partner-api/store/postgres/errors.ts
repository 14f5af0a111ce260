import { StorageFullError, StorageUnavailableError, type StorageError } from '../port';

/*
 * PostgreSQL failures that mean "the database cannot serve this now" become the port's typed errors (the service
 * answers 503 with Retry-After); anything else — a constraint violated by a bad input, a bug — passes through.
 */

/** SQLSTATEs of a database that cannot write at all: full disk, read-only (a standby, or default_transaction_read_only). */
const CANNOT_WRITE: Record<string, string> = {
  '53100': 'the database server is out of disk space',
  '25006': 'the database is read-only',
};

/** SQLSTATEs worth a retry: the server is going away, overloaded, or a lock or statement timed out. */
const UNAVAILABLE: Record<string, string> = {
  '53300': 'the database server has too many connections',
  '53200': 'the database server is out of memory',
  '57P01': 'the database server is shutting down',
  '57P02': 'the database server crashed',
  '57P03': 'the database server is starting up or shutting down',
  '55P03': 'a lock could not be taken in time',
  '57014': 'a statement was cancelled (timeout)',
  '40P01': 'a deadlock was detected',
  '40001': 'a serialization failure',
};

/** Socket-level failures of the driver. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/** The port's error for a PostgreSQL or network failure, or undefined when `error` is something else. */
export function toStorageError(error: unknown): StorageError | undefined {
  if (error instanceof StorageFullError || error instanceof StorageUnavailableError) return error;
  if (!(error instanceof Error)) return undefined;
  const raw = (error as Error & { code?: unknown }).code;
  const code = typeof raw === 'string' ? raw : '';
  if (code in CANNOT_WRITE) return new StorageFullError(CANNOT_WRITE[code] as string, code, 30, { cause: error });
  if (code in UNAVAILABLE) return new StorageUnavailableError(UNAVAILABLE[code] as string, code, 1, { cause: error });
  if (code.startsWith('08')) {
    return new StorageUnavailableError('the connection to the database failed', code, 1, { cause: error });
  }
  if (NETWORK_CODES.has(code)) {
    return new StorageUnavailableError('the database server cannot be reached', code, 2, { cause: error });
  }
  // The pool's own messages: no free connection in time, or a connection that died under a query.
  if (
    /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i.test(
      error.message,
    )
  ) {
    return new StorageUnavailableError('the database server cannot be reached', 'PG_CONNECTION', 2, { cause: error });
  }
  return undefined;
}

/** The same object with every method's failures translated by toStorageError. */
export function translatingErrors<T extends object>(part: T): T {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(part)) {
    wrapped[name] =
      typeof value === 'function'
        ? async (...args: unknown[]): Promise<unknown> => {
            const method = value as (...a: unknown[]) => unknown;
            try {
              return await method.apply(part, args);
            } catch (error) {
              throw toStorageError(error) ?? error;
            }
          }
        : value;
  }
  return wrapped as T;
}
