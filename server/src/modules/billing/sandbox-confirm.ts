import { randomBytes } from 'node:crypto';
import { PRICING } from '@common/billing';
import type { SessionUser } from '@common/schemas/auth';
import type { SandboxConfirmBody } from '@common/schemas/billing';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, subscriptions } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { requestCancellations } from './cancellations';
import { applyBillingEvent } from './events';
import type { PaymentGateway } from './provider';
import { intentIdOf, judgeCard } from './sandbox';

const eventId = () => `sbx_evt_${randomBytes(12).toString('hex')}`;
const DAY = 86_400_000;

type Confirmed = { status: 'succeeded'; returnUrl: string };

/**
 * The sandbox's stand-in for Stripe's confirmation: the test card decides, and the outcome is recorded through
 * the same events a Stripe webhook produces, so records and entitlements are the same.
 */
export async function confirmSandboxPayment(
  db: Database,
  gateway: PaymentGateway,
  user: SessionUser,
  body: { clientSecret: string; cardNumber: string; expiry: string; cvc: string },
  log: Parameters<typeof requestCancellations>[3],
  now = new Date(),
): Promise<Confirmed> {
  const intentId = intentIdOf(body.clientSecret);
  const notFound = new HttpError(404, 'This payment was not found. Go back to Pricing and start again.');
  if (!intentId) throw notFound;
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, user.organizationId),
        eq(payments.provider, 'sandbox'),
        eq(payments.providerPaymentId, intentId),
        eq(payments.clientSecret, body.clientSecret),
      ),
    );
  if (payment) return confirmPurchase(db, payment, body, now);
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, user.organizationId),
        eq(subscriptions.provider, 'sandbox'),
        eq(subscriptions.intentId, intentId),
        eq(subscriptions.clientSecret, body.clientSecret),
      ),
    );
  if (!subscription) throw notFound;
  const returnUrl = `/success?${intentId.startsWith('sbx_pi_') ? 'payment_intent' : 'setup_intent'}=${intentId}&redirect_status=succeeded`;
  if (subscription.status === 'trialing' || subscription.status === 'active') return { status: 'succeeded', returnUrl };
  if (subscription.status !== 'incomplete') {
    throw new HttpError(409, 'This subscription set-up was replaced by a newer one. Reload the page and try again.');
  }
  const verdict = judgeCard(body.cardNumber, body.expiry, now);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
  // A trial runs its days from the card being saved; without one (the trial used) the first period is paid now, or,
  // for a downgrade, starts when the plan in force ends.
  const trialEndsAt = subscription.trialEndsAt ? new Date(now.getTime() + PRICING.trialDays * DAY) : null;
  const start = subscription.startsAt && subscription.startsAt > now ? subscription.startsAt : now;
  const period = (subscription.billingCycle === 'annual' ? 365 : 30) * DAY;
  const applied = await applyBillingEvent(db, {
    id: eventId(),
    provider: 'sandbox',
    type: 'subscription',
    occurredAt: now,
    subscriptionId: subscription.providerSubscriptionId,
    status: trialEndsAt ? 'trialing' : 'active',
    trialEndsAt,
    currentPeriodEnd: trialEndsAt ?? new Date(start.getTime() + period),
    organizationId: subscription.organizationId,
    planId: subscription.planId,
    billingCycle: subscription.billingCycle,
    amountCents: subscription.amountCents,
    currency: subscription.currency,
  });
  await requestCancellations(db, gateway, applied.superseded, log);
  return { status: 'succeeded', returnUrl };
}

async function confirmPurchase(
  db: Database,
  payment: typeof payments.$inferSelect,
  body: SandboxConfirmBody,
  now: Date,
): Promise<Confirmed> {
  const returnUrl = `/success?payment_intent=${payment.providerPaymentId}&redirect_status=succeeded`;
  if (payment.status === 'succeeded') return { status: 'succeeded', returnUrl };
  const verdict = judgeCard(body.cardNumber, body.expiry, now);
  // An unusable number never reached a bank: nothing to record. A decline is recorded, as Stripe records it.
  if (!verdict.ok && verdict.status === 400) throw new HttpError(400, verdict.message);
  await applyBillingEvent(db, {
    id: eventId(),
    provider: 'sandbox',
    type: 'payment',
    occurredAt: now,
    paymentId: payment.providerPaymentId,
    status: verdict.ok ? 'succeeded' : 'failed',
    failureMessage: verdict.ok ? null : verdict.message,
    organizationId: payment.organizationId,
    productId: payment.productId,
    amountCents: payment.amountCents,
    currency: payment.currency,
  });
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
  return { status: 'succeeded', returnUrl };
}
