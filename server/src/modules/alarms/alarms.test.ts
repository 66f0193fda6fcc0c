import { alarm, alarmList, alarmPerformance, alarmWorkOrder } from '@common/schemas/alarms';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarms, anomalyEpisodes, valves, workOrders } from '../../db/schema';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { alarmNotices } from './notices';
import { sweepAlarms, syncAlarms } from './sync';

let t: TestContext;
let valveA: { id: number; valveId: string; criticality: string };
beforeAll(async () => {
  t = await createTestApp();
  const list = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
  const found = list.find((v) => v.plant === 'Power Plant A' && v.status === 'active');
  if (!found) throw new Error('the demo has no valve in service in Power Plant A');
  valveA = found;
});
afterAll(() => t.close());

const as = async (persona: Persona | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: persona ? { cookie: await t.cookie(persona) } : {},
  });

/** An episode on valve A as the engine stores one, and the sync that follows the recompute. */
async function episodeOnValveA(start: Date, end: Date | null, severity = 'high') {
  await t.db.insert(anomalyEpisodes).values({
    organizationId: 1,
    valveId: valveA.id,
    start,
    end,
    severity,
    channels: [{ channel: 'flow', direction: 'down', change: -18, changeUnit: '%', text: 'flow −18%' }],
    description: 'flow −18% against the reference at the same valve opening.',
    fault: 'blockage',
  });
  await syncAlarms(t.db, 1, [valveA.id]);
}

async function openAlarmOfValveA() {
  const [row] = await t.db
    .select()
    .from(alarms)
    .where(and(eq(alarms.valveId, valveA.id), isNull(alarms.clearedAt)));
  return row;
}

describe('alarms raised by the engine’s episodes', () => {
  it('raises an unacknowledged alarm with the priority of severity × criticality, first in the list', async () => {
    await t.db.update(valves).set({ criticality: 'A' }).where(eq(valves.id, valveA.id));
    await episodeOnValveA(new Date(Date.now() - 10 * 60_000), null);
    const list = alarmList.strict().parse((await t.get('/api/alarms')).json());
    expect(list.items[0]).toMatchObject({
      valveId: valveA.id,
      state: 'unacknowledged',
      priority: 'critical',
      criticality: 'A',
      active: true,
      fault: 'blockage',
      advice: 'Likely a partial blockage. Inspect the trim and the upstream strainer for debris.',
    });
    expect(list.counts.unacknowledged).toBeGreaterThan(0);
    // A second recompute of the same episode raises nothing new.
    await syncAlarms(t.db, 1, [valveA.id]);
    const again = alarmList.parse((await t.get('/api/alarms')).json());
    expect(again.items.filter((a) => a.valveId === valveA.id && a.active)).toHaveLength(1);
  });

  it('tells the plant’s people of an unacknowledged high alarm once, and no one after it is acknowledged', async () => {
    const open = await openAlarmOfValveA();
    const notices = await alarmNotices(t.db, new Date());
    expect(notices.filter((n) => n.key === `alarm:${open.id}:critical`)).toHaveLength(1);
    expect(notices.find((n) => n.key === `alarm:${open.id}:critical`)).toMatchObject({
      to: { plant: 'Power Plant A' },
    });
  });

  it('is acknowledged by a technician once (409 the second time), and the audit trail names them', async () => {
    const open = await openAlarmOfValveA();
    const acked = await as('technician', 'POST', `/api/alarms/${open.id}/acknowledge`);
    expect(acked.statusCode).toBe(200);
    expect(alarm.strict().parse(acked.json())).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: { id: expect.any(Number) },
    });
    expect((await as('technician', 'POST', `/api/alarms/${open.id}/acknowledge`)).statusCode).toBe(409);
    expect((await alarmNotices(t.db, new Date())).some((n) => n.key.startsWith(`alarm:${open.id}:`))).toBe(false);
    const history = await t.get(`/api/history/alarms/${open.id}`);
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain('acknowledged');
  });

  it('is shelved for a stated time with a reason by a supervisor, not a technician, and comes back by itself', async () => {
    const open = await openAlarmOfValveA();
    expect(
      (await as('technician', 'POST', `/api/alarms/${open.id}/shelve`, { minutes: 60, reason: 'x' })).statusCode,
    ).toBe(403);
    const bad = await as('supervisor', 'POST', `/api/alarms/${open.id}/shelve`, { minutes: 2, reason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('minutes');
    expect(bad.body).toContain('reason');
    const shelved = await as('supervisor', 'POST', `/api/alarms/${open.id}/shelve`, {
      minutes: 30,
      reason: 'Transmitter being recalibrated',
    });
    expect(shelved.statusCode).toBe(200);
    expect(alarm.parse(shelved.json())).toMatchObject({
      state: 'shelved',
      shelveReason: 'Transmitter being recalibrated',
    });
    // The sweep after the time is up takes it off the shelf.
    const { unshelved } = await sweepAlarms(t.db, new Date(Date.now() + 31 * 60_000));
    expect(unshelved).toBeGreaterThanOrEqual(1);
    expect(
      alarm.parse((await t.get('/api/alarms')).json().items.find((a: { id: number }) => a.id === open.id)).state,
    ).toBe('acknowledged');
    expect((await as('supervisor', 'POST', `/api/alarms/${open.id}/unshelve`)).statusCode).toBe(409);
  });

  it('raises a work order in one tap, linked to the alarm; a second is refused while it is open', async () => {
    const open = await openAlarmOfValveA();
    const raised = await as('technician', 'POST', `/api/alarms/${open.id}/work-order`, {});
    expect(raised.statusCode).toBe(201);
    const body = alarmWorkOrder.parse(raised.json());
    expect(body.alarm.workOrder).toMatchObject({ id: body.workOrder.id, status: 'pending' });
    const [order] = await t.db.select().from(workOrders).where(eq(workOrders.id, body.workOrder.id));
    expect(order).toMatchObject({ valveId: valveA.id, priority: 'high' });
    expect(order.description).toContain('Inspect the trim');
    expect((await as('technician', 'POST', `/api/alarms/${open.id}/work-order`, {})).statusCode).toBe(409);
    expect(
      (await as('technician', 'POST', `/api/alarms/${open.id}/work-order`, { priority: 'urgent' })).statusCode,
    ).toBe(400);
  });

  it('is suppressed by design while its valve’s work is in progress, and the trail records it', async () => {
    const open = await openAlarmOfValveA();
    await t.db
      .update(workOrders)
      .set({ status: 'in_progress' })
      .where(eq(workOrders.id, open.workOrderId ?? 0));
    await sweepAlarms(t.db);
    const suppressed = alarm.parse(
      (await t.get('/api/alarms')).json().items.find((a: { id: number }) => a.id === open.id),
    );
    expect(suppressed).toMatchObject({ state: 'suppressed', suppressedReason: 'work_order' });
    expect(
      (await as('supervisor', 'POST', `/api/alarms/${open.id}/shelve`, { minutes: 30, reason: 'x' })).statusCode,
    ).toBe(409);
    const history = JSON.stringify((await t.get(`/api/history/alarms/${open.id}`)).json());
    expect(history).toContain('work_order');
  });

  it('returns to normal when the episode ends, and leaves the open list once acknowledged', async () => {
    const open = await openAlarmOfValveA();
    await t.db
      .update(workOrders)
      .set({ status: 'pending' })
      .where(eq(workOrders.id, open.workOrderId ?? 0));
    await t.db.update(anomalyEpisodes).set({ end: new Date() }).where(eq(anomalyEpisodes.valveId, valveA.id));
    await syncAlarms(t.db, 1, [valveA.id]);
    await sweepAlarms(t.db);
    const list = alarmList.parse((await t.get('/api/alarms')).json());
    expect(list.items.some((a) => a.id === open.id)).toBe(false);
    const all = alarmList.parse((await t.get('/api/alarms?view=all&limit=500')).json());
    expect(all.items.find((a) => a.id === open.id)).toMatchObject({ state: 'normal', active: false });
  });
});

