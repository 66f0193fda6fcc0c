import { PRICING } from '@common/billing';
import { billingAccount, paymentSetup } from '@common/schemas/billing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, subscriptions } from '../../db/schema';
import { pdfText } from '../../testing/pdf-text';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/**
 * The sandbox provider (no Stripe keys) through the HTTP API, as the demo's admin, whose organization starts here
 * as a new customer: no plan, its trial unused.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.delete(subscriptions).where(eq(subscriptions.organizationId, 1));
});
afterAll(() => t.close());

const admin = { as: 'admin' } as const;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

async function buy(productName: string, amount: number) {
  const res = await send(t, 'POST', '/api/create-payment-intent', { amount, productName }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return paymentSetup.parse(res.json());
}

async function subscribe(planId: string, billingCycle: string, confirmChange?: boolean) {
  const res = await send(t, 'POST', '/api/create-subscription', { planId, billingCycle, confirmChange }, admin);
  expect(res.statusCode, res.body).toBe(200);
  return paymentSetup.parse(res.json());
}

const account = async () => billingAccount.parse((await t.get('/api/billing/account', 'admin')).json());

describe('GET /api/billing/config', () => {
  it('says the sandbox is active and has no publishable key, without a session', async () => {
    const res = await t.get('/api/billing/config', null);
    expect(res.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  });
});

describe('POST /api/create-payment-intent', () => {
  it("charges the catalogue's price, by product id or by name", async () => {
    const setup = await buy('complete-library', 499);
    expect(setup).toMatchObject({ intent: 'payment', provider: 'sandbox', amount: 499, currency: 'usd' });
    expect(setup.clientSecret).toMatch(/^sbx_pi_\w+_secret_\w+$/);
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, setup.clientSecret.split('_secret_')[0]));
    expect(row).toMatchObject({ productId: 'complete-library', amountCents: 49_900, status: 'requires_payment' });
    expect((await buy('Emergency Response Kit', PRICING.products['emergency-kit'].price)).amount).toBe(149);
  });

  it.each([
    [{ amount: 1, productName: 'complete-library' }, 'amount must be 499 for Complete Manual Library'],
    [{ amount: 149, productName: 'complete-library' }, 'amount must be 499 for Complete Manual Library'],
    [{ amount: 499.001, productName: 'complete-library' }, 'amount must be 499'],
    [{ amount: 499, productName: 'gold-plated-valve' }, 'productName must be one of complete-library, emergency-kit'],
    [{ amount: -5, productName: 'complete-library' }, 'amount must be more than 0'],
    [{ amount: '499', productName: 'complete-library' }, 'amount must be a number of dollars'],
    [{ amount: 499 }, 'productName is required'],
  ])('refuses %j with 400 and records nothing', async (body, message) => {
    const before = await t.db.select().from(payments);
    const res = await send(t, 'POST', '/api/create-payment-intent', body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(payments)).toHaveLength(before.length);
  });

  it('is for admins only', async () => {
    const res = await send(t, 'POST', '/api/create-payment-intent', { amount: 499, productName: 'complete-library' });
    expect(res.statusCode).toBe(403);
  });
});

describe('the sandbox card form', () => {
  it('takes 4242 4242 4242 4242: the purchase succeeds and is listed with its download', async () => {
    const setup = await buy('emergency-kit', 149);
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnUrl).toMatch(/^\/success\?payment_intent=sbx_pi_\w+&redirect_status=succeeded$/);
    const purchases = (await account()).purchases.filter((p) => p.status === 'succeeded');
    expect(purchases.map((p) => p.productId)).toContain('emergency-kit');
    // Confirming again (a double tap) changes nothing.
    const again = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card },
      admin,
    );
    expect(again.statusCode).toBe(200);
    expect((await account()).purchases.filter((p) => p.status === 'succeeded')).toHaveLength(purchases.length);
  });

  it("declines 4000 0000 0000 0002 with the provider's message (402) and records the failure", async () => {
    const setup = await buy('complete-library', 499);
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card, cardNumber: '4000 0000 0000 0002' },
      admin,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Your card was declined.' });
    const [row] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, setup.clientSecret.split('_secret_')[0]));
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 400, 'Your card number is invalid.'],
    [{ cardNumber: '5555 5555 5555 4444' }, 400, 'Test mode takes test cards only'],
    [{ cardNumber: '4242' }, 400, 'cardNumber must be 12 to 19 digits'],
    [{ expiry: '13/30' }, 400, 'expiry must be MM / YY'],
    [{ expiry: '01/20' }, 402, "Your card's expiration date is in the past."],
    [{ cvc: '1' }, 400, 'cvc must be 3 or 4 digits'],
    [{ clientSecret: 'sbx_pi_nothing_secret_x' }, 404, 'This payment was not found.'],
    [{ clientSecret: 'no secret here' }, 404, 'This payment was not found.'],
  ])('refuses %j', async (change, status, message) => {
    const setup = await buy('complete-library', 499);
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card, ...change },
      admin,
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it("refuses another organization's client secret as not found", async () => {
    const setup = await buy('complete-library', 499);
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card },
      { as: 'otherOrganization' },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('subscriptions', () => {
  it('start with the 7-day trial once the card is saved; a set-up left unpaid leaves no trace', async () => {
    expect((await account()).plan).toBeNull();
    const first = await subscribe('enterprise', 'monthly');
    expect(first).toMatchObject({ intent: 'setup', amount: 199, trialDays: 7 });
    // The user changes plan before paying: the first set-up is abandoned, the plan unchanged.
    const setup = await subscribe('basic', 'annual');
    expect(setup.amount).toBe(290);
    expect((await account()).plan).toBeNull();
    const stale = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: first.clientSecret, ...card },
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card },
      admin,
    );
    expect(res.json().returnUrl).toMatch(/^\/success\?setup_intent=sbx_seti_\w+/);
    const now = await account();
    expect(now.plan).toMatchObject({ planId: 'basic', billingCycle: 'annual', status: 'trialing', amount: 290 });
    const trialDays = (Date.parse(String(now.plan?.trialEndsAt)) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(6.99);
    expect(trialDays).toBeLessThanOrEqual(7);
    expect(now.limits).toEqual(PRICING.plans.basic.limits);
    const live = await t.db
      .select({ planId: subscriptions.planId })
      .from(subscriptions)
      .where(and(eq(subscriptions.organizationId, 1), eq(subscriptions.status, 'trialing')));
    expect(live).toEqual([{ planId: 'basic' }]);
    expect(now.subscriptions.map((s) => s.planId)).toEqual(['basic']);
    expect(now.trialAvailable).toBe(false);
  });

  it('change plan only when confirmed: one trial per organization; an upgrade is paid and starts at once', async () => {
    const unconfirmed = await send(
      t,
      'POST',
      '/api/create-subscription',
      { planId: 'professional', billingCycle: 'annual' },
      admin,
    );
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(
      'Changing from Basic to Professional must be confirmed: it is an upgrade that starts at once. Nothing was changed.',
    );
    const same = await send(t, 'POST', '/api/create-subscription', { planId: 'basic', billingCycle: 'annual' }, admin);
    expect(same.statusCode).toBe(409);
    const upgrade = await subscribe('professional', 'annual', true);
    expect(upgrade).toMatchObject({ intent: 'payment', trialDays: null, startsAt: null, amount: 790 });
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: upgrade.clientSecret, ...card },
      admin,
    );
    expect(res.json().returnUrl).toMatch(/^\/success\?payment_intent=sbx_pi_\w+/);
    const now = await account();
    expect(now.plan).toMatchObject({ planId: 'professional', status: 'active', trialEndsAt: null });
    expect(now.subscriptions.map((s) => [s.planId, s.status])).toEqual([
      ['professional', 'active'],
      ['basic', 'canceled'],
    ]);
  });

  it('schedules a downgrade for the end of the paid period: the plan in force stays until then', async () => {
    const before = await account();
    const downgrade = await subscribe('basic', 'monthly', true);
    expect(downgrade).toMatchObject({ intent: 'setup', trialDays: null, startsAt: before.plan?.currentPeriodEnd });
    await send(t, 'POST', '/api/billing/sandbox/confirm', { clientSecret: downgrade.clientSecret, ...card }, admin);
    const now = await account();
    expect(now.plan).toMatchObject({ planId: 'professional', status: 'active' });
    expect(now.scheduled).toMatchObject({ planId: 'basic', startsAt: before.plan?.currentPeriodEnd });
    expect(now.limits).toEqual(PRICING.plans.professional.limits);
    // An upgrade back replaces the waiting downgrade.
    const back = await subscribe('enterprise', 'annual', true);
    await send(t, 'POST', '/api/billing/sandbox/confirm', { clientSecret: back.clientSecret, ...card }, admin);
    const after = await account();
    expect(after.plan?.planId).toBe('enterprise');
    expect(after.scheduled).toBeNull();
    // Back on Professional for the tests below.
    await t.db
      .delete(subscriptions)
      .where(and(eq(subscriptions.organizationId, 1), eq(subscriptions.planId, 'enterprise')));
    await t.db
      .update(subscriptions)
      .set({ status: 'active' })
      .where(and(eq(subscriptions.organizationId, 1), eq(subscriptions.planId, 'professional')));
  });

  it('keeps the card decline as the message and the plan as it was', async () => {
    const setup = await subscribe('enterprise', 'monthly', true);
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: setup.clientSecret, ...card, cardNumber: '4000000000009995' },
      admin,
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card has insufficient funds.');
    expect((await account()).plan?.planId).toBe('professional');
  });

  it.each([
    [{ planId: 'platinum', billingCycle: 'monthly' }, 'planId must be one of basic, professional, enterprise'],
    [{ planId: 'basic', billingCycle: 'weekly' }, 'billingCycle must be one of monthly, annual'],
    [{ planId: 'basic' }, 'billingCycle must be one of'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await send(t, 'POST', '/api/create-subscription', body, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('downloads', () => {
  it("gives bought and included products as files written from the organization's manuals", async () => {
    // On Professional (from the tests above): the kit comes with the plan, and it was bought; the library was not.
    const list = (await t.get('/api/billing/downloads', 'technician')).json();
    expect(list.map((d: { productId: string }) => d.productId)).toEqual(['emergency-kit']);
    const refused = await t.get('/api/billing/downloads/complete-library', 'technician');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your organization has not bought the Complete Manual Library. Buy it on the Pricing page.',
    );
    const kit = await t.get('/api/billing/downloads/emergency-kit', 'technician');
    expect(kit.statusCode).toBe(200);
    expect(kit.headers['content-disposition']).toBe('attachment; filename="valveops-emergency-response-kit.pdf"');
    expect(kit.headers['content-type']).toBe('application/pdf');
    const kitText = pdfText(kit.rawPayload);
    expect(kitText).toContain('Emergency Response Kit');
    expect(kitText).toContain('V-001-BV');
    expect(kitText).toContain('Safety protocol');

    // Never sold twice: the kit was bought (and comes with the plan).
    const owned = await send(
      t,
      'POST',
      '/api/create-payment-intent',
      { amount: 149, productName: 'emergency-kit' },
      admin,
    );
    expect(owned.statusCode).toBe(409);
    expect(owned.json().message).toBe(
      'The Emergency Response Kit was already bought by your organization: download it from Plan & Billing. Nothing was charged.',
    );
    const setup = await buy('complete-library', 499);
    await send(t, 'POST', '/api/billing/sandbox/confirm', { clientSecret: setup.clientSecret, ...card }, admin);
    const library = await t.get('/api/billing/downloads/complete-library', 'technician');
    expect(library.statusCode).toBe(200);
    expect(pdfText(library.rawPayload)).toContain('Operating manual');
    // The technician limited to Power Plant A gets the manuals of their plant only.
    const limited = pdfText((await t.get('/api/billing/downloads/complete-library', 'limited')).rawPayload);
    expect(limited).toContain('Power Plant A');
    expect(limited).not.toContain('Gas Plant B');
  });

  it('refuses an unknown product with 400', async () => {
    const res = await t.get('/api/billing/downloads/free-stuff');
    expect(res.statusCode).toBe(400);
  });
});
