import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@common/billing';
import type Stripe from 'stripe';
import type { BillingEvent } from './provider';

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const organizationOf = (metadata: Stripe.Metadata | null) => {
  const id = Number(metadata?.organizationId);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * Stripe's events as provider-neutral ones; null for event types billing does not act on.
 * A subscription in its trial counts only once its card is saved (Stripe calls it trialing from the start).
 */
export function fromStripeEvent(event: Stripe.Event): BillingEvent | null {
  const occurredAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const status =
        event.type === 'payment_intent.succeeded'
          ? 'succeeded'
          : event.type === 'payment_intent.canceled'
            ? 'canceled'
            : 'failed';
      return {
        id: event.id,
        provider: 'stripe',
        type: 'payment',
        occurredAt,
        paymentId: intent.id,
        status,
        failureMessage: intent.last_payment_error?.message ?? null,
        organizationId: organizationOf(intent.metadata),
        productId: intent.metadata?.productId ?? null,
        amountCents: intent.amount,
        currency: intent.currency,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const item = subscription.items.data[0];
      const waitingForCard = subscription.status === 'trialing' && !subscription.default_payment_method;
      const known = (SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status);
      const status = waitingForCard || !known ? 'incomplete' : (subscription.status as SubscriptionStatus);
      return {
        id: event.id,
        provider: 'stripe',
        type: 'subscription',
        occurredAt,
        subscriptionId: subscription.id,
        status: event.type === 'customer.subscription.deleted' ? 'canceled' : status,
        trialEndsAt: fromUnix(subscription.trial_end),
        currentPeriodEnd: fromUnix(item?.current_period_end),
        organizationId: organizationOf(subscription.metadata),
        planId: subscription.metadata?.planId ?? null,
        billingCycle: subscription.metadata?.billingCycle ?? null,
        amountCents: item?.price?.unit_amount ?? null,
        currency: subscription.currency,
      };
    }
    default:
      return null;
  }
}
