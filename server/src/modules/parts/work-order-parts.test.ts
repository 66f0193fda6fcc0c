import { movement, workOrderPart } from '@common/schemas/parts';
import { TEXTS } from '@common/texts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { plants, valves, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
const ids = { storeA: 0, storeB: 0, part: 0, orderA: 0, orderB: 0, line: 0 };
const post = (url: string, body: unknown, as: Persona = 'technician') => send(t, 'POST', url, body, { as });
const lineOf = (res: { json(): unknown }) => workOrderPart.strict().parse(res.json());

async function orderIn(plant: string) {
  const [row] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(
      and(
        eq(valves.organizationId, 1),
        eq(valves.plant, plant),
        isNull(workOrders.cancelledAt),
        isNull(workOrders.closedAt),
      ),
    )
    .orderBy(asc(workOrders.id))
    .limit(1);
  return row.id;
}

async function storeAt(plant: string) {
  const [p] = await t.db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.organizationId, 1), eq(plants.name, plant)));
  const res = await post('/api/stores', { name: 'Line test crib', plantId: p.id }, 'supervisor');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const valveOf = async (workOrderId: number) =>
  (await t.db.select({ valveId: workOrders.valveId }).from(workOrders).where(eq(workOrders.id, workOrderId)))[0]
    .valveId;

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  ids.storeA = await storeAt('Power Plant A');
  ids.storeB = await storeAt('Gas Plant B');
  const made = await post(
    '/api/parts',
    { partNumber: 'T-PK-100', name: 'Packing set, 1 in stem', unit: 'set', unitCost: 85.4, minimumStock: 2 },
    'supervisor',
  );
  ids.part = made.json().id;
  await post(`/api/parts/${ids.part}/receipts`, { storeId: ids.storeA, quantity: 5 }, 'supervisor');
  await post(`/api/parts/${ids.part}/receipts`, { storeId: ids.storeB, quantity: 3 }, 'supervisor');
  ids.orderA = await orderIn('Power Plant A');
  ids.orderB = await orderIn('Gas Plant B');
});
afterAll(() => t.close());

/** On hand and reserved of every stock row against the sums of its movements: the ledger's invariant. */
async function ledgerHolds() {
  const wrong = await rowsOf(
    t.db,
    sql`select s.id from part_stock s
      left join lateral (select coalesce(sum(quantity) filter (where kind in ('receipt', 'adjustment', 'issue', 'return')), 0) as on_hand,
        coalesce(sum(quantity) filter (where kind in ('reservation', 'release')), 0) as reserved
        from part_movements m where m.part_id = s.part_id and m.store_id = s.store_id) m on true
      where s.on_hand <> m.on_hand or s.reserved <> m.reserved or s.on_hand < 0 or s.reserved > s.on_hand`,
  );
  expect(wrong).toEqual([]);
}

