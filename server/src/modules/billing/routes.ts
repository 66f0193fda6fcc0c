import {
  billingAccount as billingAccountSchema,
  billingConfig,
  createPaymentIntentBody,
  createSubscriptionBody,
  downloadList,
  downloadParams,
  paymentSetup,
  sandboxConfirmBody,
  sandboxConfirmResult,
} from '@common/schemas/billing';
import { errorBody } from '@common/schemas/params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors';
import { signedInUser } from '../../plugins/session';
import { productFile } from './downloads';
import { type BillingSettings, billingFor } from './gateway';
import { confirmSandboxPayment } from './sandbox-confirm';
import { assertEntitled, billingAccount, createPaymentIntent, createSubscription, downloadsOf } from './service';
import { webhookRoute } from './webhook';

const writeErrors = { 400: errorBody, 401: errorBody, 403: errorBody };
/** Set-up calls also answer 409 (nothing to buy: already on that plan, or the product is owned) and 503. */
const setupErrors = { ...writeErrors, 409: errorBody, 503: errorBody };
/** Plans and payments (docs/billing.md): spec §7's two set-up calls, the sandbox's card form, webhook, account. */
export const billingRoutes: FastifyPluginAsyncZod<{ settings?: BillingSettings }> = async (app, options) => {
  const billing = billingFor(app, options.settings ?? app.config.stripe);
  const { gateway } = billing;

  app.get(
    '/api/billing/config',
    {
      config: { public: true },
      schema: {
        tags: ['billing'],
        summary: 'Which payment provider is active, and the publishable key Stripe.js needs',
        response: { 200: billingConfig },
      },
    },
    async () => ({
      provider: gateway.name,
      publishableKey: gateway.name === 'stripe' ? (billing.settings.publishableKey ?? null) : null,
    }),
  );

  app.post(
    '/api/create-payment-intent',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary: 'Start a one-time purchase; the amount must match the catalogue',
        body: createPaymentIntentBody,
        response: { 200: paymentSetup, ...setupErrors },
      },
    },
    async (request) => createPaymentIntent(app.db, gateway, signedInUser(request), request.body),
  );

  app.post(
    '/api/create-subscription',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary:
          'Start a subscription (the free trial once per organization) or change plan: upgrades at once, downgrades when the plan in force ends',
        body: createSubscriptionBody,
        response: { 200: paymentSetup, ...setupErrors },
      },
    },
    async (request) => createSubscription(app.db, gateway, signedInUser(request), request.body, request.log),
  );

  app.post(
    '/api/billing/sandbox/confirm',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary: "Test mode without Stripe: confirm a payment or set-up with one of Stripe's test cards",
        body: sandboxConfirmBody,
        response: { 200: sandboxConfirmResult, ...writeErrors, 402: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      if (gateway.name !== 'sandbox') throw new HttpError(404, 'Payments go through Stripe on this server.');
      return confirmSandboxPayment(app.db, gateway, signedInUser(request), request.body, request.log);
    },
  );

  app.get(
    '/api/billing/account',
    {
      config: { permission: 'billing:manage' },
      schema: {
        tags: ['billing'],
        summary: "The organization's plan, trial, limits against usage, subscriptions and purchases",
        response: { 200: billingAccountSchema, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => billingAccount(app.db, signedInUser(request).organizationId),
  );

  app.get(
    '/api/billing/downloads',
    {
      schema: {
        tags: ['billing'],
        summary: 'Products the organization may download (bought, or included in its plan)',
        response: { 200: downloadList, 401: errorBody },
      },
    },
    async (request) => downloadsOf(app.db, signedInUser(request).organizationId),
  );

  app.get(
    '/api/billing/downloads/:productId',
    {
      schema: {
        tags: ['billing'],
        summary: "A bought product as a file, written from the organization's valve documentation",
        params: downloadParams,
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await assertEntitled(app.db, user.organizationId, request.params.productId);
      const file = await productFile(app.db, request.scope, request.params.productId, user.organizationName);
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(file.content);
    },
  );

  await app.register(webhookRoute, { billing });
};
