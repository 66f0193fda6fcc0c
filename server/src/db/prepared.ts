import type { Database } from './client';

const prepared = new WeakMap<Database, Map<string, unknown>>();

/**
 * A query built once per database and kept: the hot reads would otherwise rebuild their SQL on every request,
 * which was a quarter of the server's time under load. `build` must use sql.placeholder for every value.
 */
export function preparedQuery<T>(db: Database, name: string, build: () => T): T {
  let queries = prepared.get(db);
  if (!queries) {
    queries = new Map();
    prepared.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build();
    queries.set(name, query);
  }
  return query;
}
