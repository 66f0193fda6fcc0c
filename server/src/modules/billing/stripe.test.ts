import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingEvents, payments, subscriptions } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { retryCancellations } from './cancellations';
import { stripeClient, stripeGateway } from './stripe-gateway';

/**
 * The Stripe path with the official SDK pointed at a local stub of Stripe's API, which records what it is
 * asked; webhooks signed the way Stripe signs them.
 */
type Recorded = { method: string; path: string; form: URLSearchParams };
let requests: Recorded[] = [];
let subscriptionsMade = 0;
/** Stripe's answers the tests switch: an outage of its API, and refusing to cancel sub_stub_2. */
let stripeDown = false;
let refuseCancel = true;
let stub: Server;
let stubBase = '';
let t: TestContext;
const WEBHOOK_SECRET = 'whsec_test_valveops';
const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;

function reply(method: string, path: string): [number, unknown] {
  if (stripeDown) return [500, { error: { type: 'api_error', message: 'Stripe is having a bad day' } }];
  if (method === 'POST' && path === '/v1/payment_intents')
    return [
      200,
      {
        id: 'pi_stub_1',
        object: 'payment_intent',
        client_secret: 'pi_stub_1_secret_abc',
        status: 'requires_payment_method',
      },
    ];
  if (method === 'POST' && path === '/v1/customers') return [200, { id: 'cus_stub_1', object: 'customer' }];
  if (method === 'GET' && path.startsWith('/v1/products/'))
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' } }];
  if (method === 'POST' && path === '/v1/products') return [200, { id: 'valveops-professional', object: 'product' }];
  if (method === 'DELETE' && path === '/v1/subscriptions/sub_stub_2' && refuseCancel)
    return [400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } }];
  if (method === 'POST' && path === '/v1/subscriptions')
    return [
      200,
      {
        id: `sub_stub_${++subscriptionsMade}`,
        object: 'subscription',
        status: 'trialing',
        trial_end: NOW + 7 * DAY,
        items: { object: 'list', data: [{ id: 'si_1', current_period_end: NOW + 7 * DAY }] },
        pending_setup_intent: { id: 'seti_stub_1', object: 'setup_intent', client_secret: 'seti_stub_1_secret_xyz' },
      },
    ];
  if (method === 'DELETE' && path.startsWith('/v1/subscriptions/'))
    return [200, { id: path.split('/').pop(), object: 'subscription', status: 'canceled' }];
  return [404, { error: { type: 'invalid_request_error', message: `stub has no ${method} ${path}` } }];
}

beforeAll(async () => {
  stub = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0];
      requests.push({ method: request.method ?? '', path, form: new URLSearchParams(body) });
      const [status, json] = reply(request.method ?? '', path);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stub' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  stubBase = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_valveops',
      publishableKey: 'pk_test_valveops',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: `http://127.0.0.1:${port}`,
    },
  });
  // The demo's organization as a new customer: no plan, its one trial unused.
  await t.db.delete(subscriptions).where(eq(subscriptions.organizationId, 1));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  requests = [];
});

const admin = { as: 'admin' } as const;
const signer = new Stripe('sk_test_signer');

function webhook(event: object, options: { secret?: string; signature?: string; origin?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ??
    signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
  const headers: Record<string, string> = { 'content-type': 'application/json', 'stripe-signature': signature };
  if (options.origin) headers.origin = options.origin;
  return t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload, headers });
}

const paymentEvent = (id: string, type: string, extra: object = {}) => ({
  id,
  object: 'event',
  type,
  created: NOW,
  data: {
    object: {
      id: 'pi_stub_1',
      object: 'payment_intent',
      amount: 49_900,
      currency: 'usd',
      metadata: { organizationId: '1', productId: 'complete-library' },
      last_payment_error: null,
      ...extra,
    },
  },
});

const subscriptionEvent = (id: string, type: string, created: number, extra: object = {}) => ({
  id,
  object: 'event',
  type,
  created,
  data: {
    object: {
      id: 'sub_stub_1',
      object: 'subscription',
      status: 'trialing',
      currency: 'usd',
      default_payment_method: 'pm_card_visa',
      trial_end: NOW + 7 * DAY,
      metadata: { organizationId: '1', planId: 'professional', billingCycle: 'annual' },
      items: { data: [{ current_period_end: NOW + 7 * DAY, price: { unit_amount: 79_000 } }] },
      ...extra,
    },
  },
});

