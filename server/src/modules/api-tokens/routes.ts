import { apiToken, createApiTokenBody, createdApiToken } from '@common/schemas/api-tokens';
import { errorBody, idParams } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { createApiToken, revokeApiToken } from './commands';
import { listApiTokens } from './service';

const tags = ['api-tokens'];
const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody };

/** Admins make, list and revoke the organization's API tokens from a signed-in session (docs/decisions/106). */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/api-tokens',
    {
      config: { permission: 'api-tokens:manage', sessionOnly: true },
      schema: {
        tags,
        summary: 'The organization’s API tokens, with when and from where each was last used (never the secret)',
        response: { 200: z.array(apiToken), ...errors },
      },
    },
    async (request) => listApiTokens(app.db, request.scope.organizationId),
  );

  app.post(
    '/api/api-tokens',
    {
      config: { transaction: true, answerHoldsSecret: true, permission: 'api-tokens:manage', sessionOnly: true },
      schema: {
        tags,
        summary: 'Make a token acting as you; its secret is in this answer only (the plan must include API access)',
        body: createApiTokenBody,
        response: { 201: createdApiToken, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createApiToken(request.db, request.scope.organizationId, signedInUser(request).id, request.body)),
  );

  app.delete(
    '/api/api-tokens/:id',
    {
      config: { transaction: true, permission: 'api-tokens:manage', sessionOnly: true },
      schema: {
        tags,
        summary: 'Revoke a token: refused from its next request on',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeApiToken(request.db, request.scope.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
