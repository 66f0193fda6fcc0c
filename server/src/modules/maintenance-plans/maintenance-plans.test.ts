import { plantDay } from '@common/plant-days';
import { forecast as forecastSchema, plan as planSchema } from '@common/schemas/maintenance-plans';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  maintenancePlanOccurrences,
  procedureRuns,
  procedures,
  procedureVersions,
  valves,
  workOrders,
} from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { generateDueWorkOrders } from './generate';

let t: TestContext;
let valve: { id: number; valveId: string };
let otherValve: { id: number };
const zone = 'America/Chicago';
// The plant's day, not UTC's: from 00:00 UTC until Chicago's midnight the two differ, and plans count in plant days.
const today = plantDay(new Date(), zone);

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  [valve] = await t.db
    .select({ id: valves.id, valveId: valves.valveId })
    .from(valves)
    .where(and(eq(valves.organizationId, 1), eq(valves.valveId, 'V-001-BV')));
  [otherValve] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.organizationId, 2)).limit(1);
}, 120_000);
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Quarterly stroke test',
  priority: 'high',
  target: { valveId: valve.id },
  trigger: { kind: 'calendar', every: { count: 3, unit: 'month' }, startDate: today },
  leadDays: 7,
  timeZone: zone,
  ...over,
});

const ordersOf = (planId: number) =>
  t.db
    .select({ id: workOrders.id, status: workOrders.status, dueDate: workOrders.dueDate, title: workOrders.title })
    .from(maintenancePlanOccurrences)
    .innerJoin(workOrders, eq(workOrders.id, maintenancePlanOccurrences.workOrderId))
    .where(eq(maintenancePlanOccurrences.planId, planId));

