import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionLost } from '../db/unavailable';

/**
 * A read whose database connection was lost under it (a terminated backend, a failover) runs once more on a fresh
 * connection from the pool before the caller sees a 503: a read has nothing to undo, and most such losses last
 * one statement.
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
        if (!isConnectionLost(error) || reply.sent) throw error;
        request.log.warn('database connection lost during a read; reading again');
        return handler.call(this, request, reply);
      }
    } as RouteHandlerMethod;
  });
});
