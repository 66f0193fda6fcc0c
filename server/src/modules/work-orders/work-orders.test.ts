import { DISPLAY_LIMITS, WORK_ORDER_LIST, WORK_ORDER_PRIORITIES } from '@common/constants';
import { workOrderDetail, workOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '../../db/schema';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { isOverdue } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 30 });
});
afterAll(() => t.close());

const get = (url: string) => t.get(url);

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

  it('builds in SQL exactly the JSON the presenter builds for the work order detail', async () => {
    const orders = (await get('/api/work-orders')).json() as ReturnType<typeof workOrderSummary.parse>[];
    expect(orders.some((o) => o.assignedToUser === null) && orders.some((o) => o.assignedToUser !== null)).toBe(true);
    for (const order of orders) {
      const { maintenanceRecords: _, ...fromPresenter } = (await get(`/api/work-orders/${order.id}`)).json();
      expect(order).toEqual(fromPresenter);
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

describe('isOverdue', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('is true only for open work past its due date', () => {
    expect(isOverdue('pending', new Date('2026-11-19T00:00:00Z'), now)).toBe(true);
    expect(isOverdue('in_progress', new Date('2026-11-19T00:00:00Z'), now)).toBe(true);
    expect(isOverdue('completed', new Date('2026-11-19T00:00:00Z'), now)).toBe(false);
    expect(isOverdue('pending', new Date('2026-11-21T00:00:00Z'), now)).toBe(false);
    expect(isOverdue('pending', null, now)).toBe(false);
  });
});
