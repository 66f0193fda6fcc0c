/**
 * Issue 36: three servers behind HAProxy on a PostgreSQL primary and a streaming replica (bench/cluster.ts), on this
 * machine. What a user sees must not depend on which server answers; a server killed under a stream of writes
 * loses none and duplicates none; the replica stopped leaves every read answered.
 */
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raise, type Session, type Write, writeUntil } from './chaos-runs';
import { type Cluster, startCluster } from './cluster';
import { signInAs } from './http';

let cluster: Cluster;
let primary: pg.Pool;
let session: Session;

const direct = (index: number) => cluster.servers[index].url;

const signIn = async (url: string, email: string) => (await signInAs(url, email)).cookie;

const get = (url: string, cookie: string) => fetch(url, { headers: { cookie } });

beforeAll(async () => {
  cluster = await startCluster({ servers: 3 });
  primary = new pg.Pool({ connectionString: cluster.postgres.primaryUrl, max: 2 });
  const cookie = await signIn(cluster.url, 'supervisor@northfield.example');
  const valves = (await (await get(`${cluster.url}/api/valves`, cookie)).json()) as { id: number }[];
  session = { url: cluster.url, headers: { cookie, 'content-type': 'application/json' }, valveId: valves[0].id };
});
afterAll(async () => {
  await primary?.end();
  await cluster?.stop();
});

