import { dashboardSummary as dashboardSummarySchema } from '@common/schemas/analytics';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { predictiveAnalytics, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, TEST_NOW, type TestContext } from '../../testing/test-app';
import { recomputeEverything } from './recompute';
import { dashboardSummary } from './service';

/**
 * The dashboard of a whole organization is served from what this process has read (lib/kept-reads.ts) until the
 * database notices a change to its valves or their predictions ('fleet_changed', migration 0033): these tests
 * change things behind the server's back, as another replica or the recompute would, and expect the next read to
 * show them, and a work order write to leave it kept.
 */
let t: TestContext;
let valveId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  await recomputeEverything(t.db, TEST_NOW);
  const [analysed] = await t.db.select({ id: predictiveAnalytics.valveId }).from(predictiveAnalytics).limit(1);
  valveId = analysed.id;
  // The demo plant and a full recompute: on a busy two-core machine this can pass the usual hook time.
}, 120_000);
afterAll(() => t.close());

describe('GET /api/analytics/dashboard after a change made elsewhere', () => {
  type Dashboard = { averageHealthScore: number; totalValves: number };
  const dashboard = async () => {
    const res = await t.get('/api/analytics/dashboard');
    expect(res.statusCode).toBe(200);
    return { body: res.body, summary: res.json() as Dashboard };
  };
  const keptDashboard = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return dashboard();
  };
  const healthOf = async (health: number, notify: boolean) =>
    t.db.transaction(async (tx) => {
      if (!notify) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(predictiveAnalytics).set({ healthScore: health }).where(eq(predictiveAnalytics.valveId, valveId));
    });

  it('answers the bytes its serializer wrote, and keeps them through work order writes', async () => {
    const first = await keptDashboard();
    const serialized = JSON.stringify(
      z.encode(dashboardSummarySchema, await dashboardSummary(t.db, { organizationId: 1, plants: null })),
    );
    expect(first.body).toBe(serialized);
    const [prediction] = await t.db
      .select({ health: predictiveAnalytics.healthScore })
      .from(predictiveAnalytics)
      .where(eq(predictiveAnalytics.valveId, valveId));
    expect(prediction.health).toBeGreaterThan(40);
    await healthOf(prediction.health - 40, false);
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Leaves the dashboard kept' });
    expect(raised.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await dashboard()).body).toBe(first.body);
    // A prediction changed with its notice: the dashboard is read again, and shows both changes.
    await healthOf(prediction.health - 40, true);
    await expect
      .poll(async () => (await dashboard()).summary.averageHealthScore, { timeout: 5_000 })
      .toBeLessThan(first.summary.averageHealthScore);
    await healthOf(prediction.health, true);
    await expect
      .poll(async () => (await dashboard()).summary.averageHealthScore, { timeout: 5_000 })
      .toBe(first.summary.averageHealthScore);
  });

  it('counts a valve taken out of service elsewhere', async () => {
    const before = (await keptDashboard()).summary.totalValves;
    const [other] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-005-PV'));
    await t.db.update(valves).set({ status: 'decommissioned' }).where(eq(valves.id, other.id));
    await expect.poll(async () => (await dashboard()).summary.totalValves, { timeout: 5_000 }).toBe(before - 1);
    await t.db.update(valves).set({ status: other.status }).where(eq(valves.id, other.id));
  });

  it('lets it go on a TRUNCATE of the predictions (a notice for anything)', async () => {
    expect((await keptDashboard()).summary.averageHealthScore).toBeGreaterThan(0);
    await t.db.execute(sql`truncate predictive_analytics`);
    await expect.poll(async () => (await dashboard()).summary.averageHealthScore, { timeout: 5_000 }).toBe(0);
  });
});
