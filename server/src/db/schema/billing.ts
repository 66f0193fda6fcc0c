import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';

/** Billing (docs/billing.md): the payment provider's customer for an organization (Stripe only). */
export const billingCustomers = pgTable('billing_customers', {
  organizationId: organizationId().primaryKey(),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  createdAt: createdAt(),
});

/**
 * A subscription as the payment provider reports it; the organization's plan is its newest subscription in good
 * standing. `intent_id` is the set-up intent the browser confirms; `client_secret` is kept by the sandbox only.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    intentId: text('intent_id'),
    clientSecret: text('client_secret'),
    planId: text('plan_id').notNull(),
    billingCycle: text('billing_cycle').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the provider's newest applied event happened: an older event arriving late changes nothing. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** When it first reached good standing (the card saved): an organization that has one has used its trial. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** A downgrade or a change of cycle starts when the plan in force ends; null: at once. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_id_idx').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A one-time purchase (a payment intent); a succeeded one entitles the organization to the product. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    clientSecret: text('client_secret'),
    productId: text('product_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    failureMessage: text('failure_message'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Provider events already applied: a second delivery of the same event is recognised here and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/**
 * Subscriptions this server asked the provider to end (replaced, abandoned, or at the end of the period for a
 * downgrade). Kept until the provider agrees: a refusal or an outage is retried by a job and shown on Plan & Billing,
 * so an old subscription never keeps billing unnoticed.
 */
export const billingCancellations = pgTable(
  'billing_cancellations',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    /** End it when its paid period ends (a downgrade) rather than at once. */
    atPeriodEnd: boolean('at_period_end').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('billing_cancellations_subscription_idx').on(t.provider, t.providerSubscriptionId),
    index('billing_cancellations_due_idx').on(t.doneAt, t.nextAttemptAt),
  ],
);
