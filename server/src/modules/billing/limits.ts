import { GOOD_STANDING, isPlanId, type PlanLimits, PRICING, UNSUBSCRIBED_LIMITS } from '@common/billing';
import { and, count as countRows, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions, valves } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

/**
 * The plan in force: the organization's newest subscription in good standing (trialing, active, past_due) that has
 * started. A downgrade paid for waits, with its start date, until the plan before it ends.
 */
export async function currentSubscription(db: Database, organizationId: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        inArray(subscriptions.status, [...GOOD_STANDING]),
        or(isNull(subscriptions.startsAt), lte(subscriptions.startsAt, now)),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** A change paid for that starts when the plan in force ends. */
export async function scheduledSubscription(db: Database, organizationId: number, now = new Date()) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        inArray(subscriptions.status, [...GOOD_STANDING]),
        gt(subscriptions.startsAt, now),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** One free trial per organization: used once any of its subscriptions has been confirmed. */
export async function trialUsed(db: Database, organizationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, organizationId), isNotNull(subscriptions.confirmedAt)))
    .limit(1);
  return row !== undefined;
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

/**
 * Plants that hold valves in service (the fullest first, so after a downgrade the plan covers the plants with most
 * valves), and how many valves are in service (decommissioned ones do not count).
 */
export async function usageOf(db: Database, organizationId: number, excludingValveId?: number) {
  const conditions = [eq(valves.organizationId, organizationId), ne(valves.status, 'decommissioned')];
  if (excludingValveId !== undefined) conditions.push(ne(valves.id, excludingValveId));
  const perPlant = await db
    .select({ plant: valves.plant, valves: countRows() })
    .from(valves)
    .where(and(...conditions))
    .groupBy(valves.plant)
    .orderBy(desc(countRows()), valves.plant);
  return {
    plants: perPlant.length,
    valves: perPlant.reduce((sum, p) => sum + p.valves, 0),
    plantNames: perPlant.map((p) => p.plant),
  };
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * Refuses (403, saying which limit and how to lift it) a valve the plan has no room for: one more valve past the
 * plan's count, or a valve in a plant beyond the plan's number of plants. An organization over its plan's plants
 * (after a downgrade) keeps every plant; those past the limit are read-only: nothing is added or moved there.
 */
export async function assertRoomForValve(
  db: Database,
  organizationId: number,
  plant: string,
  options: { movingValveId?: number; adding?: number } = {},
): Promise<void> {
  const { name, limits } = await planLimitsOf(db, organizationId);
  const usage = await usageOf(db, organizationId, options.movingValveId);
  // An import adds many at once (issue 32): all of them must fit, or none is added.
  const adding = options.adding ?? 1;
  if (options.movingValveId === undefined && limits.valves !== null && usage.valves + adding > limits.valves) {
    const asked = adding === 1 ? '' : ` Adding ${plural(adding, 'valve')} would make ${usage.valves + adding}.`;
    throw new HttpError(
      403,
      `Your ${name} allows ${plural(limits.valves, 'valve')}, and ${plural(usage.valves, 'valve')} are in service.${asked} Decommission a valve or upgrade your plan on the Pricing page.`,
    );
  }
  if (limits.plants === null) return;
  const covered = usage.plantNames.slice(0, limits.plants);
  if (usage.plantNames.includes(plant) && !covered.includes(plant)) {
    throw new HttpError(
      403,
      `${plant} is read-only: your ${name} covers ${plural(limits.plants, 'plant')} (${covered.join(', ')}). Its valves and history stay; upgrade on the Pricing page to add valves there again.`,
    );
  }
  if (!usage.plantNames.includes(plant) && usage.plants >= limits.plants) {
    throw new HttpError(
      403,
      `Your ${name} allows ${plural(limits.plants, 'plant')} (${covered.join(', ')}). Upgrade to Enterprise for more plants on the Pricing page.`,
    );
  }
}

/**
 * Refuses (403, saying why) a plant past the plan's number: the limits count the organization's active plants
 * (issue 30), given by the plants domain, which keeps them.
 */
export async function assertRoomForPlant(db: Database, organizationId: number, activePlants: number): Promise<void> {
  const { name, limits } = await planLimitsOf(db, organizationId);
  if (limits.plants === null || activePlants < limits.plants) return;
  throw new HttpError(
    403,
    `Your ${name} allows ${plural(limits.plants, 'plant')}, and ${plural(activePlants, 'plant')} ${activePlants === 1 ? 'is' : 'are'} active. Retire a plant or upgrade to Enterprise for more plants on the Pricing page.`,
  );
}

/**
 * Refuses (402, naming the plan in force) an organization whose plan has no API access: making a token and every
 * request made with one (issue 32). Unused plans are not named: the plan that has it is read from the prices.
 */
export async function assertApiAccess(db: Database, organizationId: number): Promise<void> {
  const current = await currentSubscription(db, organizationId);
  const plan = current && isPlanId(current.planId) ? PRICING.plans[current.planId] : null;
  if (plan?.limits.apiAccess) return;
  const needed = Object.values(PRICING.plans)
    .filter((p) => p.limits.apiAccess)
    .map((p) => p.name)
    .join(' or ');
  const now = plan ? `this organization is on ${plan.name}` : 'this organization has no subscription';
  throw new HttpError(402, `API access needs the ${needed} plan; ${now}.`);
}
