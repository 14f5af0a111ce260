import type { Migration } from './index';

// Owned by the auth work (clients, refresh tokens and their families).
export const authMigration: Migration = { version: 2, name: 'auth', sql: `SELECT 1;` };