describe('a work order’s parts', () => {
  it('reserves from a store, adding to the line of the same part and store', async () => {
    const first = await post(`/api/work-orders/${ids.orderA}/parts`, {
      partId: ids.part,
      storeId: ids.storeA,
      quantity: 2,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(lineOf(first)).toMatchObject({ partNumber: 'T-PK-100', unit: 'set', reserved: 2, issued: 0, cost: 0 });
    ids.line = first.json().id;
    const again = await post(`/api/work-orders/${ids.orderA}/parts`, {
      partId: ids.part,
      storeId: ids.storeA,
      quantity: 1,
    });
    expect(lineOf(again)).toMatchObject({ id: ids.line, reserved: 3 });
    const stock = (await t.get(`/api/parts/${ids.part}`))
      .json()
      .stock.find((s: { storeId: number }) => s.storeId === ids.storeA);
    expect(stock).toMatchObject({ onHand: 5, reserved: 3, available: 2 });
    await ledgerHolds();
  });

  it('says 409 naming the part and what is available when the store is short', async () => {
    const res = await post(`/api/work-orders/${ids.orderA}/parts`, {
      partId: ids.part,
      storeId: ids.storeA,
      quantity: 10,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Not enough T-PK-100 Packing set, 1 in stem in Line test crib (Power Plant A): 2 set available, 10 set asked.',
    );
  });

  it('issues the reservation first, then what is available, costed at the part’s unit cost', async () => {
    const res = await post(`/api/work-orders/${ids.orderA}/parts/${ids.line}/issue`, { quantity: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(lineOf(res)).toMatchObject({ reserved: 0, issued: 4, cost: 341.6 });
    const short = await post(`/api/work-orders/${ids.orderA}/parts/${ids.line}/issue`, { quantity: 2 });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toMatch(/: 1 set available, 2 set asked\.$/);
    await ledgerHolds();
  });

  it('takes back no more than was issued; the cost falls by their share', async () => {
    const over = await post(`/api/work-orders/${ids.orderA}/parts/${ids.line}/return`, { quantity: 5 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'Only 4 set of T-PK-100 Packing set, 1 in stem from Line test crib (Power Plant A) were issued to this work order; 5 set cannot be returned.',
    );
    const back = await post(`/api/work-orders/${ids.orderA}/parts/${ids.line}/return`, { quantity: 1 });
    expect(back.statusCode, back.body).toBe(200);
    expect(lineOf(back)).toMatchObject({ issued: 3, cost: 256.2 });
    const list = await t.get(`/api/work-orders/${ids.orderA}/parts`, 'technician');
    const lines = list.json().map((l: unknown) => workOrderPart.strict().parse(l));
    expect(lines.find((l: { id: number }) => l.id === ids.line)).toMatchObject({ reserved: 0, issued: 3 });
    await ledgerHolds();
  });

  it('writes every step to the part’s ledger with the work order’s number and who did it', async () => {
    const moves = (await t.get(`/api/parts/${ids.part}/movements`))
      .json()
      .map((m: unknown) => movement.strict().parse(m));
    const kinds = moves
      .filter((m: { workOrderId: number | null }) => m.workOrderId === ids.orderA)
      .map((m: { kind: string; quantity: number }) => `${m.kind} ${m.quantity}`);
    expect(kinds).toEqual(['return 1', 'issue -4', 'release -3', 'reservation 1', 'reservation 2']);
    expect(moves[0].workOrder).toMatch(/^WO-\d{4}-\d{4}$/);
    const history = await t.get(`/api/history/parts/${ids.part}`);
    expect(history.statusCode, history.body).toBe(200);
  });

  it.each<[string, () => [string, unknown], number, string]>([
    [
      'an unknown work order',
      () => ['/api/work-orders/999999/parts', { partId: ids.part, storeId: ids.storeA, quantity: 1 }],
      404,
      TEXTS.workOrders.notFound,
    ],
    [
      'an unknown part',
      () => [`/api/work-orders/${ids.orderA}/parts`, { partId: 999999, storeId: ids.storeA, quantity: 1 }],
      404,
      'Part not found',
    ],
    [
      'an unknown store',
      () => [`/api/work-orders/${ids.orderA}/parts`, { partId: ids.part, storeId: 999999, quantity: 1 }],
      404,
      'Store not found',
    ],
    [
      'a zero quantity',
      () => [`/api/work-orders/${ids.orderA}/parts`, { partId: ids.part, storeId: ids.storeA, quantity: 0 }],
      400,
      'Invalid body: quantity must be more than 0',
    ],
    [
      'no part',
      () => [`/api/work-orders/${ids.orderA}/parts`, { storeId: ids.storeA, quantity: 1 }],
      400,
      "Invalid body: partId is required (the part's id)",
    ],
    [
      'an unknown line',
      () => [`/api/work-orders/${ids.orderA}/parts/999999/issue`, { quantity: 1 }],
      404,
      'Part line not found',
    ],
    [
      'another order’s line',
      () => [`/api/work-orders/${ids.orderB}/parts/${ids.line}/issue`, { quantity: 1 }],
      404,
      'Part line not found',
    ],
    [
      'a line id that is no number',
      () => [`/api/work-orders/${ids.orderA}/parts/abc/return`, { quantity: 1 }],
      400,
      'Invalid params: lineId must be a number',
    ],
  ])('refuses %s', async (_what, request, status, message) => {
    const [url, body] = request();
    const res = await post(url, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it('keeps a plant-limited technician to their plants’ work orders and stores (404 elsewhere)', async () => {
    const body = { partId: ids.part, storeId: ids.storeB, quantity: 1 };
    expect((await post(`/api/work-orders/${ids.orderA}/parts`, body, 'limited')).json().message).toBe(
      'Store not found',
    );
    const inB = await post(`/api/work-orders/${ids.orderB}/parts`, { ...body, storeId: ids.storeA }, 'limited');
    expect(inB.json().message).toBe(TEXTS.workOrders.notFound);
    expect(
      (await post(`/api/work-orders/${ids.orderA}/parts`, { ...body, storeId: ids.storeA }, 'limited')).statusCode,
    ).toBe(201);
    expect((await t.get(`/api/work-orders/${ids.orderA}/parts`, 'otherOrganization')).statusCode).toBe(404);
    await ledgerHolds();
  });

  it('refuses an issue whose cost the ledger could not hold (409, never a 500)', async () => {
    const made = await post(
      '/api/parts',
      { partNumber: 'T-ROTOR', name: 'Turbine bypass rotor', unit: 'each', unitCost: 10_000_000 },
      'supervisor',
    );
    const id = made.json().id;
    await post(`/api/parts/${id}/receipts`, { storeId: ids.storeA, quantity: 2000 }, 'supervisor');
    const line = await post(`/api/work-orders/${ids.orderA}/parts`, { partId: id, storeId: ids.storeA, quantity: 1 });
    const res = await post(`/api/work-orders/${ids.orderA}/parts/${line.json().id}/issue`, { quantity: 2000 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/^This line's cost would pass 9999999999\.99 USD/);
    await ledgerHolds();
  });

  it('refuses to reserve or issue on a cancelled or closed work order, and still takes returns (409)', async () => {
    const line = await post(`/api/work-orders/${ids.orderA}/parts`, {
      partId: ids.part,
      storeId: ids.storeA,
      quantity: 1,
    });
    await post(`/api/work-orders/${ids.orderA}/parts/${line.json().id}/issue`, { quantity: 1 });
    const [order] = await t.db
      .update(workOrders)
      .set({ closedAt: new Date() })
      .where(eq(workOrders.id, ids.orderA))
      .returning({ number: workOrders.workOrderId });
    const reserve = await post(`/api/work-orders/${ids.orderA}/parts`, {
      partId: ids.part,
      storeId: ids.storeA,
      quantity: 1,
    });
    expect(reserve.statusCode).toBe(409);
    expect(reserve.json().message).toBe(`${order.number} is closed: no parts can be reserved or issued on it.`);
    const issue = await post(`/api/work-orders/${ids.orderA}/parts/${line.json().id}/issue`, { quantity: 1 });
    expect(issue.statusCode).toBe(409);
    expect(
      (await post(`/api/work-orders/${ids.orderA}/parts/${line.json().id}/return`, { quantity: 1 })).statusCode,
    ).toBe(200);
    await t.db.update(workOrders).set({ closedAt: null, cancelledAt: new Date() }).where(eq(workOrders.id, ids.orderA));
    const cancelled = await post(`/api/work-orders/${ids.orderA}/parts`, {
      partId: ids.part,
      storeId: ids.storeA,
      quantity: 1,
    });
    expect(cancelled.json().message).toBe(`${order.number} is cancelled: no parts can be reserved or issued on it.`);
    await t.db.update(workOrders).set({ cancelledAt: null }).where(eq(workOrders.id, ids.orderA));
    await ledgerHolds();
  });

  it('gives back what a work order still holds when it is completed or cancelled, each as a release', async () => {
    const stockB = async () =>
      (await t.get(`/api/parts/${ids.part}`)).json().stock.find((s: { storeId: number }) => s.storeId === ids.storeB);
    const before = await stockB();
    const held = async () => {
      const order = (
        await send(t, 'POST', '/api/work-orders', { valveId: await valveOf(ids.orderB), title: 'Repack the gland' })
      ).json();
      const line = await post(`/api/work-orders/${order.id}/parts`, {
        partId: ids.part,
        storeId: ids.storeB,
        quantity: 1,
      });
      expect(line.statusCode, line.body).toBe(201);
      return { order, line: line.json() };
    };
    const cancelled = await held();
    expect((await stockB()).reserved).toBe(before.reserved + 1);
    const cancel = await send(t, 'POST', `/api/work-orders/${cancelled.order.id}/cancel`, {
      version: cancelled.order.version,
      reason: 'Raised twice',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockB()).toMatchObject({ reserved: before.reserved, available: before.available });
    const [released] = (await t.get(`/api/parts/${ids.part}/movements`)).json();
    expect(released).toMatchObject({
      kind: 'release',
      quantity: -1,
      workOrderId: cancelled.order.id,
      reason: `${cancelled.order.workOrderId} cancelled`,
    });

    const completed = await held();
    await send(t, 'POST', `/api/work-orders/${completed.order.id}/status`, { status: 'in_progress', version: 1 });
    const done = await send(t, 'POST', `/api/work-orders/${completed.order.id}/status`, {
      status: 'completed',
      version: 2,
      findings: 'Gland dry',
      actionsPerformed: 'Repacked; the spare ring was not needed',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await stockB()).toMatchObject({ reserved: before.reserved });
    const lines = (await t.get(`/api/work-orders/${completed.order.id}/parts`)).json();
    expect(lines).toEqual([expect.objectContaining({ reserved: 0, issued: 0 })]);
    await ledgerHolds();
  });

  it('replays an issue sent twice with one Idempotency-Key (an offline queue’s retry) without taking twice', async () => {
    const line = await post(`/api/work-orders/${ids.orderB}/parts`, {
      partId: ids.part,
      storeId: ids.storeB,
      quantity: 1,
    });
    const url = `/api/work-orders/${ids.orderB}/parts/${line.json().id}/issue`;
    const first = await send(t, 'POST', url, { quantity: 1 }, { as: 'technician', idempotencyKey: 'issue-once-1' });
    const again = await send(t, 'POST', url, { quantity: 1 }, { as: 'technician', idempotencyKey: 'issue-once-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ reserved: 0, issued: 1 });
    const issues = (await t.get(`/api/parts/${ids.part}/movements`)).json() as { kind: string; workOrderId: number }[];
    expect(issues.filter((m) => m.kind === 'issue' && m.workOrderId === ids.orderB)).toHaveLength(1);
    await ledgerHolds();
  });
});
