import { costReport, valveCosts, workOrderCost } from '@common/schemas/costs';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants, valves, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
const ids = { store: 0, part: 0, order: 0, valve: 0, valveTag: '', elsewhere: 0 };
const post = (url: string, body: unknown, as: Persona = 'supervisor') => send(t, 'POST', url, body, { as });
const today = new Date().toISOString().slice(0, 10);

async function orderIn(plant: string, other = false) {
  const [row] = await t.db
    .select({ id: workOrders.id, valve: valves.id, tag: valves.valveId })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(
      and(
        eq(valves.organizationId, 1),
        other ? ne(valves.plant, plant) : eq(valves.plant, plant),
        ne(workOrders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(workOrders.id))
    .limit(1);
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [plant] = await t.db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.organizationId, 1), eq(plants.name, 'Power Plant A')));
  ids.store = (await post('/api/stores', { name: 'Cost test crib', plantId: plant.id })).json().id;
  ids.part = (
    await post('/api/parts', { partNumber: 'C-SR-2', name: 'Seat ring, 2 in', unit: 'each', unitCost: 120.5 })
  ).json().id;
  await post(`/api/parts/${ids.part}/receipts`, { storeId: ids.store, quantity: 10 });
  const order = await orderIn('Power Plant A');
  ids.order = order.id;
  ids.valve = order.valve;
  ids.valveTag = order.tag;
  ids.elsewhere = (await orderIn('Power Plant A', true)).id;
});
afterAll(() => t.close());

describe('what a work order costs', () => {
  it('sums parts issued less returned, finished hours at their day’s rate and invoices, on the detail too', async () => {
    const before = workOrderCost.strict().parse((await t.get(`/api/work-orders/${ids.order}`)).json().cost);
    const line = await post(`/api/work-orders/${ids.order}/parts`, {
      partId: ids.part,
      storeId: ids.store,
      quantity: 3,
    });
    expect(line.statusCode, line.body).toBe(201);
    const lineId = line.json().id;
    expect((await post(`/api/work-orders/${ids.order}/parts/${lineId}/issue`, { quantity: 3 })).statusCode).toBe(200);
    expect((await post(`/api/work-orders/${ids.order}/parts/${lineId}/return`, { quantity: 1 })).statusCode).toBe(200);
    // The supervisor's own rate from today: 45 minutes at $80.
    const supervisorId = (await t.get('/api/auth/session')).json().user.id;
    const today = new Date().toISOString().slice(0, 10);
    await post('/api/labor-rates', { userId: supervisorId, hourlyRate: 80, effectiveFrom: today }, 'admin');
    const logged = await post(`/api/work-orders/${ids.order}/labor`, { minutes: 45 });
    expect(logged.json()).toMatchObject({ hourlyRate: 80, cost: 60 });
    // A running timer costs nothing until it stops.
    expect((await post(`/api/work-orders/${ids.order}/labor/timer`, {}, 'engineer')).statusCode).toBe(201);
    const invoice = { supplier: 'Gulf Valve Services', invoiceNumber: 'INV-7', amount: 500 };
    expect((await post(`/api/work-orders/${ids.order}/contractor-costs`, invoice)).statusCode).toBe(201);

    const added = { parts: 241, labor: 60, contractor: 500 };
    const expected = {
      parts: before.parts + added.parts,
      labor: before.labor + added.labor,
      contractor: before.contractor + added.contractor,
      total: before.total + added.parts + added.labor + added.contractor,
      currency: 'USD',
    };
    const cost = await t.get(`/api/work-orders/${ids.order}/cost`);
    expect(cost.statusCode).toBe(200);
    expect(workOrderCost.strict().parse(cost.json())).toEqual(expected);
    // The kept detail was let go by the ledger's notices: it answers the new cost.
    expect((await t.get(`/api/work-orders/${ids.order}`)).json().cost).toEqual(expected);
    await post(`/api/work-orders/${ids.order}/labor/timer/stop`, {}, 'engineer');
  });

  it('answers 404 outside the user’s plants and for an unknown work order', async () => {
    expect((await t.get(`/api/work-orders/${ids.elsewhere}/cost`, 'limited')).statusCode).toBe(404);
    expect((await t.get('/api/work-orders/999999/cost')).statusCode).toBe(404);
    expect((await t.get('/api/work-orders/x/cost')).statusCode).toBe(400);
  });
});

describe('a valve’s costs and the cost report', () => {
  it('gives the valve’s split over the last twelve months, by month', async () => {
    const res = await t.get(`/api/valves/${ids.valve}/costs`);
    expect(res.statusCode, res.body).toBe(200);
    const costs = valveCosts.strict().parse(res.json());
    expect(costs.to).toBe(today);
    expect(costs.parts).toBeGreaterThanOrEqual(241);
    expect(costs.contractor).toBeGreaterThanOrEqual(500);
    expect(costs.byMonth.at(-1)?.month).toBe(today.slice(0, 7));
    expect(costs.byMonth.reduce((sum, m) => sum + m.total, 0)).toBeCloseTo(costs.total, 2);
  });

  it('a period before the work holds none of it', async () => {
    const res = await t.get(`/api/valves/${ids.valve}/costs?from=2000-01-01&to=2000-12-31`);
    expect(res.json()).toMatchObject({ parts: 0, labor: 0, contractor: 0, total: 0, workOrders: 0, byMonth: [] });
  });

  it.each(['plant', 'valve', 'type', 'manufacturer'] as const)(
    'groups the report by %s, costliest first',
    async (groupBy) => {
      const res = await t.get(`/api/reports/costs?groupBy=${groupBy}`);
      expect(res.statusCode, res.body).toBe(200);
      const report = costReport.strict().parse(res.json());
      const totals = report.rows.map((row) => row.total);
      expect([...totals].sort((a, b) => b - a)).toEqual(totals);
      expect(report.rows.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(report.total.total, 2);
      if (groupBy === 'valve') expect(report.rows.find((row) => row.key === ids.valveTag)?.valveId).toBe(ids.valve);
      if (groupBy === 'plant') expect(report.rows.map((row) => row.key)).toContain('Power Plant A');
    },
  );

  it('is for supervisors, engineers and admins', async () => {
    expect((await t.get('/api/reports/costs', 'technician')).statusCode).toBe(403);
    const report = (await t.get('/api/reports/costs?groupBy=plant', 'engineer')).json();
    expect(report.rows.length).toBeGreaterThan(0);
  });

  it.each([
    ['/api/reports/costs?groupBy=color', 'groupBy', 'must be one of: plant, valve, type, manufacturer'],
    ['/api/reports/costs?from=2026-02-30', 'from', 'must be a date (YYYY-MM-DD)'],
    ['/api/reports/costs?from=2026-05-01&to=2026-04-01', 'to', 'must not be before from'],
  ])('refuses %s', async (url, path, message) => {
    const res = await t.get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('answers 404 for a valve outside the user’s plants', async () => {
    const [other] = await t.db
      .select({ id: valves.id })
      .from(valves)
      .where(and(eq(valves.organizationId, 1), ne(valves.plant, 'Power Plant A')))
      .limit(1);
    expect((await t.get(`/api/valves/${other.id}/costs`, 'limited')).statusCode).toBe(404);
    expect((await t.get(`/api/valves/${other.id}/costs?to=bad`)).statusCode).toBe(400);
  });
});
