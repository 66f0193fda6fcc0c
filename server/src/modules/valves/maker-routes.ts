import { maker, makerMergeBody, makerMergeResult } from '@common/schemas/makers';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMakers, mergeMakers } from './makers';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The manufacturers and models of the organization's valves, and an admin's merge of two spellings (issue 30). */
export const makerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/manufacturers',
    {
      schema: {
        tags: ['valves'],
        summary: 'The manufacturers of the organization’s valves with their models, for a form to suggest',
        response: { 200: z.array(maker), 401: errorBody },
      },
    },
    async (request) => listMakers(request.db, request.scope.organizationId),
  );

  app.post(
    '/api/manufacturers/merge',
    {
      config: { transaction: true, permission: 'plants:manage' },
      schema: {
        tags: ['valves'],
        summary: 'Fold one manufacturer’s spelling into another on every valve (admins)',
        body: makerMergeBody,
        response: { 200: makerMergeResult, ...errors },
      },
    },
    async (request) => mergeMakers(request.db, request.scope.organizationId, request.body),
  );
};
