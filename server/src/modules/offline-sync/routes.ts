import { offlineChanges, offlineChangesQuery, offlineEstimate } from '@common/schemas/offline-sync';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CostsOf } from '../costs';
import { checkPlantName } from '../plants';
import { readOfflineChanges } from './changes';
import { readOfflineEstimate } from './estimate';

/** `costsOf` prices the kept work orders with the ledger's cost lines, which app.ts gathers from their domains. */
export const offlineSyncRoutes: FastifyPluginAsyncZod<{ costsOf: CostsOf }> = async (app, { costsOf }) => {
  app.get(
    '/api/offline/changes',
    {
      schema: {
        tags: ['offline'],
        summary: 'What a device keeps for offline use: everything without since, else what changed after it',
        querystring: offlineChangesQuery,
        response: { 200: offlineChanges, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const { since, plant } = request.query;
      if (plant) await checkPlantName(app.db, request.scope.organizationId, plant, { where: 'query', active: false });
      return reply.sendJson(
        await readOfflineChanges(app.db, request.scope, since ? new Date(since) : null, costsOf, plant),
      );
    },
  );

  app.get(
    '/api/offline/estimate',
    {
      schema: {
        tags: ['offline'],
        summary: 'What a first download would keep, counted per plant, before anything is downloaded',
        response: { 200: offlineEstimate, 401: errorBody },
      },
    },
    async (request) => readOfflineEstimate(app.db, request.scope),
  );
};
