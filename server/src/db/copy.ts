import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './client';

/** The driver's own connection under a drizzle database or transaction: a pg client, or PGlite (or its transaction). */
type DriverClient =
  | pg.Client
  | { query: (sql: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };

/**
 * Rows in PostgreSQL's COPY text format (tab between columns, a line each; the caller escapes) written into `target`
 * ("table (columns)") by COPY ... FROM, the fastest way in on both engines: through pg-copy-streams on PostgreSQL,
 * from a blob on PGlite (which has no STDIN). Runs on the connection `db` holds, so inside its transaction.
 */
export async function copyInto(db: Database, target: string, lines: string): Promise<void> {
  // drizzle keeps the driver's connection on its session; neither engine's type says so.
  const client = (db as unknown as { session: { client: DriverClient | pg.Pool } }).session.client;
  // A pool lends each statement its own connection: the rows would land where the caller's next statement is not.
  if (client instanceof pg.Pool) throw new Error('copyInto runs inside a transaction');
  if (client instanceof pg.Client) {
    await pipeline(
      async function* () {
        yield lines;
      },
      client.query(copyFrom(`copy ${target} from stdin`)),
    );
    return;
  }
  await client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([lines]) });
}