describe('POST /api/maintenance-plans', () => {
  it("adds a plan, raises today's occurrence once, and sets the valve's next date from it", async () => {
    const res = await send(t, 'POST', '/api/maintenance-plans', body());
    expect(res.statusCode).toBe(201);
    const created = planSchema.parse(res.json());
    expect(created).toMatchObject({
      title: 'Quarterly stroke test',
      valveCount: 1,
      procedureId: null,
      skipIfOpen: true,
    });
    const orders = await ordersOf(created.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ title: 'Quarterly stroke test', status: 'pending' });
    // Again, as another server's run would: nothing new.
    expect((await generateDueWorkOrders(t.db)).raised).toBe(0);
    expect(await ordersOf(created.id)).toHaveLength(1);
    const detail = (await t.get(`/api/valves/${valve.id}`)).json();
    expect(detail.nextMaintenance).toBe(today);
    expect(created.nextDue).toBe(orders[0].dueDate?.toISOString());
  });

  it("raises its work orders with its procedure's current version attached (the plan's checklist)", async () => {
    const [procedure] = await t.db
      .select({ id: procedures.id, current: procedures.currentVersion })
      .from(procedures)
      .where(eq(procedures.organizationId, 1))
      .limit(1);
    const res = await send(
      t,
      'POST',
      '/api/maintenance-plans',
      body({ title: 'Weekly checklist', procedureId: procedure.id }),
    );
    expect(res.statusCode).toBe(201);
    const [order] = await ordersOf(res.json().id);
    const runs = await t.db
      .select({ version: procedureVersions.version, procedureId: procedureVersions.procedureId })
      .from(procedureRuns)
      .innerJoin(procedureVersions, eq(procedureVersions.id, procedureRuns.procedureVersionId))
      .where(eq(procedureRuns.workOrderId, order.id));
    expect(runs).toEqual([{ version: procedure.current, procedureId: procedure.id }]);
  });

  it("refuses a procedure that is not the organization's, naming the field", async () => {
    const [theirs] = await t.db.select({ id: procedures.id }).from(procedures).where(eq(procedures.organizationId, 2));
    for (const procedureId of [theirs?.id ?? 999_999, 999_999]) {
      const res = await send(t, 'POST', '/api/maintenance-plans', body({ procedureId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'procedureId', message: 'is not a procedure of your organization' }]);
    }
  });

  it('skips while its work order is open, unless told not to', async () => {
    const daily = { every: { count: 1, unit: 'day' }, startDate: today, kind: 'calendar' };
    const skipping = planSchema.parse(
      (
        await send(t, 'POST', '/api/maintenance-plans', body({ title: 'Daily walkdown', trigger: daily, leadDays: 3 }))
      ).json(),
    );
    expect(await ordersOf(skipping.id)).toHaveLength(1);
    const skipped = await t.db
      .select()
      .from(maintenancePlanOccurrences)
      .where(and(eq(maintenancePlanOccurrences.planId, skipping.id), isNull(maintenancePlanOccurrences.workOrderId)));
    expect(skipped).toHaveLength(3);
    const res = await send(
      t,
      'POST',
      '/api/maintenance-plans',
      body({ title: 'Daily log', trigger: daily, leadDays: 3, skipIfOpen: false }),
    );
    expect(await ordersOf(res.json().id)).toHaveLength(4);
  });

  it('covers a group by plant, leaving out decommissioned valves', async () => {
    const res = await send(
      t,
      'POST',
      '/api/maintenance-plans',
      body({
        title: 'Annual packing inspection',
        target: { plant: 'Power Plant A' },
        trigger: { kind: 'calendar', rrule: 'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', startDate: today },
      }),
    );
    expect(res.statusCode).toBe(201);
    const inGroup = await t.db
      .select({ status: valves.status })
      .from(valves)
      .where(and(eq(valves.organizationId, 1), eq(valves.plant, 'Power Plant A')));
    const inService = inGroup.filter((v) => v.status !== 'decommissioned').length;
    expect(inService).toBeGreaterThan(0);
    expect(res.json().valveCount).toBe(inService);
  });

  it.each([
    [
      'a bad RRULE',
      { trigger: { kind: 'calendar', rrule: 'FREQ=MONTHLY;BYDAY=XX', startDate: today } },
      'trigger.rrule',
    ],
    ['an hourly RRULE', { trigger: { kind: 'calendar', rrule: 'FREQ=HOURLY', startDate: today } }, 'trigger.rrule'],
    [
      'a negative interval',
      { trigger: { kind: 'calendar', every: { count: -3, unit: 'month' }, startDate: today } },
      'trigger.every.count',
    ],
    [
      'both an interval and a rule',
      { trigger: { kind: 'calendar', every: { count: 1, unit: 'month' }, rrule: 'FREQ=DAILY', startDate: today } },
      'trigger.every',
    ],
    [
      'a lead past the meter interval',
      { trigger: { kind: 'meter', meter: 'cycles', every: 100, lead: 100 } },
      'trigger.lead',
    ],
    [
      'a probability over 1',
      { trigger: { kind: 'condition', measure: 'failure_probability', threshold: 3 } },
      'trigger.threshold',
    ],
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['no target', { target: {} }, 'target'],
    ['an unknown tag', { target: { valveTags: ['V-999-ZZ'] } }, 'target.valveTags'],
    [
      'a group with no valve',
      { target: { valveType: 'Check Valve', plant: 'Nuclear Plant D', valveTags: ['V-001-BV'] } },
      'target',
    ],
    ['an empty title', { title: ' ' }, 'title'],
  ])('refuses %s with 400 naming the field', async (_, over, path) => {
    const res = await send(t, 'POST', '/api/maintenance-plans', body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
  });

  it("says 'Valve not found' for an unknown valve and for another organization's", async () => {
    for (const valveId of [999_999, otherValve.id]) {
      const res = await send(t, 'POST', '/api/maintenance-plans', body({ target: { valveId } }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Valve not found');
    }
  });

  it('is for supervisors, engineers and admins to write, and needs a session to read', async () => {
    const res = await send(t, 'POST', '/api/maintenance-plans', body(), { as: 'technician' });
    expect(res.statusCode).toBe(403);
    expect(
      (await send(t, 'POST', '/api/maintenance-plans', body({ title: 'By the engineer' }), { as: 'engineer' }))
        .statusCode,
    ).toBe(201);
    expect((await t.get('/api/maintenance-plans', null)).statusCode).toBe(401);
  });
});

describe('reading, changing and removing plans', () => {
  it("keeps each organization's plans to itself", async () => {
    const mine = (await t.get('/api/maintenance-plans')).json();
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await t.get('/api/maintenance-plans', 'otherOrganization');
    expect(theirs.json().map((p: { id: number }) => p.id)).not.toContain(mine[0].id);
    expect((await t.get(`/api/maintenance-plans/${mine[0].id}`, 'otherOrganization')).statusCode).toBe(404);
    const patch = await send(
      t,
      'PATCH',
      `/api/maintenance-plans/${mine[0].id}`,
      { version: 1, title: 'Taken' },
      { as: 'otherOrganization' },
    );
    expect(patch.statusCode).toBe(404);
    const del = await send(t, 'DELETE', `/api/maintenance-plans/${mine[0].id}`, undefined, { as: 'otherOrganization' });
    expect(del.statusCode).toBe(404);
  });

  it('changes a plan with its version, and refuses a stale one with 409', async () => {
    const created = (
      await send(t, 'POST', '/api/maintenance-plans', body({ title: 'Monthly seat check', active: false }))
    ).json();
    const ok = await send(t, 'PATCH', `/api/maintenance-plans/${created.id}`, { version: 1, leadDays: 14 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ leadDays: 14, version: 2 });
    const stale = await send(t, 'PATCH', `/api/maintenance-plans/${created.id}`, { version: 1, leadDays: 3 });
    expect(stale.statusCode).toBe(409);
    expect((await send(t, 'DELETE', `/api/maintenance-plans/${created.id}`)).statusCode).toBe(204);
    expect((await t.get(`/api/maintenance-plans/${created.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/maintenance-plans/forecast', () => {
  it('lists twelve months of a plan, day by day', async () => {
    const created = (
      await send(
        t,
        'POST',
        '/api/maintenance-plans',
        body({
          title: 'Monthly lube',
          trigger: { kind: 'calendar', every: { count: 1, unit: 'month' }, startDate: '2026-01-31' },
        }),
      )
    ).json();
    const res = await t.get(`/api/maintenance-plans/forecast?planId=${created.id}`);
    expect(res.statusCode).toBe(200);
    const f = forecastSchema.parse(res.json());
    expect(f.occurrences.length).toBeGreaterThanOrEqual(12);
    expect(f.occurrences.length).toBeLessThanOrEqual(13);
    expect(f.occurrences.every((o) => o.valveTag === 'V-001-BV' && !o.estimated)).toBe(true);
    expect(f.occurrences.some((o) => o.day.endsWith('-02-28'))).toBe(true);
  });

  it('refuses a horizon past 24 months', async () => {
    const res = await t.get('/api/maintenance-plans/forecast?months=25');
    expect(res.statusCode).toBe(400);
  });
});
