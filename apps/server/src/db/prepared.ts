import type { Executor } from './client';

/**
 * A statement built once per database (or transaction) and run as a prepared statement: on PostgreSQL a
 * named statement (`.prepare(name)`), parsed and planned once per connection rather than on every call
 * (after five runs PostgreSQL keeps a generic plan when it is no dearer than the custom ones); on PGlite
 * the same text, built once. For the statements every request runs (the session, the account check),
 * whose planning cost more than running them. Each name must belong to one statement text.
 */
export function preparedPer<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
