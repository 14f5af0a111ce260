import type Database from 'better-sqlite3';
import type { Db } from './open';

const cache = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, prepared once per connection (preparing costs more than running most of ours). */
export function stmt(db: Db, sql: string): Database.Statement {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
