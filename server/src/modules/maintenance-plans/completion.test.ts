import { plantDay } from '@common/plant-days';
import { forecast as forecastSchema } from '@common/schemas/maintenance-plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenancePlanOccurrences, valves } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { addMonths } from './recurrence';

let t: TestContext;
const zone = 'America/Chicago';
const today = plantDay(new Date(), zone);

beforeAll(async () => {
  t = await createTestApp({ valves: 6 });
}, 120_000);
afterAll(() => t.close());

let planId: number;
let workOrderId: number;
let valveId: number;

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
    planId = plan.json().id;
    valveId = valve.id;
    workOrderId = id;

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

  it('keeps the finished occurrence in the forecast, done, with its work order, and the next one planned', async () => {
    const res = await t.get(`/api/maintenance-plans/forecast?planId=${planId}`);
    expect(res.statusCode).toBe(200);
    const f = forecastSchema.parse(res.json());
    const ofToday = f.occurrences.filter((o) => o.day === today);
    expect(ofToday).toHaveLength(1);
    expect(ofToday[0]).toMatchObject({
      timeZone: zone,
      workOrder: { id: workOrderId, status: 'completed', completedOn: today },
    });
    expect(ofToday[0].workOrder?.number).toMatch(/^WO-\d{4}-\d{4}$/);
    const next = f.occurrences.find((o) => o.day === addMonths(today, 1));
    expect(next).toMatchObject({ workOrder: null, estimated: false });
    // The plan's month, at its plant: in the evening of the 30th in Chicago, UTC's next month has not begun there.
    expect(f.from).toBe(`${today.slice(0, 7)}-01`);
  });

  it("keeps the plan's date when maintenance is recorded on the valve outside a work order", async () => {
    const res = await send(t, 'POST', '/api/maintenance-records', {
      valveId,
      type: 'calibration',
      description: 'Positioner recalibrated on the round',
    });
    expect(res.statusCode).toBe(201);
    expect((await t.get(`/api/valves/${valveId}`)).json().nextMaintenance).toBe(addMonths(today, 1));
  });
});
