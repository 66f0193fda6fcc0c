import { notificationList } from '@common/schemas/notifications';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, plants, users, valves, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, PERSONAS, type Persona, type TestContext } from '../../testing/test-app';

let t: TestContext;
const ids = { plantA: 0, namedStore: 0, openStore: 0, orderA: 0, engineer: 0 };
const people = { plantAManager: 0, plantBManager: 0 };

const post = (url: string, body: unknown, as: Persona = 'supervisor') => send(t, 'POST', url, body, { as });
const idOf = async (email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
};

/** Everyone told that the part fell under its minimum, oldest first. */
const noticesOf = (partId: number) =>
  t.db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(like(notifications.key, `reorder:${partId}:%`))
    .orderBy(asc(notifications.id));

async function partWith(
  partNumber: string,
  minimumStock: number,
  stock: { storeId: number; quantity: number },
  unitCost = 85,
) {
  const made = await post('/api/parts', { partNumber, name: 'Packing set', unit: 'set', unitCost, minimumStock });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as number;
  expect((await post(`/api/parts/${id}/receipts`, stock)).statusCode).toBe(201);
  return id;
}
const countDown = (partId: number, storeId: number, quantity: number) =>
  post(`/api/parts/${partId}/adjustments`, { storeId, quantity: -quantity, reason: 'Count' });

