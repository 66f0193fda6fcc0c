import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/client';
import { billingCustomers } from '../../db/schema';
import type { CreatedSubscription, PaymentGateway } from './provider';

export type StripeSettings = {
  secretKey: string;
  /** Another API address (stripe-mock, or a test's stub): http://127.0.0.1:12111. */
  apiBase?: string;
};

export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Stripe in test or live mode through the official SDK. Products are made once per plan, under a fixed id. */
export function stripeGateway(stripe: Stripe, db: Database): PaymentGateway {
  async function customerFor(request: { organizationId: number; organizationName: string; email: string }) {
    const [known] = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.organizationId, request.organizationId));
    if (known) return known.customerId;
    const customer = await stripe.customers.create({
      name: request.organizationName,
      email: request.email,
      metadata: { organizationId: String(request.organizationId) },
    });
    await db
      .insert(billingCustomers)
      .values({ organizationId: request.organizationId, provider: 'stripe', customerId: customer.id })
      .onConflictDoNothing();
    return customer.id;
  }

  async function productFor(planId: string, name: string) {
    const id = `valveops-${planId}`;
    try {
      return (await stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      return (await stripe.products.create({ id, name: `ValveOps ${name}` })).id;
    }
  }

  return {
    name: 'stripe',
    async createPaymentIntent(request) {
      const intent = await stripe.paymentIntents.create({
        amount: request.amountCents,
        currency: request.currency,
        description: request.description,
        automatic_payment_methods: { enabled: true },
        metadata: request.metadata,
      });
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async createSubscription(request): Promise<CreatedSubscription> {
      const customer = await customerFor(request);
      const product = await productFor(request.planId, request.planName);
      const subscription = await stripe.subscriptions.create({
        customer,
        items: [
          {
            price_data: {
              currency: request.currency,
              product,
              unit_amount: request.amountCents,
              recurring: { interval: request.billingCycle === 'annual' ? 'year' : 'month' },
            },
          },
        ],
        trial_period_days: request.trialDays,
        // The card is saved now and charged when the trial ends; without one the trial simply ends.
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
        metadata: request.metadata,
        expand: ['pending_setup_intent'],
      });
      const setup = subscription.pending_setup_intent;
      if (!setup || typeof setup === 'string' || !setup.client_secret) {
        throw new Error(`Stripe returned subscription ${subscription.id} without a set-up intent`);
      }
      return {
        id: subscription.id,
        intentId: setup.id,
        clientSecret: setup.client_secret,
        // Trialing in Stripe from the start, but it counts here only once the card is saved (see events.ts).
        status: 'incomplete',
        trialEndsAt: fromUnix(subscription.trial_end),
        currentPeriodEnd: fromUnix(subscription.items.data[0]?.current_period_end),
      };
    },
    async cancelSubscription(id) {
      await stripe.subscriptions.cancel(id);
    },
  };
}
