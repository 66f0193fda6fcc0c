import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The `set` of an upsert that takes the incoming row's values for the given columns (`excluded.<column>`), with
 * the SQL column names read from the schema rather than typed again.
 */
export function takeIncoming<T extends PgTable>(table: T, keys: (keyof T['_']['columns'] & string)[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((key) => [key, sql.raw(`excluded.${JSON.stringify(columns[key].name)}`)]),
  ) as Record<string, SQL>;
}
