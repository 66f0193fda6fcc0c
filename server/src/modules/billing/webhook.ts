import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { requestCancellations } from './cancellations';
import { applyBillingEvent } from './events';
import type { Billing } from './gateway';
import { fromStripeEvent } from './stripe-events';

/**
 * Stripe's webhook. Public (Stripe has no session) and exempt from the Origin check, because what authenticates
 * it is Stripe's signature over the exact bytes sent: this plugin keeps the body raw for that, for this route only.
 */
export const webhookRoute: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/billing/webhook',
    {
      config: { public: true, signatureAuthenticated: true },
      schema: {
        tags: ['billing'],
        summary: "Stripe's events (payments, subscription states); checked against Stripe's signature",
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      const secret = billing.settings.webhookSecret;
      if (!billing.stripe || !secret) throw new HttpError(404, 'Stripe webhooks are not configured on this server.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string') throw new HttpError(400, 'Missing Stripe-Signature header.');
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'The event must be sent as JSON.');
      let event: ReturnType<typeof billing.stripe.webhooks.constructEvent>;
      try {
        event = billing.stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        throw new HttpError(400, 'Invalid Stripe signature.');
      }
      const normalized = fromStripeEvent(event);
      if (!normalized) return { received: true as const, duplicate: false };
      const applied = await applyBillingEvent(app.db, normalized);
      await requestCancellations(app.db, billing.gateway, applied.superseded, request.log);
      return { received: true as const, duplicate: !applied.applied };
    },
  );
};
