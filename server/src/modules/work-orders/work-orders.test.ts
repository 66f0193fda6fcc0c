import { DISPLAY_LIMITS, WORK_ORDER_LIST, WORK_ORDER_PRIORITIES } from '@common/constants';
import { workOrderCost } from '@common/schemas/costs';
import { workOrderDetail, workOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRecords, users, valves, workOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 30 });
});
afterAll(() => t.close());

const get = (url: string) => t.get(url);

/** What the API must answer for a work order, read field by field from its rows. */
async function fromRows(id: number, now: number) {
  const [w] = await t.db.select().from(workOrders).where(eq(workOrders.id, id));
  const [v] = await t.db.select().from(valves).where(eq(valves.id, w.valveId));
  const person = async (userId: number | null) => {
    if (userId === null) return null;
    const [u] = await t.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
    return u;
  };
  const records = await t.db
    .select()
    .from(maintenanceRecords)
    .where(eq(maintenanceRecords.workOrderId, id))
    .orderBy(desc(maintenanceRecords.createdAt), desc(maintenanceRecords.id));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: w.id,
    workOrderId: w.workOrderId,
    title: w.title,
    description: w.description,
    status: w.status,
    priority: w.priority,
    overdue: (w.status === 'pending' || w.status === 'in_progress') && w.dueDate !== null && w.dueDate.getTime() < now,
    dueDate: iso(w.dueDate),
    completedAt: iso(w.completedAt),
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
    version: w.version,
    valve: {
      id: v.id,
      valveId: v.valveId,
      type: v.type,
      size: v.size,
      pressure: v.pressure,
      plant: v.plant,
      area: v.area,
      location: v.location,
      system: v.system,
    },
    assignedToUser: await person(w.assignedToUserId),
    createdByUser: await person(w.createdByUserId),
    startedByUser: await person(w.startedByUserId),
    completedByUser: await person(w.completedByUserId),
    cancelledAt: iso(w.cancelledAt),
    cancelledByUser: await person(w.cancelledByUserId),
    cancelReason: w.cancelReason,
    maintenanceRecords: await Promise.all(
      records.map(async (r) => ({
        id: r.id,
        valveId: r.valveId,
        workOrderId: r.workOrderId,
        type: r.type,
        description: r.description,
        findings: r.findings,
        actionsPerformed: r.actionsPerformed,
        performedByUser: await person(r.performedByUserId),
        createdAt: iso(r.createdAt),
      })),
    ),
    approvedAt: iso(w.approvedAt),
    approvedByUser: await person(w.approvedByUserId),
    closedAt: iso(w.closedAt),
    closedByUser: await person(w.closedByUserId),
  };
}

