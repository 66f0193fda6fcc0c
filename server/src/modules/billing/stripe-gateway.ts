import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../../db/client';
import { billingCustomers } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import type { CreatedSubscription, PaymentGateway } from './provider';
import { intentIdOf } from './sandbox';

/**
 * Stripe out of reach (its network, or its own 5xx after the SDK's retries) is 503 with a sentence the checkout
 * shows, never a bare 500 (issue 15); Stripe's refusals pass through as they are.
 */
export async function reachingStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const unreachable =
      error instanceof Stripe.errors.StripeConnectionError ||
      (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);
    if (!unreachable) throw error;
    throw new HttpError(
      503,
      'The payment provider cannot be reached just now. Nothing was charged; try again in a few minutes.',
    );
  }
}

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
      const intent = await reachingStripe(() =>
        stripe.paymentIntents.create({
          amount: request.amountCents,
          currency: request.currency,
          description: request.description,
          automatic_payment_methods: { enabled: true },
          metadata: request.metadata,
        }),
      );
      if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async createSubscription(request): Promise<CreatedSubscription> {
      const customer = await reachingStripe(() => customerFor(request));
      const product = await reachingStripe(() => productFor(request.planId, request.planName));
      // A trial (once per organization) or a later start (a downgrade) saves the card now and bills later; without
      // either the first invoice is paid now.
      const later =
        request.trialDays > 0
          ? { trial_period_days: request.trialDays }
          : request.startsAt
            ? { trial_end: Math.floor(request.startsAt.getTime() / 1000) }
            : {};
      const subscription = await reachingStripe(() =>
        stripe.subscriptions.create({
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
          ...later,
          // The card is saved now and charged when the trial ends; without one the trial simply ends.
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          metadata: request.metadata,
          expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
        }),
      );
      const setup = subscription.pending_setup_intent;
      const invoice = subscription.latest_invoice;
      const payment = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null;
      const confirm =
        setup && typeof setup !== 'string' && setup.client_secret
          ? { intent: 'setup' as const, intentId: setup.id, clientSecret: setup.client_secret }
          : payment
            ? { intent: 'payment' as const, intentId: intentIdOf(payment) ?? subscription.id, clientSecret: payment }
            : null;
      if (!confirm) throw new Error(`Stripe returned subscription ${subscription.id} with nothing to confirm`);
      return {
        id: subscription.id,
        ...confirm,
        // Trialing in Stripe from the start, but it counts here only once the card is saved (see events.ts).
        status: 'incomplete',
        trialEndsAt: fromUnix(subscription.trial_end),
        currentPeriodEnd: fromUnix(subscription.items.data[0]?.current_period_end),
      };
    },
    async cancelSubscription(id, { atPeriodEnd }) {
      if (atPeriodEnd) await stripe.subscriptions.update(id, { cancel_at_period_end: true });
      else await stripe.subscriptions.cancel(id);
    },
  };
}
