import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { ReplicaWatch, walPosition } from '../db/replica';
import { workOrders } from '../db/schema';
import { createTestApp, type TestContext } from '../testing/test-app';
import { WROTE_COOKIE } from './read-replica';

/** A database that answers the watch's two questions with the position it is told, or fails. */
function positionOf(lsn: () => string | Error): Database {
  return {
    execute: async () => {
      const at = lsn();
      if (at instanceof Error) throw at;
      return { rows: [{ lsn: at }] };
    },
  } as unknown as Database;
}

describe('ReplicaWatch', () => {
  it('reads WAL positions as numbers', () => {
    expect(walPosition('0/0')).toBe(0n);
    expect(walPosition('16/B374D848')).toBe(0x16b374d848n);
    expect(walPosition('1/0') > walPosition('0/FFFFFFFF')).toBe(true);
  });

  it('is in use while it replays what the primary wrote, lagging past the limit, down when it fails', async () => {
    let primary = '0/100';
    let replica: string | Error = '0/100';
    const watch = new ReplicaWatch(
      positionOf(() => primary),
      positionOf(() => replica),
      50,
    );
    await watch.check();
    expect(watch.state).toEqual({ state: 'in use', lagMs: 0 });
    expect(watch.reached('0/100')).toBe(true);
    expect(watch.reached('0/101')).toBe(false);
    expect(watch.reached('not a position')).toBe(false);

    primary = '0/200';
    await watch.check();
    // Behind since the check that first read 0/200: just now.
    expect(watch.state.state).toBe('in use');
    await new Promise((resolve) => setTimeout(resolve, 80));
    primary = '0/300';
    await watch.check();
    expect(watch.state.state).toBe('lagging');
    expect((watch.state as { lagMs: number }).lagMs).toBeGreaterThanOrEqual(50);

    replica = '0/300';
    await watch.check();
    expect(watch.state).toEqual({ state: 'in use', lagMs: 0 });

    replica = new Error('connect ECONNREFUSED 127.0.0.1:5433');
    await watch.check();
    expect(watch.state).toEqual({ state: 'down', error: 'connect ECONNREFUSED 127.0.0.1:5433' });
    expect(watch.reached('0/1')).toBe(false);
  });
});

/**
 * The replica here is a second copy of the demo (the same template), so a change made in it alone shows which
 * database a read went to.
 */
