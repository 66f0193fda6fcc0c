import { DEMO_PLANT_TIME_ZONES, type DemoPlant } from '@common/constants';
import { workOrderDetail } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  idempotencyKeys,
  maintenanceRecords,
  users,
  valves,
  workOrderSequences,
  workOrders,
} from '../../db/schema';
import { purgeIdempotencyKeys } from '../../plugins/idempotency';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
let valveId: number;
let technicianId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-002-GV')).limit(1);
  valveId = v.id;
  const [tech] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'technician@northfield.example'));
  technicianId = tech.id;
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, as?: Persona) =>
  send(t, 'POST', '/api/work-orders', { valveId, title: 'Replace packing', ...body }, { as });

describe('POST /api/work-orders', () => {
  it('raises a work order with the next WO number, the creator, and an activity', async () => {
    const res = await create({
      description: 'Gland leaking',
      priority: 'high',
      dueDate: '2026-12-01',
      assignedToUserId: technicianId,
    });
    expect(res.statusCode).toBe(201);
    const order = workOrderDetail.parse(res.json());
    expect(order.workOrderId).toMatch(new RegExp(`^WO-${new Date().getUTCFullYear()}-\\d{4}$`));
    // Due on Dec 1 at the valve's plant: its end is Dec 2 05:59:59.999 UTC in Chicago (CST), 04:59 in New York (EST).
    const endOfDec1 = { 'America/Chicago': '2026-12-02T05:59:59.999Z', 'America/New_York': '2026-12-02T04:59:59.999Z' };
    expect(order).toEqual(
      expect.objectContaining({
        status: 'pending',
        priority: 'high',
        dueDate: endOfDec1[DEMO_PLANT_TIME_ZONES[order.valve.plant as DemoPlant] as keyof typeof endOfDec1],
      }),
    );
    expect(order.assignedToUser?.id).toBe(technicianId);
    expect(order.createdByUser?.name).toBe('James Okafor');
    const feed = (await t.get('/api/dashboard/activities')).json();
    expect(feed[0]).toEqual(expect.objectContaining({ type: 'work_order_created', entityId: order.id }));
  });

  it('answers the bytes a read of the new order answers (its detail is read in the statement that raises it)', async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.id, technicianId));
    const res = await create({ description: 'Stem packing weeps', priority: 'high', assignedToUserId: tech.id });
    expect(res.statusCode).toBe(201);
    const read = await t.get(`/api/work-orders/${res.json().id}`);
    expect(res.body).toBe(read.body);
    expect(res.json().assignedToUser.name).toBe(tech.name);
    expect(res.json().maintenanceRecords).toEqual([]);
  });

  it('gives 20 concurrent creations 20 distinct numbers', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create({ title: `Round ${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = results.map((r) => r.json().workOrderId);
    expect(new Set(ids).size).toBe(20);
  });

  it('numbers on past 9999 with five digits, and records the activity line as written', async () => {
    const year = new Date().getUTCFullYear();
    await t.db
      .update(workOrderSequences)
      .set({ last: 9999 })
      .where(and(eq(workOrderSequences.organizationId, 1), eq(workOrderSequences.year, year)));
    const order = (await create({ title: 'Ten thousandth' })).json();
    expect(order.workOrderId).toBe(`WO-${year}-10000`);
    const [line] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityType, 'work_order'), eq(activities.entityId, order.id)));
    expect(line).toEqual(
      expect.objectContaining({
        type: 'work_order_created',
        entityType: 'work_order',
        description: `Work order WO-${year}-10000 Ten thousandth raised on V-002-GV`,
        plant: order.valve.plant,
      }),
    );
  });

  it('lets a technician raise one for themselves but not assign someone else', async () => {
    expect((await create({ assignedToUserId: technicianId }, 'technician')).statusCode).toBe(201);
    const [sup] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'supervisor@northfield.example'));
    const res = await create({ assignedToUserId: sup.id }, 'technician');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your role (technician) may not assign work orders to others.');
  });

  it.each([
    [{ title: undefined }, 400, 'title is required'],
    [{ title: '   ' }, 400, 'title is required'],
    [{ title: 'x'.repeat(201) }, 400, 'title must be at most 200 characters'],
    [{ title: 42 }, 400, 'title must be text'],
    [{ priority: 'urgent' }, 400, 'priority must be high, medium or low'],
    [{ dueDate: 'next week' }, 400, 'dueDate must be a date'],
    [{ description: 'd'.repeat(5001) }, 400, 'description must be at most 5000 characters'],
    [{ valveId: 'abc' }, 400, 'valveId must be a number'],
    [{ valveId: 999999 }, 404, TEXTS.valves.notFound],
    [{ valveId: 13 }, 404, TEXTS.valves.notFound],
    [{ assignedToUserId: 999999 }, 400, 'assignedToUserId is not an active user of your organization'],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    if (status === 400) expect(res.json().issues.length).toBeGreaterThan(0);
  });

  it('refuses a body that is not an object, and an oversized one', async () => {
    expect((await send(t, 'POST', '/api/work-orders', [1, 2])).statusCode).toBe(400);
    const huge = await send(t, 'POST', '/api/work-orders', { valveId, title: 'x', description: 'y'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect(typeof huge.json().message).toBe('string');
  });
});

describe('an Idempotency-Key', () => {
  it('replays the first response and writes exactly one work order', async () => {
    const [{ n: before }] = await t.db.select({ n: count() }).from(workOrders);
    const first = await send(
      t,
      'POST',
      '/api/work-orders',
      { valveId, title: 'Offline raised' },
      { idempotencyKey: 'offline-key-0001' },
    );
    const again = await send(
      t,
      'POST',
      '/api/work-orders',
      { valveId, title: 'Offline raised' },
      { idempotencyKey: 'offline-key-0001' },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [{ n: after }] = await t.db.select({ n: count() }).from(workOrders);
    expect(after).toBe(before + 1);
  });

  it('refuses a key reused for another request, and a malformed key', async () => {
    await send(t, 'POST', '/api/work-orders', { valveId, title: 'A' }, { idempotencyKey: 'reused-key-0001' });
    const other = await send(
      t,
      'PATCH',
      '/api/work-orders/1',
      { version: 1, title: 'B' },
      { idempotencyKey: 'reused-key-0001' },
    );
    expect(other.statusCode).toBe(422);
    const otherBody = await send(
      t,
      'POST',
      '/api/work-orders',
      { valveId, title: 'C' },
      { idempotencyKey: 'reused-key-0001' },
    );
    expect(otherBody.statusCode).toBe(422);
    const bad = await send(t, 'POST', '/api/work-orders', { valveId, title: 'A' }, { idempotencyKey: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Idempotency-Key');
  });

  it('runs again under a key past its day, or one left unanswered (by the former three-commit design)', async () => {
    const raise = (key: string) =>
      send(t, 'POST', '/api/work-orders', { valveId, title: 'Again' }, { idempotencyKey: key });
    const age = (key: string, ms: number, fields: Partial<typeof idempotencyKeys.$inferInsert> = {}) =>
      t.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - ms), ...fields })
        .where(eq(idempotencyKeys.key, key));

    expect((await raise('expired-key-0001')).statusCode).toBe(201);
    await age('expired-key-0001', 25 * 3_600_000);
    const expired = await raise('expired-key-0001');
    expect(expired.statusCode).toBe(201);
    expect(expired.headers['idempotent-replayed']).toBeUndefined();

    expect((await raise('running-key-0001')).statusCode).toBe(201);
    await age('running-key-0001', 1_000, { statusCode: null });
    const abandoned = await raise('running-key-0001');
    expect(abandoned.statusCode).toBe(201);
    expect(abandoned.headers['idempotent-replayed']).toBeUndefined();
  });

  it('forgets keys older than a day in the hourly purge, and only those', async () => {
    expect(
      (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Kept' }, { idempotencyKey: 'recent-key-0001' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send(t, 'POST', '/api/work-orders', { valveId, title: 'Old' }, { idempotencyKey: 'old-key-00001' }))
        .statusCode,
    ).toBe(201);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, 'old-key-00001'));
    expect(await purgeIdempotencyKeys(t.db)).toBe(1);
    const left = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((k) => k.key)).toContain('recent-key-0001');
    expect(left.map((k) => k.key)).not.toContain('old-key-00001');
  });
});

describe('the work order state machine through the API', () => {
  it('starts, refuses to skip, completes with findings into the valve history, and reopens', async () => {
    const order = (await create({ title: 'Stroke test' })).json();
    const step = (body: Record<string, unknown>, as?: Persona) =>
      send(t, 'POST', `/api/work-orders/${order.id}/status`, body, { as });

    const skip = await step({ version: order.version, status: 'completed', findings: 'f', actionsPerformed: 'a' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe('Start the work order before completing it.');

    const started = await step({ version: order.version, status: 'in_progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('in_progress');

    const missing = await step({ version: started.json().version, status: 'completed' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues.map((i: { path: string }) => i.path)).toEqual(['findings', 'actionsPerformed']);

    const byEngineer = await step(
      { version: started.json().version, status: 'completed', findings: 'ok', actionsPerformed: 'done' },
      'engineer',
    );
    expect(byEngineer.statusCode).toBe(403);

    const done = await step({
      version: started.json().version,
      status: 'completed',
      findings: 'Packing worn',
      actionsPerformed: 'Replaced packing',
      maintenanceType: 'corrective',
    });
    expect(done.statusCode).toBe(200);
    const completed = done.json();
    expect(completed.status).toBe('completed');
    expect(completed.completedAt).not.toBeNull();
    expect(completed.maintenanceRecords[0]).toEqual(
      expect.objectContaining({ type: 'corrective', findings: 'Packing worn', actionsPerformed: 'Replaced packing' }),
    );
    const valve = (await t.get(`/api/valves/${valveId}`)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(valve.lastMaintenance).toBe(today);
    // A planned valve's next date follows its plan, not its own interval (issue 29; completion.test.ts).
    const plans = (await t.get('/api/maintenance-plans')).json();
    const gatePlan = plans.find(
      (p: { title: string }) => p.title === `Annual packing inspection, gate valves, ${valve.plant}`,
    );
    expect(valve.nextMaintenance).toBe(gatePlan.nextDueDay);
    const feed = (await t.get('/api/dashboard/activities')).json().map((a: { type: string }) => a.type);
    expect(feed.slice(0, 2).sort()).toEqual(['maintenance_completed', 'work_order_completed']);

    const stale = await step({ version: started.json().version, status: 'in_progress' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.version).toBe(completed.version);

    const reopened = await step({ version: completed.version, status: 'in_progress' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().completedAt).toBeNull();
  });

  it.each([
    [{ status: 'done', version: 1 }, 400, 'status must be pending, in_progress or completed'],
    [{ status: 'in_progress' }, 400, 'version is required'],
    [{ status: 'in_progress', version: 'one' }, 400, 'version is required'],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await send(t, 'POST', '/api/work-orders/1/status', body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for another organization’s work order', async () => {
    const [theirs] = await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.organizationId, 2))
      .limit(1);
    const res = await send(t, 'POST', `/api/work-orders/${theirs.id}/status`, { version: 1, status: 'in_progress' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TEXTS.workOrders.notFound);
  });
});

describe('PATCH /api/work-orders/:id and notes', () => {
  it('edits with the current version, refuses a stale one with the newer record, and adds notes', async () => {
    const order = (await create({ title: 'Calibrate positioner' })).json();
    const edited = await send(t, 'PATCH', `/api/work-orders/${order.id}`, {
      version: order.version,
      priority: 'low',
      dueDate: null,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual(
      expect.objectContaining({ priority: 'low', dueDate: null, version: order.version + 1 }),
    );
    const stale = await send(t, 'PATCH', `/api/work-orders/${order.id}`, { version: order.version, priority: 'high' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.priority).toBe('low');

    const note = await send(
      t,
      'POST',
      `/api/work-orders/${order.id}/notes`,
      { text: 'Waiting for spare positioner' },
      { as: 'technician' },
    );
    expect(note.statusCode).toBe(201);
    expect(note.json().maintenanceRecords[0]).toEqual(
      expect.objectContaining({ type: 'note', description: 'Waiting for spare positioner' }),
    );
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.workOrderId, order.id));
    expect(n).toBe(1);
    const empty = await send(t, 'POST', `/api/work-orders/${order.id}/notes`, { text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('text is required');
    const [{ a }] = await t.db.select({ a: count() }).from(activities).where(eq(activities.type, 'note_added'));
    expect(a).toBeGreaterThan(0);
  });
});

describe('names on the work, and what an inspection leaves alone', () => {
  it('names who started, completed, noted and recorded; an inspection does not move the maintenance date', async () => {
    const [tech] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, technicianId));
    const order = (await create({ title: 'Inspect gland' })).json();
    const step = (body: Record<string, unknown>) =>
      send(t, 'POST', `/api/work-orders/${order.id}/status`, body, { as: 'technician' });
    const started = (await step({ version: order.version, status: 'in_progress' })).json();
    expect(started.startedByUser).toEqual({ id: technicianId, name: tech.name });
    expect(started.completedByUser).toBeNull();

    const before = (await t.get(`/api/valves/${valveId}`)).json();
    const done = await step({
      version: started.version,
      status: 'completed',
      findings: 'Worn packing',
      actionsPerformed: 'Inspected, packing replacement to be planned',
      maintenanceType: 'inspection',
    });
    expect(done.statusCode).toBe(200);
    const completed = workOrderDetail.parse(done.json());
    expect(completed.completedByUser).toEqual({ id: technicianId, name: tech.name });
    expect(completed.maintenanceRecords[0].performedByUser).toEqual({ id: technicianId, name: tech.name });
    const after = (await t.get(`/api/valves/${valveId}`)).json();
    expect([after.lastMaintenance, after.nextMaintenance]).toEqual([before.lastMaintenance, before.nextMaintenance]);

    const noted = await send(t, 'POST', `/api/work-orders/${order.id}/notes`, { text: 'Spare packing ordered' });
    expect(noted.json().maintenanceRecords[0].performedByUser.name).toBe('James Okafor');
    const recorded = await send(t, 'POST', '/api/maintenance-records', {
      valveId,
      type: 'calibration',
      description: 'Positioner calibrated',
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json().performedByUser.name).toBe('James Okafor');
    const history = (await t.get(`/api/maintenance-records?valveId=${valveId}`)).json();
    expect(history[0].performedByUser.name).toBe('James Okafor');
  });
});

describe('POST /api/work-orders/:id/cancel', () => {
  it('cancels open work with a reason, for supervisors, once, and never completed work', async () => {
    const order = (await create({ title: 'Duplicate of packing job' })).json();
    const cancel = (body: Record<string, unknown>, as?: Persona, id = order.id) =>
      send(t, 'POST', `/api/work-orders/${id}/cancel`, body, { as });

    expect((await cancel({ version: order.version, reason: 'Duplicate' }, 'technician')).statusCode).toBe(403);
    const noReason = await cancel({ version: order.version, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason is required');
    expect((await cancel({ version: order.version + 5, reason: 'Duplicate' })).statusCode).toBe(409);

    const res = await cancel({ version: order.version, reason: 'Duplicate of the packing job raised this morning' });
    expect(res.statusCode).toBe(200);
    const cancelled = workOrderDetail.parse(res.json());
    expect(cancelled).toEqual(
      expect.objectContaining({
        status: 'cancelled',
        overdue: false,
        cancelReason: 'Duplicate of the packing job raised this morning',
        cancelledByUser: expect.objectContaining({ name: 'James Okafor' }),
      }),
    );
    expect(cancelled.cancelledAt).not.toBeNull();
    const again = await cancel({ version: cancelled.version, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The work order is already cancelled.');
    const restart = await send(t, 'POST', `/api/work-orders/${order.id}/status`, {
      version: cancelled.version,
      status: 'in_progress',
    });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe('The work order was cancelled: raise a new one instead.');
    const feed = (await t.get('/api/dashboard/activities')).json();
    expect(feed[0]).toEqual(expect.objectContaining({ type: 'work_order_cancelled', entityId: order.id }));

    const [theirs] = await t.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.organizationId, 2))
      .limit(1);
    expect((await cancel({ version: 1, reason: 'Not ours' }, undefined, theirs.id)).statusCode).toBe(404);
  });

  it('refuses to cancel completed work', async () => {
    const [done] = await t.db
      .select({ id: workOrders.id, version: workOrders.version })
      .from(workOrders)
      .where(and(eq(workOrders.organizationId, 1), eq(workOrders.status, 'completed')))
      .limit(1);
    const res = await send(t, 'POST', `/api/work-orders/${done.id}/cancel`, { version: done.version, reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A completed work order cannot be cancelled: its maintenance record stands.');
  });
});
