import type { BillingCycle, PlanId, SubscriptionStatus } from '@common/billing';
import type { PaymentProvider } from '@common/schemas/billing';

/** What the billing service asks of a payment provider: Stripe, or the built-in sandbox. */
export type CreatedPayment = { id: string; clientSecret: string };

export type CreatedSubscription = {
  id: string;
  /** What the browser confirms: a set-up intent (the card saved for a trial or a later start) or the first payment. */
  intent: 'setup' | 'payment';
  intentId: string;
  clientSecret: string;
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
};

export type SubscriptionRequest = {
  organizationId: number;
  organizationName: string;
  email: string;
  planId: PlanId;
  planName: string;
  billingCycle: BillingCycle;
  amountCents: number;
  currency: string;
  /** 0 once the organization has had its trial. */
  trialDays: number;
  /** A downgrade or change of cycle: billing starts when the plan in force ends; null: at once. */
  startsAt: Date | null;
  metadata: Record<string, string>;
};

export type PaymentRequest = {
  amountCents: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
};

export interface PaymentGateway {
  readonly name: PaymentProvider;
  createPaymentIntent(request: PaymentRequest): Promise<CreatedPayment>;
  createSubscription(request: SubscriptionRequest): Promise<CreatedSubscription>;
  /** Ends a subscription the organization no longer needs: at once, or when its paid period ends (a downgrade). */
  cancelSubscription(id: string, options: { atPeriodEnd: boolean }): Promise<void>;
}

/** A provider-neutral event: Stripe's webhooks and the sandbox's confirmations both become these. */
export type BillingEvent =
  | {
      id: string;
      provider: PaymentProvider;
      type: 'payment';
      occurredAt: Date;
      paymentId: string;
      status: 'succeeded' | 'failed' | 'canceled';
      failureMessage: string | null;
      /** From the intent's metadata: lets a payment the database has not seen yet still be recorded. */
      organizationId: number | null;
      productId: string | null;
      amountCents: number;
      currency: string;
    }
  | {
      id: string;
      provider: PaymentProvider;
      type: 'subscription';
      occurredAt: Date;
      subscriptionId: string;
      status: SubscriptionStatus;
      trialEndsAt: Date | null;
      currentPeriodEnd: Date | null;
      organizationId: number | null;
      planId: string | null;
      billingCycle: string | null;
      amountCents: number | null;
      currency: string | null;
    };