describe('reads on the replica', () => {
  let t: TestContext;
  let copy: TestContext;
  let app: FastifyInstance;
  let replica: string | Error = '0/0';
  let watch: ReplicaWatch;
  let cancelledInCopy: number;

  beforeAll(async () => {
    t = await createTestApp({ valves: 6 });
    copy = await createTestApp({ valves: 6 });
    // The primary's position: whatever the real one is, the replica is told it stands there or not.
    watch = new ReplicaWatch(
      positionOf(() => '0/1000'),
      positionOf(() => replica),
      1_000,
    );
    app = await withReplica(copy.db);
    await app.ready();
    const [open] = await copy.db
      .select({ id: workOrders.id })
      .from(workOrders)
      .where(eq(workOrders.status, 'pending'))
      .limit(1);
    cancelledInCopy = open.id;
    await copy.db.update(workOrders).set({ status: 'cancelled' }).where(eq(workOrders.id, open.id));
  });
  afterAll(async () => {
    await app.close();
    await copy.close();
    await t.close();
  });

  /** A server on the test's database with `replica` as its replica, read while the watch says so. */
  const withReplica = (replicaDb: Database, listen?: TestContext['listen']) =>
    buildApp({
      db: t.db,
      listen,
      config: {
        uploadsDir: '/nonexistent',
        clientDist: '/nonexistent',
        trustProxy: false,
        checkReplies: true,
        demo: true,
      },
      replica: { db: replicaDb, watch },
    });

  const stats = async (headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/api/dashboard/stats', headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { activeWorkOrders: number }).activeWorkOrders;
  };

  it('serves a replica-read route from the replica while it keeps up, and from the primary otherwise', async () => {
    const cookie = await t.cookie('supervisor');
    replica = '0/1000';
    await watch.check();
    const onPrimary = (await t.get('/api/dashboard/stats')).json().activeWorkOrders;
    expect(await stats({ cookie })).toBe(onPrimary - 1);

    replica = '0/10';
    await watch.check();
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    await watch.check();
    expect(watch.state.state).toBe('lagging');
    expect(await stats({ cookie })).toBe(onPrimary);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', replica: 'lagging: reads on the primary' });

    replica = new Error('connect ECONNREFUSED 127.0.0.1:5433');
    await watch.check();
    expect(await stats({ cookie })).toBe(onPrimary);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
      replica: 'down: reads on the primary (connect ECONNREFUSED 127.0.0.1:5433)',
    });
  });

  it('fills the kept dashboard figures from the primary, whose notices govern them, while the replica keeps up', async () => {
    replica = '0/1000';
    await watch.check();
    const keeping = await withReplica(copy.db, t.listen);
    const onPrimary = (await t.get('/api/dashboard/stats')).json().activeWorkOrders;
    const cookie = await t.cookie('supervisor');
    for (let i = 0; i < 2; i++) {
      const res = await keeping.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie } });
      expect(res.json().activeWorkOrders).toBe(onPrimary);
    }
    // A server that hears no notices keeps nothing, and reads the replica.
    expect(await stats({ cookie })).toBe(onPrimary - 1);
    await keeping.close();
  });

  it('keeps a writer on the primary until the replica has replayed their write', async () => {
    replica = '0/1000';
    await watch.check();
    const cookie = await t.cookie('supervisor');
    const [order] = await t.db
      .select({ version: workOrders.version })
      .from(workOrders)
      .where(eq(workOrders.id, cancelledInCopy));
    const wrote = await app.inject({
      method: 'PATCH',
      url: `/api/work-orders/${cancelledInCopy}`,
      payload: { version: order.version, description: 'Read after write' },
      headers: { cookie },
    });
    expect(wrote.statusCode).toBe(200);
    const mark = wrote.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(mark?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(mark?.httpOnly).toBe(true);
    const withMark = { cookie: `${cookie}; ${WROTE_COOKIE}=${mark?.value}` };
    const onPrimary = (await t.get('/api/dashboard/stats')).json().activeWorkOrders;
    // The watch's replica stands at 0/1000, before any real position of the write: the writer reads the primary.
    replica = '0/1000';
    await watch.check();
    expect(walPosition('0/1000') < walPosition(mark?.value ?? '0/0')).toBe(true);
    expect(await stats(withMark)).toBe(onPrimary);
    expect(await stats({ cookie })).toBe(onPrimary - 1);
    replica = 'FFFF/0';
    await watch.check();
    expect(await stats(withMark)).toBe(onPrimary - 1);
  });

  it('keeps reads with an API token, and routes not marked for the replica, on the primary', async () => {
    replica = '0/1000';
    await watch.check();
    const token = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: 'Replica check', scopes: ['read'] },
      headers: { cookie: await t.cookie('admin') },
    });
    expect(token.statusCode).toBe(201);
    const onPrimary = (await t.get('/api/dashboard/stats')).json().activeWorkOrders;
    expect(await stats({ authorization: `Bearer ${token.json().token}` })).toBe(onPrimary);
    const cookie = await t.cookie('supervisor');
    const detail = await app.inject({ method: 'GET', url: `/api/work-orders/${cancelledInCopy}`, headers: { cookie } });
    expect(detail.json().status).not.toBe('cancelled');
  });

  it('reads again on the primary when the replica fails under a read', async () => {
    replica = '0/1000';
    await watch.check();
    const cookie = await t.cookie('supervisor');
    const broken = await createTestApp({ valves: 6 });
    await broken.close();
    const onBroken = await withReplica(broken.db);
    const onPrimary = (await t.get('/api/dashboard/stats')).json().activeWorkOrders;
    const res = await onBroken.inject({ method: 'GET', url: '/api/dashboard/stats', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().activeWorkOrders).toBe(onPrimary);
    await onBroken.close();
  });
});