describe('GET /api/work-orders', () => {
  it('lists work orders newest first, each with its valve and people', async () => {
    const res = await get('/api/work-orders');
    expect(res.statusCode).toBe(200);
    const orders = res.json() as ReturnType<typeof workOrderSummary.parse>[];
    const [{ n }] = await t.db.select({ n: count() }).from(workOrders).where(eq(workOrders.organizationId, 1));
    expect(orders.length).toBe(n);
    expect(orders.length).toBeLessThan(t.demo.workOrders);
    for (const o of orders) {
      workOrderSummary.strict().parse(o);
      expect(o.workOrderId).toMatch(/^WO-\d{4}-\d{4}$/);
    }
    const created = orders.map((o) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('builds every field of the list and the detail from the rows they come from', async () => {
    const orders = (await get('/api/work-orders')).json() as ReturnType<typeof workOrderSummary.parse>[];
    expect(orders.some((o) => o.assignedToUser === null) && orders.some((o) => o.assignedToUser !== null)).toBe(true);
    const now = Date.now();
    for (const order of orders) {
      // Its cost comes from the ledger's rows (modules/costs, tested there): here, that it is there.
      const { cost, ...detail } = (await get(`/api/work-orders/${order.id}`)).json();
      const expected = await fromRows(order.id, now);
      expect(detail).toEqual(expected);
      expect(workOrderCost.strict().parse(cost).total).toBeGreaterThanOrEqual(0);
      const { maintenanceRecords: _, approvedByUser, closedByUser, ...summary } = expected;
      expect(order).toEqual(summary);
    }
  });

  it('shows a plant-limited user the work orders of their plants only', async () => {
    const all = (await t.get('/api/work-orders', 'supervisor')).json() as { valve: { plant: string } }[];
    const own = (await t.get('/api/work-orders', 'limited')).json() as { valve: { plant: string } }[];
    const plants = new Set(own.map((o) => o.valve.plant));
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    expect(all.filter((o) => plants.has(o.valve.plant)).length).toBe(own.length);
  });

  it('with limit, answers the newest that many, in scope, in the same order as the whole list', async () => {
    const all = (await get('/api/work-orders')).json() as { id: number }[];
    const two = await get(`/api/work-orders?limit=${DISPLAY_LIMITS.dashboardWorkOrders}`);
    expect(two.statusCode).toBe(200);
    expect(two.json()).toEqual(all.slice(0, DISPLAY_LIMITS.dashboardWorkOrders));
    expect((await get(`/api/work-orders?limit=${WORK_ORDER_LIST.maxLimit}`)).json()).toEqual(all);

    const own = (await t.get('/api/work-orders', 'limited')).json() as { id: number }[];
    expect((await t.get('/api/work-orders?limit=3', 'limited')).json()).toEqual(own.slice(0, 3));
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    [`limit=${WORK_ORDER_LIST.maxLimit + 1}`, `limit must be at most ${WORK_ORDER_LIST.maxLimit}`],
    ['limit=two', 'limit must be a number'],
    ['limit=1.5', 'limit must be a whole number'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await get(`/api/work-orders?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('covers every status and priority around today, with overdue derived from the due date', async () => {
    const orders = (await get('/api/work-orders')).json() as ReturnType<typeof workOrderSummary.parse>[];
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['pending', 'in_progress', 'completed']));
    expect(new Set(orders.map((o) => o.priority))).toEqual(new Set(WORK_ORDER_PRIORITIES));
    const now = Date.now();
    for (const o of orders) {
      expect(o.overdue).toBe(o.status !== 'completed' && o.dueDate !== null && Date.parse(o.dueDate) < now);
    }
  });
});

describe('GET /api/work-orders/:id', () => {
  it('returns one work order with valve, assignedToUser, createdByUser and maintenanceRecords', async () => {
    const [first] = (await get('/api/work-orders')).json();
    const res = await get(`/api/work-orders/${first.id}`);
    expect(res.statusCode).toBe(200);
    const order = workOrderDetail.parse(res.json());
    expect(order.id).toBe(first.id);
    expect(order.valve.valveId).toMatch(/^V-\d+-[A-Z]{2}$/);
    expect(Array.isArray(order.maintenanceRecords)).toBe(true);
  });

  it('a completed work order carries the maintenance record it produced', async () => {
    const orders = (await get('/api/work-orders')).json() as { id: number; status: string }[];
    const done = orders.find((o) => o.status === 'completed');
    const order = (await get(`/api/work-orders/${done?.id}`)).json();
    expect(order.completedAt).not.toBeNull();
    expect(order.maintenanceRecords.length).toBeGreaterThan(0);
    for (const r of order.maintenanceRecords) expect(r.workOrderId).toBe(done?.id);
  });

  it.each([
    ['x1', 400, 'id must be a number'],
    ['-4', 400, 'id must be a positive number'],
    ['4294967296', 400, 'id is too large'],
    ['123456', 404, TEXTS.workOrders.notFound],
  ])('GET /api/work-orders/%s → %i', async (id, status, message) => {
    const res = await get(`/api/work-orders/${id}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('hides another organization’s work orders behind 404', async () => {
    const mine = new Set(((await get('/api/work-orders')).json() as { id: number }[]).map((o) => o.id));
    const theirs = Array.from({ length: t.demo.workOrders }, (_, i) => i + 1).find((id) => !mine.has(id));
    expect(theirs).toBeDefined();
    const res = await get(`/api/work-orders/${theirs}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TEXTS.workOrders.notFound);
  });
});
