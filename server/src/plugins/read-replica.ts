import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import type { ReplicaWatch } from '../db/replica';
import { rowsOf } from '../db/rows';
import { appCookie } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A read that may be a second stale (analytics, reports, exports, lists): served by the replica when one is fit. */
    replicaRead?: boolean;
  }
  interface FastifyRequest {
    /** Where this request reads: the replica on a `replicaRead` route when it is fit for this reader, else app.db. */
    reader: Database;
    /** Whether `reader` is the replica (a read that fails there is read again on the primary: plugins/read-retry.ts). */
    readsReplica: boolean;
  }
  interface FastifyInstance {
    /** The read replica's watch when READ_DATABASE_URL is set (its state is in /readyz). */
    replica: ReplicaWatch | null;
  }
}

/** The WAL position of the reader's last write, so their next reads wait for a replica that has it (no cookie: none). */
export const WROTE_COOKIE = 'valveops_wrote';
const WROTE_KEPT_SECONDS = 300;

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * Reads that can be a second stale go to the streaming replica (READ_DATABASE_URL; decisions/118) while it is fit:
 * answering, behind by less than its limit, and, for a browser that wrote, holding that write. After a write the
 * reply carries the primary's WAL position in a cookie; a read with the cookie goes to the replica only once the
 * replica has replayed past it, so people read their own writes. Bearer-token callers (scripts, integrations) keep no
 * cookie, so their reads stay on the primary.
 */
export const readReplicaPlugin = fp(
  async (app: FastifyInstance, options: { replica: { db: Database; watch: ReplicaWatch } | null }) => {
    app.decorate('replica', options.replica?.watch ?? null);
    app.decorateRequest('reader', null as unknown as Database);
    app.decorateRequest('readsReplica', false);
    const replica = options.replica;
    app.addHook('onRequest', async (request) => {
      request.reader = app.db;
      if (replica && request.routeOptions.config?.replicaRead && fitFor(request, replica.watch)) {
        request.reader = replica.db;
        request.readsReplica = true;
      }
    });
    if (!replica) return;
    app.addHook('onSend', async (request, reply, payload) => {
      if (isWrite(request.method) && reply.statusCode < 400 && request.headers.cookie)
        await markWrite(app.db, request, reply);
      return payload;
    });
  },
  { name: 'read-replica' },
);

function fitFor(request: FastifyRequest, watch: ReplicaWatch): boolean {
  if (watch.state.state !== 'in use' || request.headers.authorization !== undefined) return false;
  const wrote = request.cookies[WROTE_COOKIE];
  return wrote === undefined || watch.reached(wrote);
}

/**
 * After the write committed: the primary's insert position is at or past its commit record. Not
 * pg_current_wal_lsn, the position written out so far: with synchronous_commit off it can stand before the commit.
 */
async function markWrite(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const [row] = await rowsOf<{ lsn: string }>(db, sql`select pg_current_wal_insert_lsn()::text as lsn`);
  reply.setCookie(WROTE_COOKIE, row.lsn, { ...appCookie(request), maxAge: WROTE_KEPT_SECONDS });
}
