import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionLost } from '../db/unavailable';

/**
 * A read whose database connection was lost under it (a terminated backend, a failover) runs once more on a fresh
 * connection from the pool before the caller sees a 503: a read has nothing to undo, and most such losses last
 * one statement. A read that failed on the replica runs again on the primary.
 */
export const readRetryPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const handler = route.handler;
    route.handler = async function retried(this: FastifyInstance, request, reply) {
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        // Whatever failed on the replica (gone, a statement cancelled by the replay, a record it has not replayed yet)
        // is read once more on the primary: a read has nothing to undo.
        const onReplica = request.readsReplica;
        if (!(onReplica || isConnectionLost(error)) || reply.sent) throw error;
        request.log.warn(
          onReplica
            ? 'read failed on the replica; reading the primary'
            : 'database connection lost during a read; reading again',
        );
        if (onReplica) {
          request.reader = this.db;
          request.readsReplica = false;
        }
        return handler.call(this, request, reply);
      }
    } as RouteHandlerMethod;
  });
});
