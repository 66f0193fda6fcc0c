import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { PaymentGateway } from './provider';
import { sandboxGateway } from './sandbox';
import { stripeClient, stripeGateway } from './stripe-gateway';

export type BillingSettings = {
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
  /** Another Stripe API address (stripe-mock, a test's stub). */
  apiBase?: string;
};

export type Billing = {
  gateway: PaymentGateway;
  /** Present in Stripe mode: the SDK client (webhook signatures need only the secret). */
  stripe: Stripe | null;
  settings: BillingSettings;
};

/** Stripe when a secret key is configured; otherwise the built-in sandbox (the default, and every test's). */
export function billingFor(app: FastifyInstance, settings: BillingSettings = {}): Billing {
  if (settings.secretKey) {
    const stripe = stripeClient({ secretKey: settings.secretKey, apiBase: settings.apiBase });
    return { gateway: stripeGateway(stripe, app.db), stripe, settings };
  }
  return { gateway: sandboxGateway(), stripe: null, settings };
}
