/*
 * The context type under its former path, for postgres/ingest.ts (its owner edits that file this round): once that
 * file imports './rows/store-context', this re-export goes.
 */
export type { PgStoreContext } from './rows/store-context';
