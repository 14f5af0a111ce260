import type { Migration } from './index';

// Owned by the store work (events, places, map places, performers, sources, categories, tombstones).
export const catalogueMigration: Migration = { version: 1, name: 'catalogue', sql: `SELECT 1;` };