async function manager(name: string, plant: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@northfield.example`;
  const res = await post('/api/users', { name, email, role: 'supervisor', plants: [plant] }, 'admin');
  expect(res.statusCode, res.body).toBe(201);
  return res.json().user.id as number;
}

beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [plant] = await t.db
    .select({ id: plants.id })
    .from(plants)
    .where(and(eq(plants.organizationId, 1), eq(plants.name, 'Power Plant A')));
  ids.plantA = plant.id;
  ids.engineer = await idOf(PERSONAS.engineer);
  const named = await post('/api/stores', {
    name: 'Line test crib',
    plantId: ids.plantA,
    reorderContactUserId: ids.engineer,
  });
  expect(named.statusCode, named.body).toBe(201);
  ids.namedStore = named.json().id;
  ids.openStore = (await post('/api/stores', { name: 'Open crib', plantId: ids.plantA })).json().id;
  people.plantAManager = await manager('Ari Plantman', 'Power Plant A');
  people.plantBManager = await manager('Bea Gasworks', 'Gas Plant B');
  const [order] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(
      and(
        eq(valves.organizationId, 1),
        eq(valves.plant, 'Power Plant A'),
        isNull(workOrders.cancelledAt),
        isNull(workOrders.closedAt),
      ),
    )
    .orderBy(asc(workOrders.id))
    .limit(1);
  ids.orderA = order.id;
});
afterAll(() => t.close());

describe('the reorder notification', () => {
  it('tells the store’s orderer once when the part falls under its minimum, and again after a restock', async () => {
    const part = await partWith('T-RO-100', 5, { storeId: ids.namedStore, quantity: 6 });
    expect((await countDown(part, ids.namedStore, 1)).statusCode).toBe(201);
    expect(await noticesOf(part)).toEqual([]);
    expect((await countDown(part, ids.namedStore, 2)).statusCode).toBe(201);
    expect(await noticesOf(part)).toEqual([
      {
        userId: ids.engineer,
        kind: 'reorder',
        title: 'Reorder T-RO-100 Packing set',
        body: '3 set available across all stores, minimum 5 set (last counted down in Line test crib, Power Plant A).',
        link: `/parts/${part}`,
      },
    ]);
    const bell = notificationList.parse((await t.get('/api/notifications', 'engineer')).json());
    expect(bell.items.find((item) => item.kind === 'reorder')).toMatchObject({
      title: 'Reorder T-RO-100 Packing set',
      link: `/parts/${part}`,
      read: false,
    });

    // Further down is no news; a delivery back over the minimum, then a reservation under it, is.
    expect((await countDown(part, ids.namedStore, 1)).statusCode).toBe(201);
    expect(await noticesOf(part)).toHaveLength(1);
    expect((await post(`/api/parts/${part}/receipts`, { storeId: ids.namedStore, quantity: 4 })).statusCode).toBe(201);
    const reserved = await post(
      `/api/work-orders/${ids.orderA}/parts`,
      { partId: part, storeId: ids.namedStore, quantity: 3 },
      'technician',
    );
    expect(reserved.statusCode, reserved.body).toBe(201);
    const told = await noticesOf(part);
    expect(told).toHaveLength(2);
    expect(told[1]).toMatchObject({
      userId: ids.engineer,
      body: '3 set available across all stores, minimum 5 set (last reserved in Line test crib, Power Plant A).',
    });
    // Taking what was reserved leaves available as it was: nobody is told again.
    const issued = await post(
      `/api/work-orders/${ids.orderA}/parts/${reserved.json().id}/issue`,
      { quantity: 3 },
      'technician',
    );
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await noticesOf(part)).toHaveLength(2);
  });

  it('counts every store of the organization: stock elsewhere keeps the part above its minimum', async () => {
    const part = await partWith('T-RO-200', 4, { storeId: ids.namedStore, quantity: 3 });
    expect((await post(`/api/parts/${part}/receipts`, { storeId: ids.openStore, quantity: 2 })).statusCode).toBe(201);
    expect((await countDown(part, ids.namedStore, 1)).statusCode).toBe(201);
    expect(await noticesOf(part)).toEqual([]);
  });

  it('sees the crossing once when two stores are counted down at the same moment', async () => {
    // 12 in two stores, minimum 7, ten counted down at once by turns: 7 to 6 is the one crossing among them.
    const part = await partWith('T-RO-250', 7, { storeId: ids.namedStore, quantity: 6 });
    expect((await post(`/api/parts/${part}/receipts`, { storeId: ids.openStore, quantity: 6 })).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => countDown(part, i % 2 ? ids.openStore : ids.namedStore, 1)),
    );
    expect(answers.every((res) => res.statusCode === 201)).toBe(true);
    const keys = await t.db
      .selectDistinct({ key: notifications.key })
      .from(notifications)
      .where(like(notifications.key, `reorder:${part}:%`));
    expect(keys).toHaveLength(1);
  });

  it('tells the plant’s parts managers when the store names nobody; not technicians nor other plants’ managers', async () => {
    const part = await partWith('T-RO-300', 2, { storeId: ids.openStore, quantity: 2 });
    expect((await countDown(part, ids.openStore, 1)).statusCode).toBe(201);
    const told = (await noticesOf(part)).map((n) => n.userId);
    for (const persona of ['supervisor', 'engineer', 'admin'] as const) {
      expect(told).toContain(await idOf(PERSONAS[persona]));
    }
    expect(told).toContain(people.plantAManager);
    for (const persona of ['technician', 'limited', 'otherOrganization'] as const) {
      expect(told).not.toContain(await idOf(PERSONAS[persona]));
    }
    expect(told).not.toContain(people.plantBManager);
    expect(new Set(told).size).toBe(told.length);
  });

  it('tells the plant’s parts managers when the person named has since been deactivated', async () => {
    const made = await post(
      '/api/users',
      { name: 'Lee Leaver', email: 'lee.leaver@northfield.example', role: 'supervisor', plants: [] },
      'admin',
    );
    const leaver = made.json().user as { id: number; version: number };
    const store = await post('/api/stores', {
      name: 'Leaver crib',
      plantId: ids.plantA,
      reorderContactUserId: leaver.id,
    });
    expect(store.statusCode, store.body).toBe(201);
    const off = await send(
      t,
      'PATCH',
      `/api/users/${leaver.id}`,
      { version: leaver.version, active: false },
      {
        as: 'admin',
      },
    );
    expect(off.statusCode, off.body).toBe(200);
    const part = await partWith('T-RO-350', 2, { storeId: store.json().id, quantity: 2 });
    expect((await countDown(part, store.json().id, 1)).statusCode).toBe(201);
    const told = (await noticesOf(part)).map((n) => n.userId);
    expect(told).not.toContain(leaver.id);
    expect(told).toContain(people.plantAManager);
  });

  it('tells nobody of a movement refused: a shortage, or an issue whose cost the line cannot hold', async () => {
    const part = await partWith('T-RO-400', 1000, { storeId: ids.namedStore, quantity: 1000 }, 10_000_000);
    const reserve = (quantity: number) =>
      post(`/api/work-orders/${ids.orderA}/parts`, { partId: part, storeId: ids.namedStore, quantity }, 'technician');
    expect((await reserve(1001)).statusCode).toBe(409);
    expect(await noticesOf(part)).toEqual([]);
    // A reservation of one crosses (1000 to 999) and tells; a delivery of one puts the part back at its minimum.
    const line = await reserve(1);
    expect(line.statusCode, line.body).toBe(201);
    expect(await noticesOf(part)).toHaveLength(1);
    expect((await post(`/api/parts/${part}/receipts`, { storeId: ids.namedStore, quantity: 1 })).statusCode).toBe(201);
    // Issuing all 1000 would cross again, but its cost passes what a line holds: refused after the stock was written.
    const tooDear = await post(
      `/api/work-orders/${ids.orderA}/parts/${line.json().id}/issue`,
      { quantity: 1000 },
      'technician',
    );
    expect(tooDear.statusCode, tooDear.body).toBe(409);
    expect(await noticesOf(part)).toHaveLength(1);
  });
});
