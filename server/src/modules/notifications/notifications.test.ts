import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeSources } from '../../app';
import { notifications, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, TEST_NOW, type TestContext } from '../../testing/test-app';
import { sweepNotifications } from './sweep';

/** The bell on the demo plant: three unread for everyone at the start. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('notifications', () => {
  it('start with three unread, the emergency among them; only the user’s own', async () => {
    const bell = (await t.get('/api/notifications', 'technician')).json();
    expect(bell.unread).toBe(3);
    expect(
      bell.items
        .filter((n: { read: boolean }) => !n.read)
        .map((n: { kind: string }) => n.kind)
        .sort(),
    ).toEqual(['anomaly', 'due', 'emergency']);
    expect((await t.get('/api/notifications', 'otherOrganization')).json().unread).toBe(0);
    expect((await t.get('/api/notifications', null)).statusCode).toBe(401);
  });

  it('name the work order they are about, and open it (issue 29)', async () => {
    const bell = (await t.get('/api/notifications', 'technician')).json();
    const due = bell.items.find((n: { kind: string }) => n.kind === 'due');
    expect(due.workOrder).toMatchObject({ number: expect.stringMatching(/^WO-\d{4}-\d{4}$/) });
    expect(due.title).toContain(due.workOrder.number);
    expect(due.link).toBe(`/work-orders/${due.workOrder.id}`);
    const order = (await t.get(`/api/work-orders/${due.workOrder.id}`, 'technician')).json();
    expect(due.workOrder).toEqual({ id: order.id, number: order.workOrderId, title: order.title });
    const emergency = bell.items.find((n: { kind: string }) => n.kind === 'emergency');
    expect(emergency.workOrder).toBeNull();
  });

  it('are marked read one at a time or all at once; another person’s is 404', async () => {
    const bell = (await t.get('/api/notifications', 'technician')).json();
    const first = bell.items.find((n: { read: boolean }) => !n.read);
    const foreign = await send(t, 'POST', `/api/notifications/${first.id}/read`, {}, { as: 'supervisor' });
    expect(foreign.statusCode).toBe(404);
    const one = await send(t, 'POST', `/api/notifications/${first.id}/read`, {}, { as: 'technician' });
    expect(one.json()).toEqual({ unread: 2 });
    expect((await send(t, 'POST', '/api/notifications/read-all', {}, { as: 'technician' })).json()).toEqual({
      unread: 0,
    });
    expect((await send(t, 'POST', '/api/notifications/0/read', {}, { as: 'technician' })).statusCode).toBe(400);
    // The supervisor's are untouched.
    expect((await t.get('/api/notifications', 'supervisor')).json().unread).toBe(3);
  });

  it('put an unread emergency first, whatever was written after it', async () => {
    const supervisor = (await t.get('/api/auth/session', 'supervisor')).json().user.id;
    await t.db.insert(notifications).values({
      organizationId: 1,
      userId: supervisor,
      kind: 'assignment',
      key: 'test:newer-than-the-emergency',
      title: 'WO-2026-9999 assigned to you',
      body: 'Newer than the emergency',
      link: null,
      createdAt: new Date(Date.now() + 60_000),
    });
    await t.listen?.heard();
    const items = (await t.get('/api/notifications', 'supervisor')).json().items;
    expect(items.map((n: { kind: string }) => n.kind).slice(0, 2)).toEqual(['emergency', 'assignment']);
  });

  it('tell the assignee once of work assigned, due within a day and overdue', async () => {
    const [order] = await t.db.select().from(workOrders).where(eq(workOrders.status, 'pending')).limit(1);
    const technician = (await t.get('/api/auth/session', 'technician')).json().user.id;
    const due = new Date(TEST_NOW.getTime() + 3_600_000);
    await t.db
      .update(workOrders)
      .set({ assignedToUserId: technician, dueDate: due, updatedAt: TEST_NOW })
      .where(eq(workOrders.id, order.id));
    await sweepNotifications(t.db, noticeSources, TEST_NOW);
    await sweepNotifications(t.db, noticeSources, TEST_NOW);
    const mine = await t.db.select().from(notifications).where(eq(notifications.userId, technician));
    const about = mine.filter((n) => n.link === `/work-orders/${order.id}`);
    expect(about.map((n) => n.kind).sort()).toEqual(['assignment', 'due']);
    for (const told of about) {
      expect(told).toMatchObject({
        workOrderId: order.id,
        workOrderNumber: order.workOrderId,
        workOrderTitle: order.title,
      });
    }
    await sweepNotifications(t.db, noticeSources, new Date(due.getTime() + 1000));
    const later = await t.db.select().from(notifications).where(eq(notifications.userId, technician));
    expect(
      later
        .filter((n) => n.link === `/work-orders/${order.id}`)
        .map((n) => n.kind)
        .sort(),
    ).toEqual(['assignment', 'due', 'overdue']);
  });
});

describe('the bell, kept in memory (issue 31)', () => {
  const bell = async (persona: 'engineer' | 'admin') => {
    const res = await t.get('/api/notifications', persona);
    expect(res.statusCode).toBe(200);
    return res.json() as { unread: number; items: { title: string }[] };
  };
  const tell = async (userId: number, key: string, notify: boolean) => {
    await t.db.transaction(async (tx) => {
      // Without its trigger, as if the notice were lost: what the server then answers shows whether it kept the bell.
      if (!notify) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(notifications).values({
        organizationId: 1,
        userId,
        kind: 'due',
        key,
        title: key,
        body: 'Due within a day',
        link: null,
      });
    });
    await t.listen?.heard();
  };

  it('is answered from memory until a notification of that person is written, by any server or job', async () => {
    const engineer = (await t.get('/api/auth/session', 'engineer')).json().user.id;
    const first = await bell('engineer');
    await tell(engineer, 'test:unheard', false);
    expect(await bell('engineer')).toEqual(first);
    await tell(engineer, 'test:heard', true);
    const after = await bell('engineer');
    expect(after.unread).toBe(first.unread + 2);
    expect(after.items.map((n) => n.title)).toEqual(expect.arrayContaining(['test:unheard', 'test:heard']));
  });

  it('is dropped for its person only, and at once when they mark it read', async () => {
    const admin = (await t.get('/api/auth/session', 'admin')).json().user.id;
    const engineerBefore = await bell('engineer');
    const adminBefore = await bell('admin');
    await tell(admin, 'test:for-the-admin', true);
    expect((await bell('admin')).unread).toBe(adminBefore.unread + 1);
    expect(await bell('engineer')).toEqual(engineerBefore);
    const read = await send(t, 'POST', '/api/notifications/read-all', {}, { as: 'admin' });
    expect(read.json()).toEqual({ unread: 0 });
    expect((await bell('admin')).unread).toBe(0);
  });
});