const planOfOrganization = async () => (await t.get('/api/billing/account', 'admin')).json().plan;

describe('with Stripe configured', () => {
  it('tells the client to use Stripe with the publishable key, and lets Stripe.js through the CSP', async () => {
    const res = await t.get('/api/billing/config', null);
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_valveops' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com');
  });

  it('creates the payment intent with the amount, currency and metadata of the catalogue', async () => {
    const res = await send(
      t,
      'POST',
      '/api/create-payment-intent',
      { amount: 499, productName: 'complete-library' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientSecret: 'pi_stub_1_secret_abc', intent: 'payment', provider: 'stripe' });
    const [call] = requests;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/payment_intents');
    expect(call.form.get('amount')).toBe('49900');
    expect(call.form.get('currency')).toBe('usd');
    expect(call.form.get('metadata[productId]')).toBe('complete-library');
    expect(call.form.get('metadata[organizationId]')).toBe('1');
    expect(call.form.get('automatic_payment_methods[enabled]')).toBe('true');
    const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, 'pi_stub_1'));
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment',
      amountCents: 49_900,
      clientSecret: null,
    });
  });

  it('asks Stripe for nothing when the amount was tampered with', async () => {
    const res = await send(
      t,
      'POST',
      '/api/create-payment-intent',
      { amount: 4.99, productName: 'complete-library' },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(requests).toEqual([]);
  });

  it('creates the subscription with the 7-day trial, the price of plan and cycle, and its metadata', async () => {
    const res = await send(
      t,
      'POST',
      '/api/create-subscription',
      { planId: 'professional', billingCycle: 'annual' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clientSecret: 'seti_stub_1_secret_xyz', intent: 'setup', trialDays: 7 });
    const create = requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    if (!create) throw new Error('no subscription was created at the provider');
    expect(create.form.get('customer')).toBe('cus_stub_1');
    expect(create.form.get('trial_period_days')).toBe('7');
    expect(create.form.get('items[0][price_data][unit_amount]')).toBe('79000');
    expect(create.form.get('items[0][price_data][currency]')).toBe('usd');
    expect(create.form.get('items[0][price_data][recurring][interval]')).toBe('year');
    expect(create.form.get('items[0][price_data][product]')).toBe('valveops-professional');
    expect(create.form.get('metadata[planId]')).toBe('professional');
    expect(create.form.get('metadata[organizationId]')).toBe('1');
    expect(create.form.get('expand[0]')).toBe('pending_setup_intent');
    // Not the plan until the card is saved.
    expect(await planOfOrganization()).toBeNull();
  });

  it('cancels an abandoned set-up with Stripe when the plan changes, and carries on if Stripe refuses', async () => {
    const res = await send(t, 'POST', '/api/create-subscription', { planId: 'basic', billingCycle: 'monthly' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('DELETE /v1/subscriptions/sub_stub_1');
    const rows = await t.db
      .select({ id: subscriptions.providerSubscriptionId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.provider, 'stripe'));
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: 'sub_stub_1', status: 'incomplete_expired' },
        { id: 'sub_stub_2', status: 'incomplete' },
      ]),
    );
  });

  it('answers 503 with a sentence for the checkout when Stripe cannot be reached, and records nothing', async () => {
    stripeDown = true;
    try {
      const res = await send(
        t,
        'POST',
        '/api/create-payment-intent',
        { amount: 149, productName: 'emergency-kit' },
        admin,
      );
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'The payment provider cannot be reached just now. Nothing was charged; try again in a few minutes.',
      });
    } finally {
      stripeDown = false;
    }
    expect(await t.db.select().from(payments).where(eq(payments.productId, 'emergency-kit'))).toEqual([]);
  });

  it('does not offer the sandbox card form', async () => {
    const res = await send(
      t,
      'POST',
      '/api/billing/sandbox/confirm',
      { clientSecret: 'pi_stub_1_secret_abc', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
      admin,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/billing/webhook', () => {
  it("records a payment signed with Stripe's signature, once, however often it is delivered", async () => {
    const event = paymentEvent('evt_pay_1', 'payment_intent.succeeded');
    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, 'pi_stub_1'));
    expect(row.status).toBe('succeeded');
    const paidAt = row.paidAt;
    const again = await webhook(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const [after] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, 'pi_stub_1'));
    expect(after).toEqual({ ...row, paidAt });
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_pay_1'))).toHaveLength(1);
    // A late failure of an earlier attempt does not undo the success.
    await webhook(paymentEvent('evt_pay_2', 'payment_intent.payment_failed', { last_payment_error: { message: 'x' } }));
    const [still] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, 'pi_stub_1'));
    expect(still.status).toBe('succeeded');
  });

  it.each([
    ['a wrong secret', { secret: 'whsec_someone_else' }, 'Invalid Stripe signature.'],
    ['a forged header', { signature: 't=1,v1=deadbeef' }, 'Invalid Stripe signature.'],
  ])('refuses an event signed with %s (400) and records nothing', async (_name, options, message) => {
    const res = await webhook(paymentEvent('evt_forged', 'payment_intent.succeeded'), options);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_forged'))).toEqual([]);
  });

  it('refuses an event without a signature, or a body changed after signing', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: paymentEvent('evt_x', 'payment_intent.succeeded'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: 'Missing Stripe-Signature header.' });
    const payload = JSON.stringify(paymentEvent('evt_y', 'payment_intent.succeeded'));
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: payload.replace('49900', '1'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(changed.statusCode).toBe(400);
  });

  it('is exempt from the Origin check (the signature authenticates it); other writes are not', async () => {
    const res = await webhook(paymentEvent('evt_origin', 'payment_intent.canceled'), {
      origin: 'https://hooks.example',
    });
    expect(res.statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { amount: 499, productName: 'complete-library' },
      headers: { origin: 'https://hooks.example', cookie: await t.cookie('admin') },
    });
    expect(other.statusCode).toBe(403);
  });

  it('follows the subscription through trialing, past_due and canceled; older events change nothing', async () => {
    const waiting = await webhook(
      subscriptionEvent('evt_sub_0', 'customer.subscription.created', NOW, { default_payment_method: null }),
    );
    expect(waiting.statusCode).toBe(200);
    expect(await planOfOrganization()).toBeNull();

    const trialing = await webhook(subscriptionEvent('evt_sub_1', 'customer.subscription.updated', NOW + 1));
    expect(trialing.statusCode).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('DELETE /v1/subscriptions/sub_stub_2');
    expect(await planOfOrganization()).toMatchObject({
      planId: 'professional',
      status: 'trialing',
      billingCycle: 'annual',
    });
    // Stripe refused to cancel the abandoned set-up: the webhook is still acknowledged, and the refusal is kept,
    // shown on Plan & Billing and retried until Stripe agrees.
    const refused = (await t.get('/api/billing/account', 'admin')).json().pendingCancellations;
    expect(refused).toEqual([
      { subscriptionId: 'sub_stub_2', attempts: 1, lastError: 'This subscription is already canceled.' },
    ]);
    refuseCancel = false;
    const gateway = stripeGateway(stripeClient({ secretKey: 'sk_test_valveops', apiBase: stubBase }), t.db);
    const log = { warn: () => {} };
    expect(await retryCancellations(t.db, gateway, log)).toBe(0);
    expect(await retryCancellations(t.db, gateway, log, new Date(Date.now() + 120_000))).toBe(1);
    expect((await t.get('/api/billing/account', 'admin')).json().pendingCancellations).toEqual([]);

    await webhook(subscriptionEvent('evt_sub_2', 'customer.subscription.updated', NOW + 3, { status: 'past_due' }));
    expect(await planOfOrganization()).toMatchObject({ planId: 'professional', status: 'past_due' });
    await webhook(subscriptionEvent('evt_sub_late', 'customer.subscription.updated', NOW + 2, { status: 'active' }));
    expect((await planOfOrganization()).status).toBe('past_due');
    await webhook(subscriptionEvent('evt_sub_2b', 'customer.subscription.updated', NOW + 4, { status: 'active' }));
    expect((await planOfOrganization()).status).toBe('active');

    const deleted = subscriptionEvent('evt_sub_3', 'customer.subscription.deleted', NOW + 5, { status: 'canceled' });
    await webhook(deleted);
    expect(await planOfOrganization()).toBeNull();
    expect((await webhook(deleted)).json()).toEqual({ received: true, duplicate: true });
    const account = (await t.get('/api/billing/account', 'admin')).json();
    expect(account.limits).toEqual({ plants: 1, valves: 100, apiAccess: false });
  });

  it('acknowledges event types billing does not act on', async () => {
    const res = await webhook({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      created: NOW,
      data: { object: {} },
    });
    expect(res.json()).toEqual({ received: true, duplicate: false });
  });
});
