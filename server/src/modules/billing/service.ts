import {
  dollarsToCents,
  findProduct,
  GOOD_STANDING,
  isPlanId,
  type PlanId,
  PRICING,
  PRODUCT_IDS,
  type ProductId,
  planChangeKind,
  startsAtPeriodEnd,
} from '@common/billing';
import type { SessionUser } from '@common/schemas/auth';
import type {
  BillingAccount,
  CreatePaymentIntentBody,
  CreateSubscriptionBody,
  Download,
  PaymentSetup,
  PurchaseSummary,
  SubscriptionSummary,
} from '@common/schemas/billing';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, subscriptions } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { pendingCancellations, requestCancellations } from './cancellations';
import { currentSubscription, planLimitsOf, scheduledSubscription, trialUsed, usageOf } from './limits';
import type { PaymentGateway } from './provider';

const centsToDollars = (cents: number) => cents / 100;

/**
 * Spec §7's payment intent: the product and the amount the screen showed must both match the catalogue, so a
 * tampered price is refused rather than charged. The server's own price is what the provider is asked for.
 */
export async function createPaymentIntent(
  db: Database,
  gateway: PaymentGateway,
  user: SessionUser,
  body: CreatePaymentIntentBody,
): Promise<PaymentSetup> {
  const productId = findProduct(body.productName);
  if (!productId) {
    throw new HttpError(400, `Invalid body: productName must be one of ${PRODUCT_IDS.join(', ')}`, {
      issues: [{ path: 'productName', message: `must be one of ${PRODUCT_IDS.join(', ')}` }],
    });
  }
  const product = PRICING.products[productId];
  // Exactly the price shown: catalogue prices are whole dollars, so no rounding can make a tampered amount pass.
  if (body.amount !== product.price) {
    throw new HttpError(400, `Invalid body: amount must be ${product.price} for ${product.name}`, {
      issues: [{ path: 'amount', message: `must be ${product.price} for ${product.name}` }],
    });
  }
  // Never sell what the organization already has (issue 17): its plan includes it, or it was bought.
  const owned = (await downloadsOf(db, user.organizationId)).find((d) => d.productId === productId);
  if (owned) {
    const how = owned.source === 'plan' ? 'comes with your plan' : 'was already bought by your organization';
    throw new HttpError(409, `The ${product.name} ${how}: download it from Plan & Billing. Nothing was charged.`);
  }
  const amountCents = dollarsToCents(product.price);
  const created = await gateway.createPaymentIntent({
    amountCents,
    currency: PRICING.currency,
    description: `ValveOps ${product.name}`,
    metadata: { organizationId: String(user.organizationId), productId, userId: String(user.id), kind: 'purchase' },
  });
  await db.insert(payments).values({
    organizationId: user.organizationId,
    provider: gateway.name,
    providerPaymentId: created.id,
    clientSecret: gateway.name === 'sandbox' ? created.clientSecret : null,
    productId,
    amountCents,
    currency: PRICING.currency,
    status: 'requires_payment',
    createdByUserId: user.id,
  });
  return {
    clientSecret: created.clientSecret,
    intent: 'payment',
    provider: gateway.name,
    amount: product.price,
    currency: PRICING.currency,
    trialDays: null,
    startsAt: null,
  };
}

const cycleName = (cycle: string) => (cycle === 'annual' ? 'annual' : 'monthly');
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Spec §7's subscription, made explicit (issue 17): a first subscription gets the 7-day trial, once per
 * organization; an upgrade starts and is paid at once; a downgrade or change of cycle starts when the plan in
 * force ends. A change to an organization's plan must be confirmed, and nothing counts until the card is saved or
 * paid (`events.ts`): set-ups left unpaid never appear in the history.
 */
