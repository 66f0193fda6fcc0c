import { dollarsToCents, PRICING } from '@common/billing';
import type { Database } from '../../db/client';
import { subscriptions } from '../../db/schema';

const DAY = 86_400_000;

/**
 * The demo organizations run on Enterprise, paid annually through the sandbox: every feature of the demo
 * (four plants, as many valves as asked for) stays within the plan.
 */
export async function seedDemoPlan(db: Database, organizationId: number, now: number): Promise<void> {
  const started = new Date(now - 40 * DAY);
  await db.insert(subscriptions).values({
    organizationId,
    provider: 'sandbox',
    providerSubscriptionId: `sbx_sub_demo_${organizationId}`,
    planId: 'enterprise',
    billingCycle: 'annual',
    amountCents: dollarsToCents(PRICING.plans.enterprise.annual),
    currency: PRICING.currency,
    status: 'active',
    trialEndsAt: new Date(started.getTime() + PRICING.trialDays * DAY),
    currentPeriodEnd: new Date(started.getTime() + 365 * DAY),
    lastEventAt: started,
    confirmedAt: started,
    createdAt: started,
    updatedAt: started,
  });
}
