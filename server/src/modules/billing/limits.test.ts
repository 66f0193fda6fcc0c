import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { createTestApp, type TestContext } from '../../testing/test-app';

/** Plan limits on a new installation: no subscription means Basic's limits until the admin subscribes. */
let t: TestContext;
let cookie = '';
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: {
      organizationName: 'Harbor Gas Terminal',
      plantName: 'Power Plant A',
      name: 'Lee Park',
      email: 'lee@harbor.example',
      password: 'terminal-2026',
    },
  });
  cookie = String(res.headers['set-cookie']).split(';')[0];
});
afterAll(() => t.close());

/** Plants are the organization's data (issue 30); the plan limits count the active ones. */
const addPlant = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/plants',
    headers: { cookie },
    payload: { name, timeZone: 'America/Chicago' },
  });

let tag = 100;
const addValve = (plant: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/valves',
    headers: { cookie },
    payload: {
      valveId: `V-${tag++}-BV`,
      type: 'Ball Valve',
      size: '4"',
      pressure: 'Class 300',
      plant,
      location: 'Line 1',
      system: 'Fuel Gas',
      manufacturer: 'Emerson Fisher',
      model: 'V150',
      maintenanceIntervalDays: 90,
    },
  });

async function subscribeTo(planId: string) {
  const setup = await t.app.inject({
    method: 'POST',
    url: '/api/create-subscription',
    headers: { cookie },
    payload: { planId, billingCycle: 'monthly', confirmChange: true },
  });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/billing/sandbox/confirm',
    headers: { cookie },
    payload: { clientSecret: setup.json().clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('plan limits', () => {
  it('keep an organization without a subscription to one plant, and say why', async () => {
    expect((await addValve('Power Plant A')).statusCode).toBe(201);
    expect((await addValve('Power Plant A')).statusCode).toBe(201);
    const refused = await addPlant('Gas Plant B');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your organization has no subscription and allows 1 plant, and 1 plant is active. Retire a plant or upgrade to Enterprise for more plants on the Pricing page.',
    );
    const account = (await t.app.inject({ method: 'GET', url: '/api/billing/account', headers: { cookie } })).json();
    expect(account).toMatchObject({ plan: null, usage: { plants: 1, valves: 2 }, limits: { plants: 1 } });
  });

  it('let Professional add a second plant but not a third; Enterprise has no plant limit', async () => {
    await subscribeTo('professional');
    expect((await addPlant('Gas Plant B')).statusCode).toBe(201);
    expect((await addValve('Gas Plant B')).statusCode).toBe(201);
    const third = await addPlant('Chemical Plant C');
    expect(third.statusCode).toBe(403);
    expect(third.json().message).toBe(
      'Your Professional plan allows 2 plants, and 2 plants are active. Retire a plant or upgrade to Enterprise for more plants on the Pricing page.',
    );
    await subscribeTo('enterprise');
    expect((await addPlant('Chemical Plant C')).statusCode).toBe(201);
    expect((await addPlant('Nuclear Plant D')).statusCode).toBe(201);
    expect((await addValve('Chemical Plant C')).statusCode).toBe(201);
    expect((await addValve('Nuclear Plant D')).statusCode).toBe(201);
  });

  it('after a downgrade takes effect, keep the plants past the limit read-only and count valves (Basic: 100)', async () => {
    await subscribeTo('basic');
    // A downgrade waits for the end of the paid period: Enterprise still applies.
    expect((await addValve('Chemical Plant C')).statusCode).toBe(201);
    expect((await addValve('Power Plant A')).statusCode).toBe(201);
    const [basic] = await t.db.select().from(subscriptions).where(eq(subscriptions.planId, 'basic'));
    await t.db
      .update(subscriptions)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, basic.id));
    // 7 valves in 4 plants: Basic covers the fullest (Power Plant A); the others keep their valves, read-only.
    const readOnly = await addValve('Gas Plant B');
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().message).toBe(
      'Gas Plant B is read-only: your Basic plan covers 1 plant (Power Plant A). Its valves and history stay; upgrade on the Pricing page to add valves there again.',
    );
    for (let i = 0; i < 93; i++) expect((await addValve('Power Plant A')).statusCode).toBe(201);
    const refused = await addValve('Power Plant A');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your Basic plan allows 100 valves, and 100 valves are in service. Decommission a valve or upgrade your plan on the Pricing page.',
    );
  });
});
