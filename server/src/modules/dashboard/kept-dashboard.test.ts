import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, emergencies, reliefTags, users, valves, workOrders } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';

/**
 * The dashboard's reads every phone opening /app makes (its figures, its feed, the emergency banner) are served from
 * what this process has read (lib/kept-reads.ts) while the database's notices say nothing they show changed: these
 * tests change things behind the server's back, as another server or a script would, and expect the next read to
 * show them.
 */
let t: TestContext;
let valveId: number;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
  const [v] = await t.db.select({ id: valves.id }).from(valves).where(eq(valves.valveId, 'V-002-GV'));
  valveId = v.id;
});
afterAll(() => t.close());

type Stats = { activeWorkOrders: number; overdueItems: number; inspectionsToday: number; completionRate: number };
const stats = async (as: 'supervisor' | 'limited' = 'supervisor') => {
  const res = await t.get('/api/dashboard/stats', as);
  expect(res.statusCode).toBe(200);
  return res.json() as Stats;
};
const feed = async () => (await t.get('/api/dashboard/activities')).json() as { id: number; description: string }[];
const banner = async () =>
  (await t.get('/api/emergencies')).json() as { id: number; reason: string; raisedBy: { name: string } | null }[];

const onValve = () => ({ entityType: 'valve', entityId: valveId });

/** Runs `change` with the triggers off for its transaction: the rows change, no notice is sent. */
const unannounced = (
  change: (tx: Parameters<Parameters<TestContext['db']['transaction']>[0]>[0]) => Promise<unknown>,
) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });

describe('GET /api/dashboard/stats after a change made elsewhere', () => {
  it('is served from memory between changes, and counts a work order raised elsewhere on the next read', async () => {
    const before = await stats();
    const [order] = await t.db.select().from(workOrders).where(eq(workOrders.valveId, valveId)).limit(1);
    // Notices off: a new open order goes uncounted, as the kept figures were read before it.
    await unannounced((tx) =>
      tx.insert(workOrders).values({
        organizationId: 1,
        workOrderId: 'WO-KEPT-0001',
        valveId,
        title: 'Unannounced order',
        status: 'pending',
        createdByUserId: order.createdByUserId,
      }),
    );
    expect(await stats()).toEqual(before);
    await t.db.update(workOrders).set({ title: 'Announced' }).where(eq(workOrders.workOrderId, 'WO-KEPT-0001'));
    await expect
      .poll(async () => (await stats()).activeWorkOrders, { timeout: 5_000 })
      .toBe(before.activeWorkOrders + 1);
  });

  it('counts a work order overdue when its due time passes, without any change to the data', async () => {
    const raised = await send(t, 'POST', '/api/work-orders', { valveId, title: 'Falls due in the figures' });
    expect(raised.statusCode).toBe(201);
    await t.db
      .update(workOrders)
      .set({ dueDate: new Date(Date.now() + 1_500) })
      .where(eq(workOrders.id, raised.json().id));
    const before = await stats();
    await expect
      .poll(async () => (await stats()).overdueItems, { timeout: 5_000, interval: 250 })
      .toBe(before.overdueItems + 1);
  });

  it("answers a plant-limited user from their plants, never from the organization's kept figures", async () => {
    const all = await stats();
    const limited = await stats('limited');
    expect(limited.activeWorkOrders).toBeLessThan(all.activeWorkOrders);
  });
});

describe('GET /api/dashboard/activities after a change made elsewhere', () => {
  it('is served from memory between changes, and shows an activity written elsewhere on the next read', async () => {
    const before = await feed();
    await unannounced((tx) =>
      tx
        .insert(activities)
        .values({ organizationId: 1, type: 'note', description: 'Unannounced activity', ...onValve() }),
    );
    expect(await feed()).toEqual(before);
    await t.db
      .insert(activities)
      .values({ organizationId: 1, type: 'note', description: 'Announced activity', ...onValve() });
    await expect.poll(async () => (await feed())[0].description, { timeout: 5_000 }).toBe('Announced activity');
  });

  it("leaves the feed kept when another organization's activity is written", async () => {
    const before = await feed();
    await unannounced((tx) =>
      tx
        .insert(activities)
        .values({ organizationId: 1, type: 'note', description: 'Second unannounced activity', ...onValve() }),
    );
    await t.db.insert(activities).values({ organizationId: 2, type: 'note', description: 'Theirs', ...onValve() });
    expect(await feed()).toEqual(before);
    await t.db.delete(activities).where(inArray(activities.description, ['Second unannounced activity', 'Theirs']));
    await expect.poll(feed, { timeout: 5_000 }).toEqual(before);
  });
});

