import { GOOD_STANDING, isPlanId, PRODUCT_IDS } from '@common/billing';
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { billingEvents, payments, subscriptions } from '../../db/schema';
import type { BillingEvent } from './provider';

/** A subscription to end with the provider: at once, or (the plan a downgrade replaces) when its period ends. */
export type Superseded = { organizationId: number; provider: string; id: string; atPeriodEnd: boolean };

export type Applied = {
  /** False when the event had been applied before: a second delivery changes nothing. */
  applied: boolean;
  /** The organization's other subscriptions this one replaces: the caller cancels them with the provider. */
  superseded: Superseded[];
};

/**
 * Records what a provider reports, once per event id, in one transaction: payments and subscription states.
 * The organization's plan and downloads follow from these rows.
 */
export async function applyBillingEvent(db: Database, event: BillingEvent): Promise<Applied> {
  return inTransaction(db, async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: event.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return { applied: false, superseded: [] };
    if (event.type === 'payment') {
      await applyPayment(tx, event);
      return { applied: true, superseded: [] };
    }
    return { applied: true, superseded: await applySubscription(tx, event) };
  });
}

async function applyPayment(tx: Database, event: Extract<BillingEvent, { type: 'payment' }>) {
  const match = and(eq(payments.provider, event.provider), eq(payments.providerPaymentId, event.paymentId));
  const [known] = await tx.select().from(payments).where(match);
  if (known) {
    // A success is final: a late failure event for an earlier attempt does not undo it.
    if (known.status === 'succeeded') return;
    await tx
      .update(payments)
      .set({
        status: event.status,
        failureMessage: event.failureMessage,
        paidAt: event.status === 'succeeded' ? event.occurredAt : null,
        updatedAt: new Date(),
      })
      .where(match);
    return;
  }
  // Made outside this server (the Stripe dashboard, a retry tool): recorded when its metadata says for whom.
  if (event.organizationId && event.productId && (PRODUCT_IDS as readonly string[]).includes(event.productId)) {
    await tx.insert(payments).values({
      organizationId: event.organizationId,
      provider: event.provider,
      providerPaymentId: event.paymentId,
      productId: event.productId,
      amountCents: event.amountCents,
      currency: event.currency,
      status: event.status,
      failureMessage: event.failureMessage,
      paidAt: event.status === 'succeeded' ? event.occurredAt : null,
    });
  }
}

async function applySubscription(
  tx: Database,
  event: Extract<BillingEvent, { type: 'subscription' }>,
): Promise<Applied['superseded']> {
  const match = and(
    eq(subscriptions.provider, event.provider),
    eq(subscriptions.providerSubscriptionId, event.subscriptionId),
  );
  const changes = {
    status: event.status,
    trialEndsAt: event.trialEndsAt,
    currentPeriodEnd: event.currentPeriodEnd,
    lastEventAt: event.occurredAt,
    updatedAt: new Date(),
  };
  // Events can arrive out of order: one older than the last applied changes nothing.
  const updated = await tx
    .update(subscriptions)
    .set(changes)
    .where(and(match, or(isNull(subscriptions.lastEventAt), lte(subscriptions.lastEventAt, event.occurredAt))))
    .returning({
      id: subscriptions.id,
      organizationId: subscriptions.organizationId,
      startsAt: subscriptions.startsAt,
    });
  let row = updated[0];
  if (!row) {
    const [known] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(match);
    if (known) return [];
    if (!event.organizationId || !event.planId || !isPlanId(event.planId)) return [];
    [row] = await tx
      .insert(subscriptions)
      .values({
        ...changes,
        organizationId: event.organizationId,
        provider: event.provider,
        providerSubscriptionId: event.subscriptionId,
        planId: event.planId,
        billingCycle: event.billingCycle === 'annual' ? 'annual' : 'monthly',
        amountCents: event.amountCents ?? 0,
        currency: event.currency ?? 'usd',
      })
      .returning({
        id: subscriptions.id,
        organizationId: subscriptions.organizationId,
        startsAt: subscriptions.startsAt,
      });
  }
  if (!GOOD_STANDING.includes(event.status)) return [];
  const { id, organizationId } = row;
  // The first confirmation uses up the organization's one free trial.
  await tx
    .update(subscriptions)
    .set({ confirmedAt: sql`coalesce(${subscriptions.confirmedAt}, ${event.occurredAt.toISOString()}::timestamptz)` })
    .where(eq(subscriptions.id, id));
  const others = and(eq(subscriptions.organizationId, organizationId), ne(subscriptions.id, id));
  const returned = {
    organizationId: subscriptions.organizationId,
    provider: subscriptions.provider,
    id: subscriptions.providerSubscriptionId,
  };
  // Set-ups never paid for end quietly: they were never the customer's plan, so history does not list them.
  const abandoned = await tx
    .update(subscriptions)
    .set({ status: 'incomplete_expired', updatedAt: new Date() })
    .where(and(others, eq(subscriptions.status, 'incomplete')))
    .returning(returned);
  const deferred = row.startsAt !== null && row.startsAt > event.occurredAt;
  const inGoodStanding = and(others, inArray(subscriptions.status, [...GOOD_STANDING]));
  // A downgrade leaves the plan in force running to the end of its paid period; an upgrade replaces it at once.
  // Either way an earlier change still waiting to start is replaced now.
  const replaced = await tx
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(deferred ? and(inGoodStanding, gt(subscriptions.startsAt, event.occurredAt)) : inGoodStanding)
    .returning(returned);
  const runningOut = deferred
    ? await tx
        .select(returned)
        .from(subscriptions)
        .where(and(inGoodStanding, or(isNull(subscriptions.startsAt), lte(subscriptions.startsAt, event.occurredAt))))
    : [];
  return [
    ...[...abandoned, ...replaced].map((s) => ({ ...s, atPeriodEnd: false })),
    ...runningOut.map((s) => ({ ...s, atPeriodEnd: true })),
  ];
}
