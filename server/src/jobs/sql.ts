import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client';

/** What pg-boss needs of a database: one call that runs SQL text, with or without parameters. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss through the server's own connection (its `db` option), so the queue runs on PGlite as on PostgreSQL and
 * opens no pool of its own. PGlite's `query` takes one statement; pg-boss's migration and housekeeping scripts are
 * several statements without parameters, which its `exec` runs (the reply is the last statement's rows).
 */
export function executeSqlOn(db: Database): ExecuteSql {
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if ('exec' in client) {
    return async (text, values) => {
      if (values?.length) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A script that failed inside its BEGIN leaves the one shared session in an aborted transaction: end it.
        if (client.isInTransaction()) await client.exec('ROLLBACK');
        throw error;
      }
    };
  }
  return (text, values) => client.query(text, values);
}