describe('GET /api/emergencies after a change made elsewhere', () => {
  it('shows an emergency raised elsewhere, its raiser renamed, and its clearing, each on the next read', async () => {
    const [supervisor] = await t.db.select().from(users).where(eq(users.email, 'supervisor@northfield.example'));
    const before = (await banner()).map((e) => e.reason);
    const [raised] = await t.db
      .insert(emergencies)
      .values({
        organizationId: 1,
        plant: 'Power Plant A',
        reason: 'Steam release at the header',
        raisedByUserId: supervisor.id,
      })
      .returning();
    await expect
      .poll(async () => (await banner()).map((e) => e.reason), { timeout: 5_000 })
      .toEqual(['Steam release at the header', ...before]);
    await t.db.update(users).set({ name: 'Renamed Supervisor' }).where(eq(users.id, supervisor.id));
    await expect.poll(async () => (await banner())[0].raisedBy?.name, { timeout: 5_000 }).toBe('Renamed Supervisor');
    await t.db.update(users).set({ name: supervisor.name }).where(eq(users.id, supervisor.id));
    await t.db
      .update(emergencies)
      .set({ clearedAt: new Date(), clearedByUserId: supervisor.id, clearNote: 'Isolated' })
      .where(eq(emergencies.id, raised.id));
    await expect.poll(async () => (await banner()).map((e) => e.reason), { timeout: 5_000 }).toEqual(before);
  });

  it('is served from memory between changes (an emergency written with notices off goes unseen)', async () => {
    const before = await banner();
    await unannounced((tx) =>
      tx.insert(emergencies).values({ organizationId: 1, plant: 'Gas Plant B', reason: 'Unannounced emergency' }),
    );
    expect(await banner()).toEqual(before);
    await t.db.delete(emergencies).where(eq(emergencies.reason, 'Unannounced emergency'));
  });
});

describe('GET /api/relief-valves/summary after a change made elsewhere', () => {
  type Summary = { tags: number; overdue: number; dueThisMonth: number };
  const summary = async () => (await t.get('/api/relief-valves/summary')).json() as Summary;

  it('is served from memory between changes, and counts a tag fallen overdue elsewhere on the next read', async () => {
    // A tag due far ahead, so that it is not overdue whatever today is; then the figures as the database counts them.
    const [tag] = await t.db.select().from(reliefTags).where(eq(reliefTags.organizationId, 1)).limit(1);
    await t.db.update(reliefTags).set({ nextDueOn: '2999-01-01' }).where(eq(reliefTags.id, tag.id));
    const [{ overdue }] = await t.db
      .select({
        overdue: sql<number>`(count(*) filter (where ${reliefTags.nextDueOn} < ${new Date().toISOString().slice(0, 10)}))::int`,
      })
      .from(reliefTags)
      .where(eq(reliefTags.organizationId, 1));
    await expect.poll(async () => (await summary()).overdue, { timeout: 5_000 }).toBe(overdue);
    const before = await summary();
    await unannounced((tx) => tx.update(reliefTags).set({ nextDueOn: '2020-01-01' }).where(eq(reliefTags.id, tag.id)));
    expect(await summary()).toEqual(before);
    await t.db.update(reliefTags).set({ service: tag.service }).where(eq(reliefTags.id, tag.id));
    await expect.poll(async () => (await summary()).overdue, { timeout: 5_000 }).toBe(overdue + 1);
    await t.db.update(reliefTags).set({ nextDueOn: tag.nextDueOn }).where(eq(reliefTags.id, tag.id));
  });
});
