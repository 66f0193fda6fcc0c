import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingCancellations } from '../../db/schema';
import type { Superseded } from './events';
import type { PaymentGateway } from './provider';

type Log = { warn: (details: object, message: string) => void };

/** Waits between attempts: a minute, then doubling up to six hours, so an outage is ridden out without hammering. */
export const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/**
 * Ends subscriptions with the provider (issue 15): each is recorded first, then tried at once; one the provider
 * refuses or cannot be reached for stays recorded with its error, is retried by `retryCancellations`, and is shown on
 * Plan & Billing. Only the sandbox's, which are rows alone, are done without asking anyone.
 */
export async function requestCancellations(db: Database, gateway: PaymentGateway, ended: Superseded[], log: Log) {
  for (const subscription of ended) {
    const [row] = await db
      .insert(billingCancellations)
      .values({
        organizationId: subscription.organizationId,
        provider: subscription.provider,
        providerSubscriptionId: subscription.id,
        atPeriodEnd: subscription.atPeriodEnd,
        doneAt: subscription.provider === gateway.name && gateway.name !== 'sandbox' ? null : new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (row && !row.doneAt) await attempt(db, gateway, row, log);
  }
}

/** The job: every cancellation due and not yet agreed, tried again. Returns how many the provider accepted. */
export async function retryCancellations(db: Database, gateway: PaymentGateway, log: Log, now = new Date()) {
  const due = await db
    .select()
    .from(billingCancellations)
    .where(
      and(
        isNull(billingCancellations.doneAt),
        eq(billingCancellations.provider, gateway.name),
        lte(billingCancellations.nextAttemptAt, now),
      ),
    )
    .limit(50);
  let done = 0;
  for (const row of due) if (await attempt(db, gateway, row, log, now)) done += 1;
  return done;
}

async function attempt(
  db: Database,
  gateway: PaymentGateway,
  row: typeof billingCancellations.$inferSelect,
  log: Log,
  now = new Date(),
): Promise<boolean> {
  try {
    await gateway.cancelSubscription(row.providerSubscriptionId, { atPeriodEnd: row.atPeriodEnd });
    await db
      .update(billingCancellations)
      .set({ doneAt: now, attempts: row.attempts + 1, lastError: null })
      .where(eq(billingCancellations.id, row.id));
    return true;
  } catch (error) {
    const attempts = row.attempts + 1;
    log.warn(
      { err: error, subscription: row.providerSubscriptionId, attempts },
      'the payment provider did not cancel a subscription; retrying later',
    );
    await db
      .update(billingCancellations)
      .set({
        attempts,
        lastError: error instanceof Error ? error.message : String(error),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      })
      .where(eq(billingCancellations.id, row.id));
    return false;
  }
}

/** What Plan & Billing shows: cancellations the provider has not agreed to yet. */
export async function pendingCancellations(db: Database, organizationId: number) {
  const rows = await db
    .select()
    .from(billingCancellations)
    .where(and(eq(billingCancellations.organizationId, organizationId), isNull(billingCancellations.doneAt)));
  return rows
    .filter((row) => row.attempts > 0)
    .map((row) => ({ subscriptionId: row.providerSubscriptionId, attempts: row.attempts, lastError: row.lastError }));
}
