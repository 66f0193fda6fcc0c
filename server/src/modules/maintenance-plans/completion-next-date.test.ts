import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenancePlanOccurrences, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { addMonths, plantDay } from './recurrence';

let t: TestContext;
const zone = 'America/Chicago';
const today = plantDay(new Date(), zone);

beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
}, 120_000);
afterAll(() => t.close());

describe("completing a plan's work order (issue 29)", () => {
  it("moves the next maintenance to the plan's next day, not a year out, even when its checks failed", async () => {
    const [valve] = await t.db
      .select({ id: valves.id })
      .from(valves)
      .where(and(eq(valves.organizationId, 1), eq(valves.valveId, 'V-002-GV')));
    // The valve's own interval is a year: completion used to restart that clock, overriding the monthly plan.
    await t.db.update(valves).set({ maintenanceIntervalDays: 365 }).where(eq(valves.id, valve.id));
    const procedure = await send(
      t,
      'POST',
      '/api/procedures',
      { name: 'Gland check', steps: [{ key: 'leak', type: 'check', label: 'No leak at the gland' }] },
      { as: 'engineer' },
    );
    expect(procedure.statusCode).toBe(201);
    const plan = await send(t, 'POST', '/api/maintenance-plans', {
      title: 'Monthly gland check',
      target: { valveId: valve.id },
      trigger: { kind: 'calendar', every: { count: 1, unit: 'month' }, startDate: today },
      procedureId: procedure.json().procedureId,
      timeZone: zone,
    });
    expect(plan.statusCode).toBe(201);
    const [occurrence] = await t.db
      .select({ workOrderId: maintenancePlanOccurrences.workOrderId })
      .from(maintenancePlanOccurrences)
      .where(eq(maintenancePlanOccurrences.planId, plan.json().id));
    const id = occurrence.workOrderId as number;

    const started = await send(t, 'POST', `/api/work-orders/${id}/status`, { version: 1, status: 'in_progress' });
    expect(started.statusCode).toBe(200);
    const [run] = (await t.get(`/api/work-orders/${id}/procedures`)).json();
    const failed = await send(t, 'PUT', `/api/procedure-runs/${run.id}/steps/leak`, { answer: 'fail' });
    expect(failed.json()[0].results[0].failed).toBe(true);
    const done = await send(t, 'POST', `/api/work-orders/${id}/status`, {
      version: started.json().version,
      status: 'completed',
      maintenanceType: 'preventive',
      findings: 'Gland leaking',
      actionsPerformed: 'Packing tightened; corrective order raised',
    });
    expect(done.json()).toMatchObject({ status: 'completed' });

    const detail = (await t.get(`/api/valves/${valve.id}`)).json();
    expect(detail.nextMaintenance).toBe(addMonths(today, 1));
  });
});
