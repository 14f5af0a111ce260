import type { StoreOpener } from '../store-opener';
import { openDatabase } from './open';
import { createSqliteStore, type SqliteStore } from './sqlite-store';

/** Opens (creating if needed) a SQLite file as the store; `:memory:` gives a private in-memory database. */
export const openSqliteStore: (...args: Parameters<StoreOpener>) => Promise<SqliteStore> = async (config) => {
  const db = openDatabase(config.location, { migrate: config.migrate ?? true });
  return createSqliteStore(db, { clock: config.clock, publicUrl: config.publicUrl, location: config.location });
};
