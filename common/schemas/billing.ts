import { z } from 'zod';
import { BILLING_CYCLES, PAYMENT_STATUSES, PLAN_IDS, PRODUCT_IDS, SUBSCRIPTION_STATUSES } from '../billing';
import { isoDateTime } from './params';

export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Which provider takes payments, and the key Stripe.js needs (public by design; null for the sandbox). */
export const billingConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof billingConfig>;

/** Spec §7: the price in dollars as the screen showed it; the server checks it against its own catalogue. */
export const createPaymentIntentBody = z.object({
  amount: z.number({ error: 'must be a number of dollars' }).positive({ error: 'must be more than 0' }),
  productName: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

export const createSubscriptionBody = z.object({
  planId: z.enum(PLAN_IDS, { error: `must be one of ${PLAN_IDS.join(', ')}` }),
  billingCycle: z.enum(BILLING_CYCLES, { error: `must be one of ${BILLING_CYCLES.join(', ')}` }),
  /** An organization that has a plan changes it only when the admin confirmed what changes and when (issue 17). */
  confirmChange: z.boolean({ error: 'must be true or false' }).optional(),
});
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

/**
 * What the payment form needs: the client secret, and whether it confirms a payment (a purchase) or sets up a
 * card for later (a subscription in its free trial).
 */
export const paymentSetup = z.object({
  clientSecret: z.string(),
  intent: z.enum(['payment', 'setup']),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Dollars, from the server's catalogue. */
  amount: z.number(),
  currency: z.string(),
  trialDays: z.number().int().nullable(),
  /** When the plan starts: null at once; a downgrade or change of cycle when the plan in force ends. */
  startsAt: isoDateTime.nullable(),
});
export type PaymentSetup = z.infer<typeof paymentSetup>;

/** The sandbox provider's card form. Numbers may carry spaces, as people type them. */
export const sandboxConfirmBody = z.object({
  clientSecret: z.string().min(1, { error: 'is required' }).max(300),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: 'must be 12 to 19 digits' })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, { error: 'must be MM / YY' }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: 'must be 3 or 4 digits' }),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBody>;

export const sandboxConfirmResult = z.object({
  status: z.enum(['succeeded']),
  /** Where the browser goes next: /success with the intent, as Stripe's redirect would. */
  returnUrl: z.string(),
});

export const planLimits = z.object({
  plants: z.number().int().nullable(),
  valves: z.number().int().nullable(),
  apiAccess: z.boolean(),
});

export const subscriptionSummary = z.object({
  id: z.number().int(),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  billingCycle: z.enum(BILLING_CYCLES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  amount: z.number(),
  trialEndsAt: isoDateTime.nullable(),
  currentPeriodEnd: isoDateTime.nullable(),
  /** A scheduled change starts then; null: started at once. */
  startsAt: isoDateTime.nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  createdAt: isoDateTime,
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const purchaseSummary = z.object({
  id: z.number().int(),
  productId: z.enum(PRODUCT_IDS),
  productName: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureMessage: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type PurchaseSummary = z.infer<typeof purchaseSummary>;

export const download = z.object({
  productId: z.enum(PRODUCT_IDS),
  name: z.string(),
  fileName: z.string(),
  url: z.string(),
  /** Bought outright, or part of the plan. */
  source: z.enum(['purchase', 'plan']),
});
export type Download = z.infer<typeof download>;

export const downloadList = z.array(download);

/** The organization's standing: plan (null without a subscription in good standing), limits and what it uses. */
export const billingAccount = z.object({
  plan: subscriptionSummary.nullable(),
  /** A downgrade or change of cycle paid for, waiting for the plan in force to end. */
  scheduled: subscriptionSummary.nullable(),
  /** False once the organization has had a subscription: the free trial is one per organization. */
  trialAvailable: z.boolean(),
  /** Subscriptions the provider has not yet agreed to end: retried, and shown so nobody is billed unnoticed. */
  pendingCancellations: z.array(
    z.object({ subscriptionId: z.string(), attempts: z.number().int(), lastError: z.string().nullable() }),
  ),
  limits: planLimits,
  usage: z.object({ plants: z.number().int(), valves: z.number().int() }),
  subscriptions: z.array(subscriptionSummary),
  purchases: z.array(purchaseSummary),
  downloads: z.array(download),
});
export type BillingAccount = z.infer<typeof billingAccount>;

export const downloadParams = z.object({
  productId: z.enum(PRODUCT_IDS, { error: `must be one of ${PRODUCT_IDS.join(', ')}` }),
});
