import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { type Database, inTransaction as inDatabaseTransaction } from '../db/client';
import { rowsOf } from '../db/rows';
import { idempotencyKeys } from '../db/schema';
import { retryOnConflict } from '../db/unavailable';
import type { Job } from '../jobs';
import { auditActorSettings, setAuditActor } from '../lib/audit';
import { HttpError } from './errors';
import { addRouteHook, isWriteRoute } from './route-hooks';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** A key is remembered for a day: long enough for a phone that was offline over a shift. */
const KEPT_MS = 24 * 3_600_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
    /**
     * Where a write route writes: the request's transaction on a route with `config.transaction`, which also
     * records the Idempotency-Key and the answer, so the three commit together or not at all; else the database.
     */
    readonly db: Database;
  }
  interface FastifyContextConfig {
    /** The handler runs in one transaction with its Idempotency-Key and answer, and writes through request.db. */
    transaction?: boolean;
    /**
     * The answer holds a secret shown once (a new API token), so it is never stored for a replay: the route's
     * Idempotency-Key is ignored, and a retry makes another (the lost one was never seen and can be revoked).
     */
    answerHoldsSecret?: boolean;
  }
}

/** Points of a transactional write where tests inject a failure (after BEGIN, the handler, the key, COMMIT). */
export type WriteStage = 'begun' | 'answered' | 'recorded' | 'committed';
export type WriteFaults = { at: (stage: WriteStage, tx: Database) => void | Promise<void> };

/** Forgets the keys older than a day, of every user: the server runs it hourly. */
export async function purgeIdempotencyKeys(db: Database, now = Date.now()): Promise<number> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}

/** Keys past their day are forgotten hourly (a replay within the day is what matters; the rest is tidying). */
export const idempotencyPurgeJob: Job = {
  name: 'idempotency-purge',
  cron: '30 * * * *',
  run: (db) => purgeIdempotencyKeys(db),
};

type Answer = { statusCode: number; body: string; contentType: string };

/** Another request under the same key committed first: this one's work is rolled back and the first answer replayed. */
class KeyTaken extends Error {}

/**
 * The reply a handler sends is kept instead of sent. A reply is thenable (it resolves when sent), so an async
 * handler returning it would wait for ever: it is made plain until released.
 */
function holdReply(reply: FastifyReply, keep: (payload: unknown) => void) {
  Object.defineProperty(reply, 'then', { value: undefined, configurable: true, writable: true });
  Object.assign(reply, {
    send(payload?: unknown) {
      keep(payload);
      return reply;
    },
  });
}
function releaseReply(reply: FastifyReply) {
  const own = reply as unknown as Record<string, unknown>;
  delete own.then;
  delete own.send;
}

/** The body as it came, before validation trims and fills it in: taken once, in preValidation. */
const fingerprints = new WeakMap<FastifyRequest, string>();
const fingerprintOf = (request: FastifyRequest) => {
  let fingerprint = fingerprints.get(request);
  if (fingerprint === undefined) {
    fingerprint = createHash('sha256')
      .update(request.isMultipart() ? '' : JSON.stringify(request.body ?? null))
      .digest('base64url');
    fingerprints.set(request, fingerprint);
  }
  return fingerprint;
};