describe('three servers behind HAProxy', () => {
  it('reads through every server what was written through one, the kept valve detail included', async () => {
    const { cookie } = session.headers;
    const valveUrl = (i: number) => `${direct(i)}/api/valves/${session.valveId}`;
    // Servers 2 and 3 read (and keep) the valve before it changes.
    for (const i of [1, 2]) expect((await get(valveUrl(i), cookie)).status).toBe(200);
    const created = await fetch(`${direct(0)}/api/work-orders`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({ valveId: session.valveId, title: 'Written through server 1' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    for (const i of [1, 2]) {
      const order = await get(`${direct(i)}/api/work-orders/${id}`, cookie);
      expect(order.status).toBe(200);
      expect(((await order.json()) as { title: string }).title).toBe('Written through server 1');
      const detail = (await (await get(valveUrl(i), cookie)).json()) as { workOrders: { id: number }[] };
      expect(detail.workOrders.map((w) => w.id)).toContain(id);
    }
  });

  it('serves a photo uploaded through one server, byte for byte, from the others (files in the database)', async () => {
    const { cookie } = session.headers;
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('valveId', String(session.valveId));
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'gland.jpg');
    const uploaded = await fetch(`${direct(0)}/api/photos`, { method: 'POST', headers: { cookie }, body: form });
    expect({ status: uploaded.status, body: uploaded.status === 201 ? '' : await uploaded.clone().text() }).toEqual({
      status: 201,
      body: '',
    });
    const { id } = (await uploaded.json()) as { id: number };
    const bytes = async (i: number) => {
      const res = await fetch(`${direct(i)}/api/photos/${id}/image`, { headers: { cookie } });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const first = await bytes(0);
    expect(first.length).toBeGreaterThan(100);
    for (const i of [1, 2]) expect((await bytes(i)).equals(first)).toBe(true);
  });

  it('takes a session made on one on all, and a sign-out on one ends it on all at once', async () => {
    const cookie = await signIn(direct(0), 'engineer@northfield.example');
    for (const i of [0, 1, 2]) expect((await get(`${direct(i)}/api/auth/session`, cookie)).status).toBe(200);
    const out = await fetch(`${direct(1)}/api/auth/sign-out`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    // The other servers hear of it from the database's notice, within milliseconds of the commit.
    for (const i of [0, 2])
      await expect
        .poll(async () => (await get(`${direct(i)}/api/auth/session`, cookie)).status, { timeout: 500, interval: 20 })
        .toBe(401);
  });

  it('counts the sign-in limit across all servers', async () => {
    const attempt = (i: number) =>
      fetch(`${direct(i % 3)}/api/auth/sign-in`, {
        method: 'POST',
        // The servers trust X-Forwarded-For from 127.0.0.1 (HAProxy's address): one client, one address.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: 'nobody@northfield.example', password: 'wrong' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(i)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('lets a writer read their write on the next read, through the replica-read routes too', async () => {
    const { cookie } = session.headers;
    const activeOrders = async (cookies: string) =>
      ((await (await get(`${cluster.url}/api/dashboard/stats`, cookies)).json()) as { activeWorkOrders: number })
        .activeWorkOrders;
    let active = await activeOrders(cookie);
    for (let n = 0; n < 10; n++) {
      const wrote = await fetch(`${cluster.url}/api/work-orders`, {
        method: 'POST',
        headers: session.headers,
        body: JSON.stringify({ valveId: session.valveId, title: `Read my write ${n}` }),
      });
      expect(wrote.status).toBe(201);
      const mark = wrote.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .find((c) => c.startsWith('valveops_wrote='));
      expect(mark).toBeDefined();
      const { id } = (await wrote.json()) as { id: number };
      // The dashboard's figures and the history are replica-read routes: with the write's mark they hold it.
      active += 1;
      expect(await activeOrders(`${cookie}; ${mark}`)).toBe(active);
      const history = await get(`${cluster.url}/api/history/work-orders/${id}`, `${cookie}; ${mark}`);
      expect(history.status).toBe(200);
      expect(((await history.json()) as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('loses no acknowledged write and duplicates none when a server is killed under idempotent writes', async () => {
    const run = 'cluster-kill';
    const killed = new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => cluster.kill(1));
    const stop = killed.then(() => new Promise((resolve) => setTimeout(resolve, 2_500)));
    const { writes, done } = writeUntil(session, run, 6, stop);
    await stop;
    await done;
    const afterKill = writes.slice(-30);
    const count = async () =>
      new Map(
        (
          await primary.query<{ title: string; n: string }>(
            'select title, count(*) as n from work_orders where title like $1 group by title',
            [`Chaos ${run} %`],
          )
        ).rows.map((r) => [r.title, Number(r.n)]),
      );
    const before = await count();
    const acknowledged = writes.filter((w) => w.status === 201);
    expect(acknowledged.length).toBeGreaterThan(20);
    expect(acknowledged.filter((w) => !before.has(w.title))).toEqual([]);
    // HAProxy routes around the dead server: the last writes, all sent after the kill, were answered.
    expect(afterKill.filter((w) => w.status !== 201)).toEqual([]);
    // The phone's queue retries what was not acknowledged, with the same key.
    const unanswered: Write[] = writes.filter((w) => w.status !== 201);
    for (const write of unanswered) expect(await raise(session, write)).toBe(201);
    const after = await count();
    expect(after.size).toBe(writes.length);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
  });

  it('drains a server on SIGTERM: it finishes what is in flight, exits, and no write is refused', async () => {
    const run = 'cluster-drain';
    const leaving = cluster.servers[2];
    const stopped = new Promise((resolve) => setTimeout(resolve, 1_000)).then(() => leaving.process.kill('SIGTERM'));
    const stop = stopped.then(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
    const { writes, done } = writeUntil(session, run, 4, stop);
    await stop;
    await done;
    expect(await leaving.exited).toBe(0);
    expect(writes.length).toBeGreaterThan(10);
    expect(writes.filter((w) => w.status !== 201)).toEqual([]);
  });

  it('answers every read with the replica stopped, and says so in /readyz', async () => {
    const { cookie } = session.headers;
    cluster.postgres.stopReplica();
    for (let i = 0; i < 12; i++) {
      const res = await get(`${cluster.url}/api/dashboard/stats`, cookie);
      expect(res.status).toBe(200);
    }
    // The server looks at its replica every 250 ms: the twelve reads can all be over before it has looked.
    const readiness = async () =>
      (await (await fetch(`${direct(0)}/readyz`)).json()) as { status: string; replica: string };
    await expect
      .poll(async () => (await readiness()).replica, { timeout: 5_000, interval: 100 })
      .toMatch(/^down: reads on the primary/);
    expect((await readiness()).status).toBe('ready');
    cluster.postgres.startReplica();
    await expect
      .poll(async () => ((await (await fetch(`${direct(0)}/readyz`)).json()) as { replica: string }).replica, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe('in use');
  });

  it('runs each timed job once across the servers', async () => {
    // alarm-sweep runs every minute: by now at least one minute has turned since the servers started.
    await expect
      .poll(
        async () =>
          Number(
            (
              await primary.query(
                "select count(*) as n from pgboss.job where name = 'alarm-sweep' and state = 'completed'",
              )
            ).rows[0].n,
          ),
        { timeout: 90_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    const perMinute = await primary.query<{ minute: string; n: string }>(
      `select date_trunc('minute', start_after) as minute, count(*) as n from pgboss.job
        where name = 'alarm-sweep' group by 1 having count(*) > 1`,
    );
    expect(perMinute.rows).toEqual([]);
  });
});
