import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceRecords, users, valves, workOrders } from '../db/schema';
import { send } from '../testing/send';
import { createTestApp, type TestContext } from '../testing/test-app';

/**
 * The valve detail is served from what this process has read (kept-reads.ts) for as long as the database's
 * notices say nothing changed: these tests change things behind the server's back, as another replica or a
 * script would, and expect the next read to show them.
 */
let t: TestContext;
let valveId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
});
afterAll(() => t.close());

const detail = async () => {
  const res = await t.get(`/api/valves/${valveId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    location: string;
    workOrders: { id: number; title: string; overdue: boolean; assignedToUser: { name: string } | null }[];
  };
};

describe('GET /api/valves/:id after a change made elsewhere', () => {
  it('is served from memory between changes (a change with notices switched off goes unseen)', async () => {
    const before = (await detail()).location;
    // Triggers off for this transaction only: the row changes, no notice is sent.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(valves).set({ location: 'Unannounced' }).where(eq(valves.id, valveId));
    });
    expect((await detail()).location).toBe(before);
    await t.db.update(valves).set({ location: before }).where(eq(valves.id, valveId));
  });

  it('lists a change to a valve, and a valve added, on the next read of the whole list', async () => {
    const list = async () => (await t.get('/api/valves')).json() as { id: number; location: string; valveId: string }[];
    await list();
    await t.db.update(valves).set({ location: 'Listed elsewhere' }).where(eq(valves.id, valveId));
    await expect
      .poll(async () => (await list()).find((v) => v.id === valveId)?.location, { timeout: 5_000 })
      .toBe('Listed elsewhere');
    const added = await send(
      t,
      'POST',
      '/api/valves',
      {
        valveId: 'V-900-GV',
        type: 'Gate Valve',
        size: '2"',
        pressure: '150 PSI',
        plant: 'Power Plant A',
        location: 'Bay 9',
        system: 'Cooling',
        manufacturer: 'Acme',
        model: 'G-1',
      },
      { as: 'engineer' },
    );
    expect(added.statusCode, added.body).toBe(201);
    await expect.poll(async () => (await list()).map((v) => v.valveId), { timeout: 5_000 }).toContain('V-900-GV');
  });

  it('shows a change to the valve row', async () => {
    await detail();
    await t.db.update(valves).set({ location: 'Pump house 2' }).where(eq(valves.id, valveId));
    await expect.poll(async () => (await detail()).location, { timeout: 5_000 }).toBe('Pump house 2');
  });

  it('shows a work order raised, and one retitled, through the API or straight in the database', async () => {
    await detail();
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Fresh order' });
    expect(raised.statusCode).toBe(201);
    await expect
      .poll(async () => (await detail()).workOrders.map((w) => w.title), { timeout: 5_000 })
      .toContain('Fresh order');
    await t.db.update(workOrders).set({ title: 'Renamed order' }).where(eq(workOrders.id, raised.json().id));
    await expect
      .poll(async () => (await detail()).workOrders.map((w) => w.title), { timeout: 5_000 })
      .toContain('Renamed order');
  });

  it('shows a new name of the person a work order is assigned to', async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.email, 'technician@northfield.example'));
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Assigned', assignedToUserId: tech.id });
    expect(raised.statusCode).toBe(201);
    await detail();
    await t.db.update(users).set({ name: 'Renamed Technician' }).where(eq(users.id, tech.id));
    const assignees = async () => (await detail()).workOrders.map((w) => w.assignedToUser?.name);
    await expect.poll(assignees, { timeout: 5_000 }).toContain('Renamed Technician');
    await t.db.update(users).set({ name: tech.name }).where(eq(users.id, tech.id));
  });

  it('turns a work order overdue when its due time passes, without any change to the data', async () => {
    const due = new Date(Date.now() + 1_500);
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Due soon' });
    await t.db.update(workOrders).set({ dueDate: due }).where(eq(workOrders.id, raised.json().id));
    const overdue = async () => (await detail()).workOrders.find((w) => w.id === raised.json().id)?.overdue;
    await expect.poll(overdue, { timeout: 5_000 }).toBe(false);
    await expect.poll(overdue, { timeout: 5_000, interval: 250 }).toBe(true);
  });
});

describe('GET /api/work-orders (the whole list) after a change made elsewhere', () => {
  type Listed = { id: number; title: string; overdue: boolean; assignedToUser: { name: string } | null };
  const list = async () => {
    const res = await t.get('/api/work-orders');
    expect(res.statusCode).toBe(200);
    return res.json() as Listed[];
  };
  const titles = async () => (await list()).map((w) => w.title);

  it("is served from memory between changes, and another organization's changes leave it kept", async () => {
    const [first] = await list();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(workOrders).set({ title: 'Unannounced' }).where(eq(workOrders.id, first.id));
    });
    expect(await titles()).not.toContain('Unannounced');
    const [theirs] = await t.db.select().from(workOrders).where(eq(workOrders.organizationId, 2)).limit(1);
    await t.db
      .update(workOrders)
      .set({ title: `${theirs.title} (edited)` })
      .where(eq(workOrders.id, theirs.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await titles()).not.toContain('Unannounced');
    // A change in this organization: the list is read again, and shows the unannounced title too.
    await t.db.update(workOrders).set({ priority: 'high' }).where(eq(workOrders.id, first.id));
    await expect.poll(titles, { timeout: 5_000 }).toContain('Unannounced');
    await t.db.update(workOrders).set({ title: first.title }).where(eq(workOrders.id, first.id));
  });

  it('shows a work order raised through the API and one retitled in the database', async () => {
    await list();
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Listed order' });
    expect(raised.statusCode).toBe(201);
    await expect.poll(titles, { timeout: 5_000 }).toContain('Listed order');
    await t.db.update(workOrders).set({ title: 'Listed, renamed' }).where(eq(workOrders.id, raised.json().id));
    await expect.poll(titles, { timeout: 5_000 }).toContain('Listed, renamed');
  });

  it('shows a new name of the person a work order is assigned to', async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.email, 'technician@northfield.example'));
    const raised = await send(t, 'POST', '/api/work-orders', {
      valveId,
      title: 'Listed, assigned',
      assignedToUserId: tech.id,
    });
    expect(raised.statusCode).toBe(201);
    await list();
    await t.db.update(users).set({ name: 'Listed Technician' }).where(eq(users.id, tech.id));
    const assignees = async () => (await list()).map((w) => w.assignedToUser?.name);
    await expect.poll(assignees, { timeout: 5_000 }).toContain('Listed Technician');
    await t.db.update(users).set({ name: tech.name }).where(eq(users.id, tech.id));
  });

  it('turns a work order overdue when its due time passes, without any change to the data', async () => {
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Listed, due soon' });
    await t.db
      .update(workOrders)
      .set({ dueDate: new Date(Date.now() + 1_500) })
      .where(eq(workOrders.id, raised.json().id));
    const overdue = async () => (await list()).find((w) => w.id === raised.json().id)?.overdue;
    await expect.poll(overdue, { timeout: 5_000 }).toBe(false);
    await expect.poll(overdue, { timeout: 5_000, interval: 250 }).toBe(true);
  });
});

describe('GET /api/work-orders/:id after a change made elsewhere', () => {
  type Detail = {
    title: string;
    overdue: boolean;
    valve: { location: string };
    assignedToUser: { name: string } | null;
    maintenanceRecords: { description: string }[];
  };
  let orderId: number;
  const order = async () => {
    const res = await t.get(`/api/work-orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Detail;
  };
  /** Reads once the notices of earlier writes have arrived (on PostgreSQL they come a moment later), so it is kept. */
  const keptOrder = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return order();
  };
  beforeAll(async () => {
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Kept order' });
    expect(raised.statusCode).toBe(201);
    orderId = raised.json().id;
  });

  it('is served from memory between changes (a change with notices switched off goes unseen)', async () => {
    await keptOrder();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(workOrders).set({ title: 'Unannounced order' }).where(eq(workOrders.id, orderId));
    });
    expect((await order()).title).toBe('Kept order');
    await t.db.update(workOrders).set({ title: 'Kept order' }).where(eq(workOrders.id, orderId));
    await expect.poll(async () => (await order()).title, { timeout: 5_000 }).toBe('Kept order');
  });

  it('shows a note added through the API and a record written straight in the database', async () => {
    await order();
    const noted = await send(t, 'POST', `/api/work-orders/${orderId}/notes`, { text: 'Packing gland re-torqued' });
    expect(noted.statusCode, noted.body).toBe(201);
    const notes = async () => (await order()).maintenanceRecords.map((r) => r.description);
    await expect.poll(notes, { timeout: 5_000 }).toContain('Packing gland re-torqued');
    await t.db
      .update(maintenanceRecords)
      .set({ description: 'Packing gland re-torqued to 40 ft·lb' })
      .where(eq(maintenanceRecords.workOrderId, orderId));
    await expect.poll(notes, { timeout: 5_000 }).toContain('Packing gland re-torqued to 40 ft·lb');
  });

  it("shows its valve moved and its assignee renamed, and another valve's change leaves it kept", async () => {
    const [tech] = await t.db.select().from(users).where(eq(users.email, 'technician@northfield.example'));
    await t.db.update(workOrders).set({ assignedToUserId: tech.id }).where(eq(workOrders.id, orderId));
    await expect.poll(async () => (await order()).assignedToUser?.name, { timeout: 5_000 }).toBe(tech.name);
    await t.db.update(users).set({ name: 'Order Technician' }).where(eq(users.id, tech.id));
    await expect.poll(async () => (await order()).assignedToUser?.name, { timeout: 5_000 }).toBe('Order Technician');
    await t.db.update(users).set({ name: tech.name }).where(eq(users.id, tech.id));
    await t.db.update(valves).set({ location: 'Bay 12' }).where(eq(valves.id, valveId));
    await expect.poll(async () => (await order()).valve.location, { timeout: 5_000 }).toBe('Bay 12');
    await keptOrder();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(workOrders).set({ title: 'Unannounced again' }).where(eq(workOrders.id, orderId));
    });
    const [other] = await t.db.select().from(valves).where(eq(valves.valveId, 'V-003-CV'));
    await t.db.update(valves).set({ location: 'Elsewhere' }).where(eq(valves.id, other.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await order()).title).toBe('Kept order');
  });

  it('turns overdue when its due time passes, without any change to the data', async () => {
    await t.db
      .update(workOrders)
      .set({ dueDate: new Date(Date.now() + 1_500) })
      .where(eq(workOrders.id, orderId));
    const overdue = async () => (await order()).overdue;
    await expect.poll(overdue, { timeout: 5_000 }).toBe(false);
    await expect.poll(overdue, { timeout: 5_000, interval: 250 }).toBe(true);
  });
});

