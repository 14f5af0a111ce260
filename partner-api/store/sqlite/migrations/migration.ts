/**
 * One schema step, applied once in `version` order. Its own module so that a migration imports only this type and
 * the list in index.ts, which imports every migration, is never imported back.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
