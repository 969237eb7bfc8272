import type { Db } from './client';

/**
 * A query built once per database and run as a named prepared statement (`.prepare(name)` in the
 * builder): the query builder's work and PostgreSQL's parse and plan are paid once per connection,
 * not on every call. For the calls every page makes (identity, unread count, first pages):
 * building their SQL was 14 % of a sealed call's CPU (docs/performance.md).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
