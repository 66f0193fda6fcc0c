import { DISPLAY_LIMITS } from '@common/constants';
import { activity, dashboardStats } from '@common/schemas/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 30 });
});
afterAll(() => t.close());

const get = (url: string) => t.get(url);

describe('GET /api/dashboard/stats', () => {
  it('computes the four figures from the work orders, valves and inspections', async () => {
    const res = await get('/api/dashboard/stats');
    expect(res.statusCode).toBe(200);
    const stats = dashboardStats.strict().parse(res.json());
    const orders = (await get('/api/work-orders')).json() as { status: string; overdue: boolean }[];
    const valves = (await get('/api/valves')).json() as { status: string }[];
    expect(stats.activeWorkOrders).toBe(orders.filter((o) => o.status !== 'completed').length);
    expect(stats.overdueItems).toBe(
      orders.filter((o) => o.overdue).length + valves.filter((v) => v.status === 'overdue').length,
    );
    expect(stats.completionRate).toBe(
      Math.round((orders.filter((o) => o.status === 'completed').length / orders.length) * 100),
    );
    expect(stats.inspectionsToday).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /api/dashboard/activities', () => {
  it('returns the newest activities of the organization, each pointing at a real record', async () => {
    const res = await get('/api/dashboard/activities');
    expect(res.statusCode).toBe(200);
    const list = res.json() as ReturnType<typeof activity.parse>[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(DISPLAY_LIMITS.dashboardActivities);
    for (const a of list) {
      activity.strict().parse(a);
      const path = a.entityType === 'valve' ? `/api/valves/${a.entityId}` : `/api/work-orders/${a.entityId}`;
      expect((await get(path)).statusCode).toBe(200);
    }
    const times = list.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('unknown endpoints', () => {
  it('answer 404 JSON naming the endpoint', async () => {
    const res = await get('/api/valvez');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such endpoint: GET /api/valvez' });
  });
});
