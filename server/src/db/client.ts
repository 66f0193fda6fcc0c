import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { defaultPoolSize } from '../config';
import { type Listen, listenOnPostgres, type NotificationHandlers } from './notifications';
import * as schema from './schema';
import { isConnectionLost } from './unavailable';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * `work` in one transaction, handed the transaction as a Database: drizzle types the two apart though they run the
 * same statements, so code written for the database (setAuditActor, setPlants...) runs inside one as well.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((t) => work(t as unknown as Database));
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /** NOTIFY messages the database sends on a channel (db/notifications.ts). */
  listen: Listen;
  /** An in-memory PGlite's whole data directory as a tarball (tests start from one: testing/database-templates.ts). */
  dump?: () => Promise<Blob>;
  close: () => Promise<void>;
};

/**
 * PGlite's own bytea conversion goes byte by byte through strings: a 15 MB stored file took 21 s to write and 2 s
 * to read on this machine, against 4 s and 0.5 s through Node's hex codec (lib/stored-files.ts, decisions/116).
 */
const byteaAsHex = {
  serializers: {
    [types.BYTEA]: (bytes: Uint8Array) =>
      `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`,
  },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * drizzle's transaction on a pool releases its connection only after BEGIN succeeded: a connection whose backend
 * was terminated while idle fails its BEGIN and never returns, and a few of those leave every later request waiting
 * on an empty pool. Here the transaction borrows the connection itself, always gives it back, and gives it back
 * with the error when the connection was lost, so the pool discards it instead of lending it again.
 */
function releaseLostTransactions(db: ReturnType<typeof drizzlePg<typeof schema>>, pool: pg.Pool) {
  const session = (db as unknown as { session: NodePgSession<typeof schema, never> }).session;
  const {
    dialect,
    schema: tables,
    options,
  } = session as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  session.transaction = async (work, config) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await new NodePgSession(client, dialect, tables, options).transaction(work as never, config);
    } catch (error) {
      if (isConnectionLost(error)) lost = error as Error;
      throw error;
    } finally {
      client.release(lost);
    }
  };
}

/**
 * PostgreSQL when a URL is given, else PGlite: in `dataDir` on disk, or in memory when dataDir is omitted (tests).
 * Both speak the same dialect and run the same drizzle migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL connections kept in the pool (config's DATABASE_POOL_SIZE; its default when unset). */
  poolSize?: number;
  dataDir?: string;
  /** In memory, starting from this PGlite data directory (a `dump`) instead of an empty database. */
  loadDataDir?: Blob;
  /** Where to report a pooled connection that dies while idle (the server restarting, a failover). */
  onIdleError?: (error: Error) => void;
  /** Give up opening a connection after this long (a replica's host gone silent); unset waits as long as it takes. */
  connectTimeoutMs?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? defaultPoolSize(),
      connectionTimeoutMillis: options.connectTimeoutMs,
    });
    // Without a listener, an idle connection's error would crash the process; the pool replaces the connection.
    const onIdleError =
      options.onIdleError ?? ((error: Error) => console.error(`database connection lost: ${error.message}`));
    pool.on('error', onIdleError);
    // The pool listens only to idle connections: one lent to a transaction that dies between two statements (a
    // terminated backend, a failover) would emit an unhandled 'error' and end the process. Its next statement fails
    // instead, the request answers 503 (plugins/errors.ts) and the pool drops the connection when it comes back.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (!isConnectionLost(error)) onIdleError(error);
      });
    });
    const db = drizzlePg({ client: pool, schema });
    releaseLostTransactions(db, pool);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: listenOnPostgres(options.databaseUrl, onIdleError),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    client = new PGlite(dir, byteaAsHex);
  } else {
    client = new PGlite({ ...byteaAsHex, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // In the same process: nothing to lose, so it listens from the start to the end; PGlite hands a statement's
    // notices to their handlers before the statement's promise resolves, so they are heard by the time it answers.
    listen: Object.assign(
      async (channel: string, handlers: NotificationHandlers) => {
        const stop = await client.listen(channel, handlers.message);
        handlers.listening(true);
        return async () => {
          handlers.listening(false);
          if (!client.closed) await stop();
        };
      },
      { heard: async () => {} },
    ),
    dump: options.dataDir ? undefined : () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
