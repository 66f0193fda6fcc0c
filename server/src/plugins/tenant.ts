import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { asc } from 'drizzle-orm';
import { organizations } from '../db/schema';

declare module 'fastify' {
  interface FastifyRequest {
    /** The organization whose data this request may see; every query filters on it. */
    organizationId: number;
  }
}

/**
 * Until accounts exist, every request acts for the installation's first organization.
 * The accounts work replaces this with the signed-in user's organization.
 */
export const tenantPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('organizationId', 0);
  let cached: number | undefined;
  app.addHook('onRequest', async (request) => {
    if (cached === undefined) {
      const [first] = await app.db
        .select({ id: organizations.id })
        .from(organizations)
        .orderBy(asc(organizations.id))
        .limit(1);
      if (!first) return;
      cached = first.id;
    }
    request.organizationId = cached;
  });
});