describe('the first screen’s short lists (`?limit=N`) after a change made elsewhere', () => {
  it('is served from memory between changes, and shows a change to a valve or a new work order on the next read', async () => {
    type Page = { items: { id: number; location: string }[] };
    const valvesHead = async () => (await t.get('/api/valves?limit=3')).json() as Page;
    const ordersHead = async () => (await t.get('/api/work-orders?limit=2')).json() as { title: string }[];
    const [first] = (await valvesHead()).items;
    await ordersHead();
    // Notices off: the kept heads answer as they were.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(valves).set({ location: 'Unannounced head' }).where(eq(valves.id, first.id));
    });
    expect((await valvesHead()).items[0].location).toBe(first.location);
    await t.db.update(valves).set({ location: 'Head moved' }).where(eq(valves.id, first.id));
    await expect.poll(async () => (await valvesHead()).items[0].location, { timeout: 5_000 }).toBe('Head moved');
    const raised = await send(t, 'POST', '/api/work-orders', { valveId: first.id, title: 'Newest head order' });
    expect(raised.statusCode).toBe(201);
    await expect.poll(async () => (await ordersHead())[0].title, { timeout: 5_000 }).toBe('Newest head order');
  });

  it('answers a plant-limited user from their plants only, never from the organization’s kept head', async () => {
    const limited = await t.app.inject({
      url: '/api/work-orders?limit=50',
      headers: { cookie: await t.cookie('limited') },
    });
    const all = await t.get('/api/work-orders?limit=50');
    const plants = new Set((limited.json() as { valve: { plant: string } }[]).map((o) => o.valve.plant));
    expect([...plants]).toEqual(['Power Plant A']);
    expect((all.json() as unknown[]).length).toBeGreaterThanOrEqual((limited.json() as unknown[]).length);
  });
});