describe('what a request may ask of alarms', () => {
  it('answers 404 for an alarm of another organization or none, 400 for a bad id or query', async () => {
    const [ours] = await t.db.select().from(alarms).where(eq(alarms.organizationId, 1)).limit(1);
    expect((await as('otherOrganization', 'POST', `/api/alarms/${ours.id}/acknowledge`)).statusCode).toBe(404);
    expect((await as('supervisor', 'POST', '/api/alarms/999999/acknowledge')).statusCode).toBe(404);
    expect((await as('supervisor', 'POST', '/api/alarms/abc/acknowledge')).statusCode).toBe(400);
    expect((await t.get('/api/alarms?view=everything')).statusCode).toBe(400);
    expect((await t.get('/api/alarms?limit=0')).statusCode).toBe(400);
    expect((await t.get('/api/alarms/performance?week=2026-13-01')).statusCode).toBe(400);
    expect((await as(null, 'GET', '/api/alarms')).statusCode).toBe(401);
  });

  it('shows a plant-limited user only their plant’s alarms and figures', async () => {
    const list = alarmList.parse((await t.get('/api/alarms?view=all&limit=500', 'limited')).json());
    expect(list.items.length).toBeGreaterThan(0);
    expect(new Set(list.items.map((a) => a.plant))).toEqual(new Set(['Power Plant A']));
    const figures = alarmPerformance.parse((await t.get('/api/alarms/performance?week=2026-11-09', 'limited')).json());
    expect(figures.plants.map((p) => p.plant)).toEqual(['Power Plant A']);
    const other = alarmPerformance.parse(
      (await t.get('/api/alarms/performance?week=2026-11-09&plant=Gas%20Plant%20B', 'limited')).json(),
    );
    expect(other.plants).toEqual([]);
  });
});

describe('the demo’s week of alarms, as ISA-18.2 measures it', () => {
  it('gives figures per plant for the week and the same as CSV', async () => {
    const figures = alarmPerformance.strict().parse((await t.get('/api/alarms/performance?week=2026-11-11')).json());
    expect(figures.week).toBe('2026-11-09');
    const total = figures.plants.reduce((sum, p) => sum + p.alarms, 0);
    expect(total).toBeGreaterThan(20);
    expect(figures.plants.reduce((sum, p) => sum + p.chattering, 0)).toBe(1);
    expect(figures.plants.reduce((sum, p) => sum + p.stale, 0)).toBeGreaterThanOrEqual(1);
    expect(figures.plants.reduce((sum, p) => sum + p.shelved, 0)).toBe(1);
    const csv = await t.get('/api/alarms/performance.csv?week=2026-11-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csv.body.trim().split('\r\n');
    expect(header).toContain('Alarms per 10 minutes');
    expect(rows).toHaveLength(figures.plants.length);
  });
});