export async function createSubscription(
  db: Database,
  gateway: PaymentGateway,
  user: SessionUser,
  body: CreateSubscriptionBody,
  log: Parameters<typeof requestCancellations>[3],
  now = new Date(),
): Promise<PaymentSetup> {
  const plan = PRICING.plans[body.planId];
  const amount = plan[body.billingCycle];
  const amountCents = dollarsToCents(amount);
  const current = await currentSubscription(db, user.organizationId, now);
  const kind = planChangeKind(current, body.planId, body.billingCycle);
  if (current && kind === 'same') {
    throw new HttpError(
      409,
      `Your organization is already on the ${plan.name} plan, billed ${cycleName(body.billingCycle)}. Nothing was changed.`,
    );
  }
  const startsAt = current && startsAtPeriodEnd(kind) ? (current.currentPeriodEnd ?? now) : null;
  if (current && body.confirmChange !== true) {
    const from = PRICING.plans[current.planId as PlanId]?.name ?? current.planId;
    throw new HttpError(
      409,
      `Changing from ${from} to ${plan.name} must be confirmed: it is ${kind === 'upgrade' ? 'an upgrade that starts at once' : `a ${kind === 'cycle' ? 'change of billing cycle' : 'downgrade'} that starts on ${day(startsAt ?? now)}`}. Nothing was changed.`,
    );
  }
  const trialDays = (await trialUsed(db, user.organizationId)) ? 0 : PRICING.trialDays;
  const abandoned = await db
    .update(subscriptions)
    .set({ status: 'incomplete_expired', updatedAt: new Date() })
    .where(and(eq(subscriptions.organizationId, user.organizationId), eq(subscriptions.status, 'incomplete')))
    .returning({
      organizationId: subscriptions.organizationId,
      provider: subscriptions.provider,
      id: subscriptions.providerSubscriptionId,
    });
  await requestCancellations(
    db,
    gateway,
    abandoned.map((a) => ({ ...a, atPeriodEnd: false })),
    log,
  );
  const created = await gateway.createSubscription({
    organizationId: user.organizationId,
    organizationName: user.organizationName,
    email: user.email,
    planId: body.planId,
    planName: plan.name,
    billingCycle: body.billingCycle,
    amountCents,
    currency: PRICING.currency,
    trialDays,
    startsAt,
    metadata: {
      organizationId: String(user.organizationId),
      planId: body.planId,
      billingCycle: body.billingCycle,
      userId: String(user.id),
    },
  });
  await db.insert(subscriptions).values({
    organizationId: user.organizationId,
    provider: gateway.name,
    providerSubscriptionId: created.id,
    intentId: created.intentId,
    clientSecret: gateway.name === 'sandbox' ? created.clientSecret : null,
    planId: body.planId,
    billingCycle: body.billingCycle,
    amountCents,
    currency: PRICING.currency,
    status: created.status,
    trialEndsAt: created.trialEndsAt,
    currentPeriodEnd: created.currentPeriodEnd,
    startsAt,
    createdByUserId: user.id,
  });
  return {
    clientSecret: created.clientSecret,
    intent: created.intent,
    provider: gateway.name,
    amount,
    currency: PRICING.currency,
    trialDays: trialDays > 0 ? trialDays : null,
    startsAt: startsAt?.toISOString() ?? null,
  };
}

function presentSubscription(row: typeof subscriptions.$inferSelect): SubscriptionSummary {
  const planId = row.planId as PlanId;
  return {
    id: row.id,
    planId,
    planName: PRICING.plans[planId]?.name ?? row.planId,
    billingCycle: row.billingCycle === 'annual' ? 'annual' : 'monthly',
    status: row.status as SubscriptionSummary['status'],
    amount: centsToDollars(row.amountCents),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    startsAt: row.startsAt?.toISOString() ?? null,
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    createdAt: row.createdAt.toISOString(),
  };
}

function presentPurchase(row: typeof payments.$inferSelect): PurchaseSummary {
  const productId = row.productId as ProductId;
  return {
    id: row.id,
    productId,
    productName: PRICING.products[productId]?.name ?? row.productId,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    status: row.status as PurchaseSummary['status'],
    failureMessage: row.failureMessage,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the organization may download: products it bought, and those its plan includes. */
export async function downloadsOf(db: Database, organizationId: number): Promise<Download[]> {
  const bought = await db
    .selectDistinct({ productId: payments.productId })
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), eq(payments.status, 'succeeded')));
  const current = await currentSubscription(db, organizationId);
  const included: readonly ProductId[] =
    current && isPlanId(current.planId) ? PRICING.plans[current.planId].includes : [];
  const boughtIds = new Set(bought.map((b) => b.productId));
  return PRODUCT_IDS.filter((id) => boughtIds.has(id) || included.includes(id)).map((productId) => ({
    productId,
    name: PRICING.products[productId].name,
    fileName: PRICING.products[productId].fileName,
    url: `/api/billing/downloads/${productId}`,
    source: boughtIds.has(productId) ? 'purchase' : 'plan',
  }));
}

export async function assertEntitled(db: Database, organizationId: number, productId: ProductId): Promise<void> {
  const downloads = await downloadsOf(db, organizationId);
  if (!downloads.some((d) => d.productId === productId)) {
    throw new HttpError(
      403,
      `Your organization has not bought the ${PRICING.products[productId].name}. Buy it on the Pricing page.`,
    );
  }
}

/** The account/billing screen: plan and trial, limits against usage, every subscription and purchase. */
export async function billingAccount(db: Database, organizationId: number): Promise<BillingAccount> {
  const [current, scheduled, used, pending, { limits }, usage, subscriptionRows, purchaseRows, downloads] =
    await Promise.all([
      currentSubscription(db, organizationId),
      scheduledSubscription(db, organizationId),
      trialUsed(db, organizationId),
      pendingCancellations(db, organizationId),
      planLimitsOf(db, organizationId),
      usageOf(db, organizationId),
      db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.organizationId, organizationId),
            inArray(subscriptions.status, [...GOOD_STANDING, 'canceled', 'unpaid', 'paused']),
          ),
        )
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(20),
      db
        .select()
        .from(payments)
        .where(and(eq(payments.organizationId, organizationId), inArray(payments.status, ['succeeded', 'failed'])))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(50),
      downloadsOf(db, organizationId),
    ]);
  return {
    plan: current ? presentSubscription(current) : null,
    scheduled: scheduled ? presentSubscription(scheduled) : null,
    trialAvailable: !used,
    pendingCancellations: pending,
    limits,
    usage: { plants: usage.plants, valves: usage.valves },
    subscriptions: subscriptionRows.map(presentSubscription),
    purchases: purchaseRows.map(presentPurchase),
    downloads,
  };
}
