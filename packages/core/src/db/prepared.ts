import type { Db } from './connect.ts';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A drizzle prepared statement (`.prepare(name)`), made once per database on first use: the hot reads of every
 * request (the session, the dashboard's account GETs) then skip drizzle's SQL building, which was a large part of
 * their CPU in bench:http's profile, and PostgreSQL parses and plans them once per connection (node-postgres keeps
 * named statements per connection). `name` is the statement's name in PostgreSQL: one name, one SQL text.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
