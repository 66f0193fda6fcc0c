import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, valves, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { flagOverdue } from './overdue';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('flagOverdue', () => {
  it('marks a valve past its maintenance date and an open work order past its due date, once each', async () => {
    await t.db.update(valves).set({ nextMaintenance: '2026-01-01' }).where(eq(valves.id, 2));
    const order = (
      await send(t, 'POST', '/api/work-orders', { valveId: 3, title: 'Late job', dueDate: '2026-02-01' })
    ).json();

    const first = await flagOverdue(t.db);
    expect(first.valves).toBeGreaterThanOrEqual(1);
    expect(first.workOrders).toBeGreaterThanOrEqual(1);
    expect((await t.get('/api/valves/2')).json().status).toBe('overdue');

    const again = await flagOverdue(t.db);
    expect(again).toEqual({ valves: 0, workOrders: 0 });
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(activities)
      .where(
        and(
          eq(activities.type, 'maintenance_overdue'),
          eq(activities.entityType, 'work_order'),
          eq(activities.entityId, order.id),
        ),
      );
    expect(n).toBe(1);
    const [row] = await t.db.select().from(workOrders).where(eq(workOrders.id, order.id));
    expect(row.status).toBe('pending');
  });

  it('puts a valve back in service when its maintenance is done', async () => {
    const order = (await send(t, 'POST', '/api/work-orders', { valveId: 2, title: 'Overdue service' })).json();
    const started = (
      await send(t, 'POST', `/api/work-orders/${order.id}/status`, { version: order.version, status: 'in_progress' })
    ).json();
    await send(t, 'POST', `/api/work-orders/${order.id}/status`, {
      version: started.version,
      status: 'completed',
      findings: 'Seat worn',
      actionsPerformed: 'Lapped seat',
      maintenanceType: 'preventive',
    });
    expect((await t.get('/api/valves/2')).json().status).toBe('active');
  });
});
