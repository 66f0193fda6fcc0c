import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listen } from '../db/notifications';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write is answered only once the database's notices of what it changed have reached this server's kept reads
 * (lib/kept-reads.ts) and sessions: otherwise a technician who records an inspection and opens the dashboard at
 * once could be served the count from before it, when the notice trails the answer (it did, on a loaded machine).
 * On PostgreSQL that costs one shared round trip on the listening connections (db/notifications.ts).
 */
export const ownWritesPlugin = fp(async (app: FastifyInstance, { listen }: { listen: Listen }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!READS.has(request.method) && reply.statusCode < 400) await listen.heard();
    return payload;
  });
});
