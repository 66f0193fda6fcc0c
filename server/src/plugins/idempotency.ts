import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './errors';
import { addRouteHook, isWriteRoute } from './route-hooks';

const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** A key is remembered for a day: long enough for a phone that was offline over a shift. */
const KEPT_MS = 24 * 3_600_000;
/** A request still marked running after this long died with its server; its key may be used again. */
const ABANDONED_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/** Forgets the keys older than a day, of every user: the server runs it hourly. */
export async function purgeIdempotencyKeys(db: Database, now = Date.now()): Promise<number> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - KEPT_MS)))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}

/**
 * Writes that carry an Idempotency-Key header run once: a replay gets the first response (with
 * `Idempotent-Replayed: true`) and writes nothing. The offline queue depends on this to replay safely.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyKey', null);

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined || !request.user) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      throw new HttpError(400, 'Idempotency-Key must be 8 to 200 visible ASCII characters.');
    }
    const userId = request.user.id;
    const path = request.url;
    const claim = () =>
      app.db
        .insert(idempotencyKeys)
        .values({ userId, key, method: request.method, path })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
    let claimed = await claim();
    if (!claimed.length) {
      // Taken: by an earlier request, or by one that is past keeping or died with its server; those two give the
      // key back. Old keys are otherwise purged hourly (purgeIdempotencyKeys), not on every write.
      const now = Date.now();
      const freed = await app.db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            or(
              lt(idempotencyKeys.createdAt, new Date(now - KEPT_MS)),
              and(isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_MS))),
            ),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (freed.length) claimed = await claim();
    }
    if (claimed.length) {
      request.idempotencyKey = key;
      return;
    }
    const [first] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!first)
      throw new HttpError(409, 'A request with this Idempotency-Key is still in progress. Try again shortly.');
    if (first.method !== request.method || first.path !== path) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
    }
    if (first.statusCode === null) {
      throw new HttpError(409, 'A request with this Idempotency-Key is still in progress. Try again shortly.');
    }
    reply.header('idempotent-replayed', 'true');
    if (first.contentType) reply.type(first.contentType);
    return reply.status(first.statusCode).send(first.responseBody ?? '');
  };

  const recordResponse = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.idempotencyKey;
    if (!key || !request.user) return payload;
    const where = and(eq(idempotencyKeys.userId, request.user.id), eq(idempotencyKeys.key, key));
    if (reply.statusCode >= 500 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) {
      // Nothing to replay faithfully: free the key so a retry runs again.
      await app.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    await app.db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        responseBody: payload.toString(),
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      })
      .where(where);
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!isWriteRoute(route)) return;
    addRouteHook(route, 'preValidation', claimKey);
    addRouteHook(route, 'onSend', recordResponse);
  });
});
