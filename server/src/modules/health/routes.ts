import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * For a load balancer: /healthz says the process is up, /readyz that the database answers, and where reads go when
 * a replica is set: a replica down or lagging leaves the server ready (reads fall back to the primary) and says so.
 * A server shutting down answers 503 (Fastify's own, while it drains), so the balancer stops sending it requests.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      return reply.status(503).send({ status: 'database unavailable' });
    }
    const replica = app.replica?.state;
    if (!replica) return { status: 'ready' };
    if (replica.state === 'in use') return { status: 'ready', replica: 'in use', replicaLagMs: replica.lagMs };
    if (replica.state === 'lagging')
      return { status: 'ready', replica: 'lagging: reads on the primary', replicaLagMs: replica.lagMs };
    return { status: 'ready', replica: `down: reads on the primary (${replica.error})` };
  });
};
