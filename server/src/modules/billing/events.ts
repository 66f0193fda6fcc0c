import { GOOD_STANDING, isPlanId, PRODUCT_IDS, type SubscriptionStatus } from '@common/billing';
import { and, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingEvents, payments, subscriptions } from '../../db/schema';
import type { BillingEvent } from './provider';

const asDb = (tx: unknown) => tx as Database;

export type Applied = {
  /** False when the event had been applied before: a second delivery changes nothing. */
  applied: boolean;
  /** The organization's other subscriptions this one replaces: the caller cancels them with the provider. */
  superseded: { provider: string; id: string }[];
};

/**
 * Records what a provider reports, once per event id, in one transaction: payments and subscription states.
 * The organization's plan and downloads follow from these rows.
 */
export async function applyBillingEvent(db: Database, event: BillingEvent): Promise<Applied> {
  return db.transaction(async (t) => {
    const tx = asDb(t);
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
    .returning({ id: subscriptions.id, organizationId: subscriptions.organizationId });
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
      .returning({ id: subscriptions.id, organizationId: subscriptions.organizationId });
  }
  if (!GOOD_STANDING.includes(event.status)) return [];
  // One plan per organization: a subscription in good standing replaces the others and abandoned set-ups.
  const replaced: SubscriptionStatus[] = [...GOOD_STANDING, 'incomplete'];
  const others = await tx
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.organizationId, row.organizationId),
        ne(subscriptions.id, row.id),
        inArray(subscriptions.status, replaced),
      ),
    )
    .returning({ provider: subscriptions.provider, id: subscriptions.providerSubscriptionId });
  return others;
}