/**
 * Writes that carry an Idempotency-Key header run once: a replay gets the first answer (with
 * `Idempotent-Replayed: true`) and writes nothing; the same key with another body is a 422. The offline queue depends
 * on this to replay safely after any failure, so on a `transaction` route the key, the write and the answer are one
 * transaction: a retry finds the committed answer, or nothing and runs again (decisions/030).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, options: { faults?: WriteFaults }) => {
  const transactions = new WeakMap<FastifyRequest, Database>();
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      return transactions.get(this) ?? app.db;
    },
  });

  const keyOf = (request: FastifyRequest) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !request.user || request.routeOptions.config.answerHoldsSecret) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new HttpError(400, 'Idempotency-Key must be 8 to 200 visible ASCII characters.');
    }
    request.idempotencyKey = key;
    fingerprintOf(request);
  };

  const whereKey = (request: FastifyRequest, key: string) =>
    and(eq(idempotencyKeys.userId, request.user?.id ?? 0), eq(idempotencyKeys.key, key));

  /** The committed answer to this key, sent again; false when there is none yet. */
  const replay = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const [first] = await app.db.select().from(idempotencyKeys).where(whereKey(request, key));
    if (!first || first.statusCode === null || first.createdAt.getTime() < Date.now() - KEPT_MS) return false;
    if (
      first.method !== request.method ||
      first.path !== request.url ||
      (first.fingerprint !== null && first.fingerprint !== fingerprintOf(request))
    ) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
    }
    reply.header('idempotent-replayed', 'true');
    if (first.contentType) reply.type(first.contentType);
    reply.status(first.statusCode).send(first.responseBody ?? '');
    return true;
  };

  const replayHook = async (request: FastifyRequest, reply: FastifyReply) => {
    keyOf(request);
    // A transactional write finds an answered key when it claims it, and replays then (KeyTaken): asking first
    // would cost every write a round trip to find what only a retry has (issue 31).
    if (request.idempotencyKey && !request.routeOptions.config.transaction) {
      await replay(request, reply, request.idempotencyKey);
    }
  };

  /** A route without a transaction: its answer is recorded after it was written (a crash between loses the key). */
  const recordAfter = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.idempotencyKey;
    if (!key || !request.user || reply.getHeader('idempotent-replayed')) return payload;
    if (reply.statusCode >= 500 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    await app.db
      .insert(idempotencyKeys)
      .values({
        userId: request.user.id,
        key,
        method: request.method,
        path: request.url,
        fingerprint: fingerprintOf(request),
        statusCode: reply.statusCode,
        responseBody: payload.toString(),
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      })
      .onConflictDoNothing();
    return payload;
  };

  const inTransaction = (handler: RouteHandlerMethod): RouteHandlerMethod =>
    async function transactional(this: FastifyInstance, request, reply) {
      const key = request.idempotencyKey;
      let answer: Answer;
      try {
        // A deadlock or serialization failure rolled the whole try back: it runs again, as the request came.
        const retry = () => {
          releaseReply(reply);
          reply.code(200);
        };
        answer = await retryOnConflict(
          () =>
            inDatabaseTransaction(app.db, async (tx) => {
              transactions.set(request, tx);
              await options.faults?.at('begun', tx);
              // The audit trigger names the signed-in user and their device for every change of this write.
              const actor = request.user && { userId: request.user.id, device: request.headers['user-agent'] };
              if (actor && key) {
                // A key past its day is free again; so is one left unanswered by the earlier, three-commit design.
                // One statement sets the actor and claims the key (issue 31: a round trip fewer on every write).
                // A key another request holds uncommitted makes it wait for that request's end, then see its answer.
                const claimed = await rowsOf<{ key: string }>(
                  tx,
                  sql`insert into ${idempotencyKeys} (user_id, key, method, path, fingerprint, created_at)
                    select ${actor.userId}::integer, ${key}::text, ${request.method}::text, ${request.url}::text,
                      ${fingerprintOf(request)}::text,
                      ${new Date().toISOString()}::timestamptz
                    from (${auditActorSettings(actor)}) as actor
                    on conflict (user_id, key) do update set method = excluded.method, path = excluded.path,
                      fingerprint = excluded.fingerprint, status_code = null, response_body = null,
                      content_type = null, created_at = excluded.created_at
                    where ${idempotencyKeys.createdAt} < ${new Date(Date.now() - KEPT_MS).toISOString()}::timestamptz
                      or ${idempotencyKeys.statusCode} is null
                    returning key`,
                );
                if (!claimed.length) throw new KeyTaken();
              } else if (actor) await setAuditActor(tx, actor);
              // The handler's reply is held back until the transaction commits: an answer is never sent for a write
              // that could still roll back.
              let held: { payload: unknown } | null = null;
              holdReply(reply, (payload) => {
                held = { payload };
              });
              const returned = await handler.call(this, request, reply);
              releaseReply(reply);
              const payload = held ? (held as { payload: unknown }).payload : returned;
              const answer: Answer =
                typeof payload === 'string'
                  ? {
                      statusCode: reply.statusCode,
                      body: payload,
                      contentType: String(reply.getHeader('content-type') ?? 'text/plain; charset=utf-8'),
                    }
                  : {
                      statusCode: reply.statusCode,
                      body: String(reply.serialize(payload)),
                      contentType: 'application/json; charset=utf-8',
                    };
              await options.faults?.at('answered', tx);
              if (key) {
                await tx
                  .update(idempotencyKeys)
                  .set({ statusCode: answer.statusCode, responseBody: answer.body, contentType: answer.contentType })
                  .where(whereKey(request, key));
                await options.faults?.at('recorded', tx);
              }
              return answer;
            }),
          retry,
        );
      } catch (error) {
        if (error instanceof KeyTaken && key && (await replay(request, reply, key))) return reply;
        if (error instanceof KeyTaken) {
          throw new HttpError(409, 'A request with this Idempotency-Key is still in progress. Try again shortly.');
        }
        throw error;
      } finally {
        releaseReply(reply);
        transactions.delete(request);
      }
      await options.faults?.at('committed', app.db);
      return reply.status(answer.statusCode).type(answer.contentType).send(answer.body);
    };

  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    addRouteHook(route, 'preValidation', replayHook);
    if (route.config?.transaction) route.handler = inTransaction(route.handler);
    else addRouteHook(route, 'onSend', recordAfter);
  });
});
