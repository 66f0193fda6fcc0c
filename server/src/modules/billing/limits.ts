import { GOOD_STANDING, isPlanId, type PlanLimits, PRICING, UNSUBSCRIBED_LIMITS } from '@common/billing';
import { and, count as countRows, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions, valves } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

/** The organization's current subscription: its newest in good standing (trialing, active, past_due). */
export async function currentSubscription(db: Database, organizationId: number) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, organizationId), inArray(subscriptions.status, [...GOOD_STANDING])))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

export async function planLimitsOf(
  db: Database,
  organizationId: number,
): Promise<{ name: string; limits: PlanLimits }> {
  const current = await currentSubscription(db, organizationId);
  if (current && isPlanId(current.planId)) {
    const plan = PRICING.plans[current.planId];
    return { name: `${plan.name} plan`, limits: plan.limits };
  }
  return { name: 'organization has no subscription and', limits: UNSUBSCRIBED_LIMITS };
}

/** Plants that hold valves in service, and how many valves are in service (decommissioned ones do not count). */
export async function usageOf(db: Database, organizationId: number, excludingValveId?: number) {
  const conditions = [eq(valves.organizationId, organizationId), ne(valves.status, 'decommissioned')];
  if (excludingValveId !== undefined) conditions.push(ne(valves.id, excludingValveId));
  const perPlant = await db
    .select({ plant: valves.plant, valves: countRows() })
    .from(valves)
    .where(and(...conditions))
    .groupBy(valves.plant)
    .orderBy(valves.plant);
  return {
    plants: perPlant.length,
    valves: perPlant.reduce((sum, p) => sum + p.valves, 0),
    plantNames: perPlant.map((p) => p.plant),
  };
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * Refuses (403, saying which limit and how to lift it) a valve the plan has no room for: one more valve past the
 * plan's count, or a valve in a plant beyond the plan's number of plants. What is already there stays.
 */
export async function assertRoomForValve(
  db: Database,
  organizationId: number,
  plant: string,
  options: { movingValveId?: number } = {},
): Promise<void> {
  const { name, limits } = await planLimitsOf(db, organizationId);
  const usage = await usageOf(db, organizationId, options.movingValveId);
  if (options.movingValveId === undefined && limits.valves !== null && usage.valves >= limits.valves) {
    throw new HttpError(
      403,
      `Your ${name} allows ${plural(limits.valves, 'valve')}, and ${plural(usage.valves, 'valve')} are in service. Decommission a valve or upgrade your plan on the Pricing page.`,
    );
  }
  if (limits.plants !== null && !usage.plantNames.includes(plant) && usage.plants >= limits.plants) {
    throw new HttpError(
      403,
      `Your ${name} allows ${plural(limits.plants, 'plant')} (${usage.plantNames.join(', ')}). Upgrade to Enterprise for more plants on the Pricing page.`,
    );
  }
}

/** Features a plan switches on (API access is Enterprise's): 403 with the reason otherwise. */
export async function assertPlanFeature(db: Database, organizationId: number, feature: 'apiAccess'): Promise<void> {
  const { limits } = await planLimitsOf(db, organizationId);
  if (!limits[feature]) {
    throw new HttpError(403, 'API access comes with the Enterprise plan. Upgrade on the Pricing page to use it.');
  }
}
