/**
 * The catalogue of spec §9: plans, one-time products, trial and the limits each plan's text promises.
 * The one source of prices for the pricing screen and for the server, which charges from it and never from a
 * client-sent amount.
 */

export const PLAN_IDS = ['basic', 'professional', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PRODUCT_IDS = ['complete-library', 'emergency-kit'] as const;
export type ProductId = (typeof PRODUCT_IDS)[number];

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** What a plan allows; `null` is unlimited. Enforced by the server (docs/billing.md has the table). */
export type PlanLimits = { plants: number | null; valves: number | null; apiAccess: boolean };

type Plan = {
  name: string;
  monthly: number;
  annual: number;
  mostPopular?: true;
  description: string;
  limits: PlanLimits;
  /** Downloads that come with the plan. */
  includes: readonly ProductId[];
  features: readonly string[];
};

export const PRICING = {
  plans: {
    basic: {
      name: 'Basic',
      monthly: 29,
      annual: 290,
      description: 'One plant getting started with digital maintenance',
      limits: { plants: 1, valves: 100, apiAccess: false },
      includes: ['emergency-kit'],
      features: [
        '1 plant',
        'Up to 100 valves',
        'Work orders and maintenance history',
        'QR valve lookup and offline use',
        'Emergency Response Kit download',
      ],
    },
    professional: {
      name: 'Professional',
      monthly: 79,
      annual: 790,
      mostPopular: true,
      description: 'Maintenance teams running a site day to day',
      limits: { plants: 2, valves: 1000, apiAccess: false },
      includes: ['emergency-kit'],
      features: [
        'Up to 2 plants',
        'Up to 1,000 valves',
        'Everything in Basic',
        'Predictive analytics on sensor data',
        'Photo documentation',
      ],
    },
    enterprise: {
      name: 'Enterprise',
      monthly: 199,
      annual: 1990,
      description: 'Operators with several plants and their own systems',
      limits: { plants: null, valves: null, apiAccess: true },
      includes: ['emergency-kit', 'complete-library'],
      features: [
        'Unlimited plants (multi-plant)',
        'Unlimited valves',
        'Everything in Professional',
        'API access for your own systems',
        'Complete Manual Library included',
      ],
    },
  } satisfies Record<PlanId, Plan>,
  products: {
    'complete-library': {
      name: 'Complete Manual Library',
      price: 499,
      description: 'Every valve manual of your plant in one document: operating, installation, maintenance, parts.',
      fileName: 'valveops-complete-manual-library.pdf',
    },
    'emergency-kit': {
      name: 'Emergency Response Kit',
      price: 149,
      description: 'Safety protocols and troubleshooting guides of every valve, with the first steps in an emergency.',
      fileName: 'valveops-emergency-response-kit.pdf',
    },
  } satisfies Record<ProductId, { name: string; price: number; description: string; fileName: string }>,
  annualSavingsLabel: 'Save 17%',
  trialDays: 7,
  moneyBackDays: 30,
  currency: 'usd',
} as const;

/** Without a subscription in good standing an organization works within Basic's limits. */
export const UNSUBSCRIBED_LIMITS: PlanLimits = PRICING.plans.basic.limits;

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'incomplete_expired',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** States in which the plan's features stay on (past_due: Stripe is still retrying the card). */
export const GOOD_STANDING: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due'];

export const PAYMENT_STATUSES = ['requires_payment', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function planPrice(planId: PlanId, cycle: BillingCycle): number {
  return PRICING.plans[planId][cycle];
}

/** Whole cents, as the database and Stripe keep money. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A product by id or by its display name (spec §7 sends `productName`). */
export function findProduct(productName: string): ProductId | null {
  const wanted = productName.trim().toLowerCase();
  const found = PRODUCT_IDS.find((id) => id === wanted || PRICING.products[id].name.toLowerCase() === wanted);
  return found ?? null;
}

/** 'Save 17%' holds: twelve months cost this much more than a year paid at once. */
export function annualSavingsPercent(planId: PlanId): number {
  const plan = PRICING.plans[planId];
  return Math.round((1 - plan.annual / (plan.monthly * 12)) * 100);
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The sandbox provider's test cards (the same numbers Stripe's test mode uses). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Plans from the smallest up: moving up is an upgrade, down a downgrade. */
const PLAN_RANK: Record<PlanId, number> = { basic: 0, professional: 1, enterprise: 2 };

/**
 * What choosing a plan and cycle means for an organization (issue 17): a first subscription; the plan it already
 * has; an upgrade, which starts at once; a downgrade or a change of cycle, which start when the plan in force ends
 * (its paid period is used up, nothing is refunded or charged twice).
 */
export type PlanChangeKind = 'new' | 'same' | 'upgrade' | 'downgrade' | 'cycle';

export function planChangeKind(
  current: { planId: string; billingCycle: string } | null,
  planId: PlanId,
  cycle: BillingCycle,
): PlanChangeKind {
  if (!current || !isPlanId(current.planId)) return 'new';
  if (current.planId === planId) return current.billingCycle === cycle ? 'same' : 'cycle';
  return PLAN_RANK[planId] > PLAN_RANK[current.planId] ? 'upgrade' : 'downgrade';
}

export const startsAtPeriodEnd = (kind: PlanChangeKind) => kind === 'downgrade' || kind === 'cycle';

const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * What the organization loses by moving to `planId`, in sentences for the confirmation: limits its data is over
 * (that part becomes read-only, nothing is deleted), features and included downloads that end.
 */
export function planChangeLosses(
  currentPlanId: string | null,
  planId: PlanId,
  usage: { plants: number; valves: number },
): string[] {
  const target = PRICING.plans[planId];
  const losses: string[] = [];
  const { plants, valves } = target.limits;
  if (plants !== null && usage.plants > plants) {
    losses.push(
      `Your organization has valves in ${count(usage.plants, 'plant')}; ${target.name} covers ${count(plants, 'plant')}. The other ${count(usage.plants - plants, 'plant')} become read-only: their valves and history stay, no valves can be added or moved there.`,
    );
  }
  if (valves !== null && usage.valves > valves) {
    losses.push(
      `${count(usage.valves, 'valve')} are in service; ${target.name} allows ${count(valves, 'valve')}. No valves can be added until fewer are in service.`,
    );
  }
  const before = currentPlanId && isPlanId(currentPlanId) ? PRICING.plans[currentPlanId] : null;
  if (before?.limits.apiAccess && !target.limits.apiAccess) losses.push('API access ends.');
  for (const product of before?.includes ?? []) {
    if (!(target.includes as readonly ProductId[]).includes(product)) {
      losses.push(`The ${PRICING.products[product].name} download is no longer included (unless bought).`);
    }
  }
  return losses;
}
