import { errorBody, idParams } from '@common/schemas/params';
import { createdWebhook, createWebhookBody, webhook, webhookDelivery } from '@common/schemas/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/session';
import { createWebhook, deleteWebhook, retryDelivery } from './commands';
import { listDeliveries, listWebhooks } from './service';

const tags = ['webhooks'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Admins add, list and delete the organization's webhooks and read and resend their deliveries (docs/decisions/108).
 * With WEBHOOKS_ALLOW_PRIVATE (the app's config), targets on loopback and private networks are accepted.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = 'webhooks:manage' as const;

  app.get(
    '/api/webhooks',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The organization’s webhooks (never their secrets)',
        response: { 200: z.array(webhook), ...errors },
      },
    },
    async (request) => listWebhooks(app.db, request.scope.organizationId),
  );

  app.post(
    '/api/webhooks',
    {
      config: { transaction: true, answerHoldsSecret: true, permission },
      schema: {
        tags,
        summary: 'Add a webhook; its signing secret is in this answer only',
        body: createWebhookBody,
        response: { 201: createdWebhook, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createWebhook(
            request.db,
            request.scope.organizationId,
            signedInUser(request).id,
            request.body,
            app.config.webhooksAllowPrivate ?? false,
          ),
        ),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: { transaction: true, permission },
      schema: {
        tags,
        summary: 'Delete a webhook: nothing more is sent to it',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWebhook(request.db, request.scope.organizationId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'A webhook’s last 100 deliveries, newest first, with their attempts and last answers',
        params: idParams,
        response: { 200: z.array(webhookDelivery), ...errors },
      },
    },
    async (request) => listDeliveries(app.db, request.scope.organizationId, request.params.id),
  );

  app.post(
    '/api/webhooks/deliveries/:id/retry',
    {
      config: { transaction: true, permission },
      schema: {
        tags,
        summary: 'Send a delivery again: due at once, with a fresh 24 hours of retries',
        params: idParams,
        response: { 200: webhookDelivery, ...errors },
      },
    },
    async (request) => retryDelivery(request.db, request.scope.organizationId, request.params.id),
  );
};
