import { type OfflineChanges, offlineChanges, offlineEstimate } from '@common/schemas/offline-sync';
import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plants, valves, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';
import { placeInTree } from '../plants';
import { CURSOR_MARGIN_MS } from './changes';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
});
afterAll(() => t.close());

const changes = async (since?: string, as: Persona = 'supervisor', plant?: string) => {
  const query = new URLSearchParams({ ...(since ? { since } : {}), ...(plant ? { plant } : {}) }).toString();
  const res = await t.get(`/api/offline/changes${query ? `?${query}` : ''}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return offlineChanges.parse(res.json());
};

/** Moves every row's stamps back an hour, so "since a moment ago" holds nothing that the test did not change. */
async function ageEverything() {
  await t.db.execute(sql`update valves set updated_at = updated_at - interval '1 hour'`);
  await t.db.execute(sql`update work_orders set updated_at = updated_at - interval '1 hour'`);
  await t.db.execute(sql`update maintenance_records set created_at = created_at - interval '1 hour'`);
  await t.db.execute(sql`update photos set created_at = created_at - interval '1 hour'`);
  await t.db.execute(sql`update procedure_runs set created_at = created_at - interval '1 hour'`);
  await t.db.execute(sql`update procedure_step_results set updated_at = updated_at - interval '1 hour'`);
  // The ledger refuses changes (append-only) and an hour's entry stamps its own change: the test, as the tables'
  // owner, lifts both for the stamps alone.
  await t.db.execute(sql`alter table part_movements disable trigger part_movements_append_only`);
  await t.db.execute(sql`update part_movements set at = at - interval '1 hour'`);
  await t.db.execute(sql`alter table part_movements enable trigger part_movements_append_only`);
  await t.db.execute(sql`alter table labor_entries disable trigger labor_entries_touch`);
  await t.db.execute(sql`update labor_entries set updated_at = updated_at - interval '1 hour'`);
  await t.db.execute(sql`alter table labor_entries enable trigger labor_entries_touch`);
  await t.db.execute(sql`update contractor_costs set created_at = created_at - interval '1 hour'`);
}

describe('GET /api/offline/changes', () => {
  it('first download: every valve in scope and the open and recent work orders, each as its detail read answers', async () => {
    const all = await changes();
    expect(all.full).toBe(true);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(valves)
      .where(
        sql`${valves.organizationId} = (select organization_id from users where email = 'supervisor@northfield.example')`,
      );
    expect(n).toBeGreaterThan(0);
    expect(all.valveIds.length).toBe(n);
    expect(all.valves.map((v) => v.id)).toEqual(all.valveIds);
    expect(all.workOrders.map((w) => w.id)).toEqual(all.workOrderIds);
    const one = all.valves[3];
    expect((await t.get(`/api/valves/${one.id}`)).json()).toEqual(one);
    const order = all.workOrders[0];
    // The cost comes beside the detail, in the order's ledger.
    const { cost, ...detail } = (await t.get(`/api/work-orders/${order.id}`)).json();
    expect(detail).toEqual(order);
    expect(all.ledgers.find((l) => l.workOrderId === order.id)?.cost).toEqual(cost);
    expect(Date.parse(all.cursor)).toBeLessThanOrEqual(Date.now() - CURSOR_MARGIN_MS + 1000);
  });

  it("carries each changed order's procedures as their read answers; a recorded step moves the order", async () => {
    const made = await send(
      t,
      'POST',
      '/api/procedures',
      { name: 'Offline gland check', steps: [{ key: 'leak', type: 'check', label: 'Gland leak-free' }] },
      { as: 'engineer' },
    );
    const [valve] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-002-GV'));
    const order = (await send(t, 'POST', '/api/work-orders', { valveId: valve.id, title: 'Gland round' })).json();
    await send(t, 'POST', `/api/work-orders/${order.id}/status`, { status: 'in_progress', version: 1 });
    const [run] = (
      await send(t, 'POST', `/api/work-orders/${order.id}/procedures`, { procedureId: made.json().procedureId })
    ).json();
    const all = await changes();
    expect(all.procedureRuns.map((p) => p.workOrderId)).toEqual(all.workOrderIds);
    expect(all.procedureRuns.find((p) => p.workOrderId === order.id)?.runs).toEqual(
      (await t.get(`/api/work-orders/${order.id}/procedures`)).json(),
    );
    const none = all.procedureRuns.find((p) => p.runs.length === 0);
    expect((await t.get(`/api/work-orders/${none?.workOrderId}/procedures`)).json()).toEqual([]);

    await ageEverything();
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    expect((await changes(since)).workOrders.map((w) => w.id)).not.toContain(order.id);
    await send(t, 'PUT', `/api/procedure-runs/${run.id}/steps/leak`, { answer: 'pass' });
    const after = await changes(since);
    expect(after.workOrders.map((w) => w.id)).toContain(order.id);
    expect(after.procedureRuns.find((p) => p.workOrderId === order.id)?.runs[0].results).toHaveLength(1);
  });

  it("carries each changed order's part lines, hours and cost as their reads answer; an issue or a timer moves it", async () => {
    const [plant] = await t.db.select({ id: plants.id }).from(plants).where(eq(plants.name, 'Power Plant A'));
    const store = (await send(t, 'POST', '/api/stores', { name: 'Offline crib', plantId: plant.id })).json();
    const part = (
      await send(t, 'POST', '/api/parts', {
        partNumber: 'T-SR-200',
        name: 'Seat ring, 2 in',
        unit: 'each',
        unitCost: 140,
        minimumStock: 0,
      })
    ).json();
    await send(t, 'POST', `/api/parts/${part.id}/receipts`, { storeId: store.id, quantity: 4 });
    const [valve] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-001-BV'));
    const order = (await send(t, 'POST', '/api/work-orders', { valveId: valve.id, title: 'Lap the seat' })).json();
    const line = (
      await send(t, 'POST', `/api/work-orders/${order.id}/parts`, { partId: part.id, storeId: store.id, quantity: 2 })
    ).json();
    await send(t, 'POST', `/api/work-orders/${order.id}/labor`, { minutes: 45 });
    const ledgerOf = (feed: OfflineChanges) => feed.ledgers.find((l) => l.workOrderId === order.id);
    const all = await changes();
    expect(all.ledgers.map((l) => l.workOrderId)).toEqual(all.workOrderIds);
    expect(ledgerOf(all)).toEqual({
      workOrderId: order.id,
      parts: (await t.get(`/api/work-orders/${order.id}/parts`)).json(),
      labor: (await t.get(`/api/work-orders/${order.id}/labor`)).json(),
      cost: (await t.get(`/api/work-orders/${order.id}`)).json().cost,
      downtime: [],
      failure: null,
    });

    await ageEverything();
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    expect(ledgerOf(await changes(since))).toBeUndefined();
    await send(t, 'POST', `/api/work-orders/${order.id}/parts/${line.id}/issue`, { quantity: 2 });
    expect(ledgerOf(await changes(since))?.parts[0]).toMatchObject({ issued: 2, reserved: 0 });

    // A timer pressed with no signal an hour and a half ago, replayed now: its entry moves the order all the same.
    await send(t, 'POST', `/api/work-orders/${order.id}/labor/timer`, {
      at: new Date(Date.now() - 90 * 60_000).toISOString(),
    });
    await ageEverything();
    await send(t, 'POST', `/api/work-orders/${order.id}/labor/timer/stop`, {
      at: new Date(Date.now() - 70 * 60_000).toISOString(),
    });
    const stopped = ledgerOf(await changes(since));
    // Oldest first: the timer began before the 45 minutes were logged.
    expect(stopped?.labor.map((e) => e.minutes)).toEqual([20, 45]);
    expect(stopped?.cost.parts).toBe(280);

    // Downtime recorded after the fact moves the order, and so does its removal (issue 34), so a kept copy is whole.
    await ageEverything();
    const period = {
      startedAt: new Date(Date.now() - 4 * 3_600_000).toISOString(),
      endedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      reason: 'Isolated to lap the seat',
    };
    const added = await send(t, 'POST', `/api/work-orders/${order.id}/downtime`, period);
    expect(added.statusCode, added.body).toBe(201);
    expect(ledgerOf(await changes(since))?.downtime).toEqual(
      (await t.get(`/api/work-orders/${order.id}/downtime`)).json(),
    );
    await ageEverything();
    expect(ledgerOf(await changes(since))).toBeUndefined();
    const removed = await send(t, 'DELETE', `/api/work-orders/${order.id}/downtime/${added.json().id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(ledgerOf(await changes(since))?.downtime).toEqual([]);
  });

  it('a plant-limited technician gets only their plant', async () => {
    const limited = await changes(undefined, 'limited');
    expect(limited.valves.length).toBeGreaterThan(0);
    expect(new Set(limited.valves.map((v) => v.plant))).toEqual(new Set(['Power Plant A']));
    expect(limited.valveIds.length).toBeLessThan((await changes()).valveIds.length);
  });

  it('a sync sends only what changed since the cursor: a note on one work order moves that order and its valve', async () => {
    await ageEverything();
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    // An open order falling due within these five minutes moves too (the demo's fall due on the hour): the feed then
    // holds it before the note, and the note adds its own order and valve to what it held.
    const before = await changes(since);
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
    const fellDue = ids(before.workOrders);
    const [order] = await t.db
      .select({ id: workOrders.id, valveId: workOrders.valveId, status: workOrders.status })
      .from(workOrders)
      .where(and(ne(workOrders.status, 'completed'), fellDue.length ? notInArray(workOrders.id, fellDue) : undefined))
      .limit(1);
    const noted = await send(t, 'POST', `/api/work-orders/${order.id}/notes`, { text: 'Gland nut tightened' });
    expect(noted.statusCode, noted.body).toBe(201);
    const after = await changes(since);
    expect(after.full).toBe(false);
    expect(ids(after.valves)).toEqual([...new Set([...ids(before.valves), order.valveId])].sort((a, b) => a - b));
    expect(ids(after.workOrders)).toEqual([...fellDue, order.id].sort((a, b) => a - b));
    expect(after.valveIds.length).toBeGreaterThan(1);
  });

  it('a decommissioned or moved-out valve leaves the id list, so the device forgets it', async () => {
    const before = await changes(undefined, 'limited');
    const moved = before.valveIds[0];
    const [valve] = await t.db.select().from(valves).where(eq(valves.id, moved));
    const [place] = await placeInTree(t.db, valve.organizationId, [
      { plant: 'Gas Plant B', area: valve.area, system: valve.system },
    ]);
    await t.db.update(valves).set(place).where(eq(valves.id, moved));
    const after = await changes(new Date().toISOString(), 'limited');
    expect(after.valveIds).not.toContain(moved);
  });

  it('plant=… keeps to that plant: the device downloads and syncs only the plants its user picked', async () => {
    const all = await changes();
    const gas = await changes(undefined, 'supervisor', 'Gas Plant B');
    expect(gas.valveIds.length).toBeGreaterThan(0);
    expect(gas.valveIds.length).toBeLessThan(all.valveIds.length);
    expect(new Set(gas.valves.map((v) => v.plant))).toEqual(new Set(['Gas Plant B']));
    const valveIds = new Set(gas.valveIds);
    expect(gas.workOrders.every((w) => valveIds.has(w.valve.id) && w.valve.plant === 'Gas Plant B')).toBe(true);
    // A plant the user may not see is empty, not someone else's records.
    expect((await changes(undefined, 'limited', 'Gas Plant B')).valveIds).toEqual([]);
    const bad = await t.get('/api/offline/changes?plant=Plant%20Z');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/plant must be one of/);
  });

  it('carries the photos of each changed valve and work order, as the galleries list them, and every photo id', async () => {
    const all = await changes();
    const withPhotos = all.valves.filter((v) => all.photos.some((p) => p.valveId === v.id));
    expect(withPhotos.length).toBeGreaterThan(0);
    for (const valve of withPhotos.slice(0, 3)) {
      const gallery = (await t.get(`/api/photos?valveId=${valve.id}`)).json();
      expect(all.photos.filter((p) => p.valveId === valve.id)).toEqual(gallery);
    }
    const order = all.workOrders.find((w) => all.photos.some((p) => p.workOrderId === w.id));
    if (order) {
      const gallery = (await t.get(`/api/photos?workOrderId=${order.id}`)).json();
      expect(all.photos.filter((p) => p.workOrderId === order.id)).toEqual(gallery);
    }
    expect(all.photos.every((p) => all.photoIds.includes(p.id))).toBe(true);
    expect(all.photos[0].thumbnailUrl).toBe(`/api/photos/${all.photos[0].id}/image?size=thumbnail`);
    // A sync with nothing changed sends no photo, only the ids; a deleted photo leaves the ids.
    const since = new Date(Date.now() + 60_000).toISOString();
    const quiet = await changes(since);
    expect(quiet.photos).toEqual([]);
    expect(quiet.photoIds).toEqual(all.photoIds);
    const gone = all.photoIds[0];
    const deleted = await send(t, 'DELETE', `/api/photos/${gone}`, { reason: 'Wrong valve' }, { as: 'technician' });
    expect(deleted.statusCode).toBe(204);
    expect((await changes(since)).photoIds).not.toContain(gone);
    expect((await changes()).photos.map((p) => p.id)).not.toContain(gone);
    // A limited technician's ids hold no photo of a plant they may not see.
    const limited = await changes(undefined, 'limited');
    expect(limited.photoIds.length).toBeLessThan(all.photoIds.length - 1);
    expect(limited.photos.every((p) => p.valveId === null || limited.valveIds.includes(p.valveId))).toBe(true);
  });

  it('lists every document of the valves in view, so a device drops a deleted one or one out of its plants', async () => {
    const all = await changes();
    expect(all.documentIds.length).toBeGreaterThan(0);
    const gone = all.documentIds[0];
    const deleted = await send(t, 'DELETE', `/api/documents/${gone}`, { reason: 'Superseded' }, { as: 'supervisor' });
    expect(deleted.statusCode).toBe(204);
    const since = new Date(Date.now() + 60_000).toISOString();
    expect((await changes(since)).documentIds).toEqual(all.documentIds.filter((id) => id !== gone));
    const limited = await changes(undefined, 'limited');
    expect(limited.documentIds.length).toBeLessThan(all.documentIds.length - 1);
  });

  it('refuses a since that is not a time, and a caller who is not signed in', async () => {
    const bad = await t.get('/api/offline/changes?since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/since must be the cursor/);
    expect((await t.get('/api/offline/changes', null)).statusCode).toBe(401);
  });
});

describe('GET /api/offline/estimate', () => {
  it('counts, per plant the user may see, what the first download would keep', async () => {
    const res = await t.get('/api/offline/estimate');
    expect(res.statusCode, res.body).toBe(200);
    const estimate = offlineEstimate.parse(res.json());
    const all = await changes();
    expect(estimate.plants.reduce((n, p) => n + p.valves, 0)).toBe(all.valveIds.length);
    expect(estimate.plants.reduce((n, p) => n + p.workOrders, 0)).toBe(all.workOrderIds.length);
    const gas = estimate.plants.find((p) => p.plant === 'Gas Plant B');
    expect(gas?.valves).toBe((await changes(undefined, 'supervisor', 'Gas Plant B')).valveIds.length);
    const limited = offlineEstimate.parse((await t.get('/api/offline/estimate', 'limited')).json());
    expect(limited.plants.map((p) => p.plant)).toEqual(['Power Plant A']);
    expect((await t.get('/api/offline/estimate', null)).statusCode).toBe(401);
  });
});
