import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/** The rows of a statement written in SQL (a CTE, a string_agg): both drivers answer `execute` with `{ rows }`. */
export async function rowsOf<Row>(db: Database, statement: SQL): Promise<Row[]> {
  // The shared database type cannot say what both drivers do.
  const result = (await db.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}
