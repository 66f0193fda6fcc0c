import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../testing/test-app';
import { DATABASE_BUSY } from './errors';

/** A read no process keeps (a filtered list): it reaches the database every time. */
const NOT_KEPT = '/api/valves?q=V-&limit=5';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12, databaseQueue: { concurrency: 1, limit: 3, waitMs: 60_000 } });
});
afterAll(() => t.close());

const burst = async (n: number, url: string) => {
  const cookie = await t.cookie('supervisor');
  return Promise.all(Array.from({ length: n }, () => t.app.inject({ method: 'GET', url, headers: { cookie } })));
};

describe('the queue in front of PGlite', () => {
  it('serves as many as it may hold, answers the rest 503 with Retry-After at once, and serves the next', async () => {
    const answers = await burst(12, NOT_KEPT);
    const statuses = answers.map((a) => a.statusCode);
    // One at work and three waiting: the other eight are turned away.
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy).toHaveLength(8);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBeDefined();
      expect(answer.json()).toEqual({ message: DATABASE_BUSY });
    }
    expect((await t.get(NOT_KEPT)).statusCode).toBe(200);
  });

  it('answers 503 to a request that waited past the longest wait, and keeps its places', async () => {
    const hurried = await createTestApp({ valves: 4, databaseQueue: { concurrency: 1, limit: 50, waitMs: 1 } });
    try {
      const cookie = await hurried.cookie('supervisor');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => hurried.app.inject({ method: 'GET', url: NOT_KEPT, headers: { cookie } })),
      );
      expect(answers[0].statusCode).toBe(200);
      expect(answers.slice(1).map((a) => a.statusCode)).toContain(503);
      // Every place was given back: the next requests are served.
      for (let i = 0; i < 3; i++) {
        // A place is handed back on the next turn of the event loop.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect((await hurried.get(NOT_KEPT)).statusCode).toBe(200);
      }
    } finally {
      await hurried.close();
    }
  });

  it('keeps a burst waiting while its wait stays within the longest wait, however many wait', async () => {
    const patient = await createTestApp({ valves: 4, databaseQueue: { concurrency: 1, limit: 1_000, waitMs: 60_000 } });
    try {
      const cookie = await patient.cookie('supervisor');
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => patient.app.inject({ method: 'GET', url: NOT_KEPT, headers: { cookie } })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(200));
    } finally {
      await patient.close();
    }
  });

  it('refuses at once, not after waiting, a request whose wait would pass the longest wait', async () => {
    const hurried = await createTestApp({ valves: 4, databaseQueue: { concurrency: 1, limit: 1_000, waitMs: 100 } });
    try {
      const cookie = await hurried.cookie('supervisor');
      const get = () => hurried.app.inject({ method: 'GET', url: NOT_KEPT, headers: { cookie } });
      // One at a time first: the queue learns how long a place is held.
      for (let i = 0; i < 40; i++) await get();
      // The last place is handed back on the next turn of the event loop: the burst's first then takes it, however
      // long places were held (on a loaded machine the mean hold alone can pass the 100 ms, refusing any waiter).
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = Date.now();
      const refusedAt: number[] = [];
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          get().then((a) => {
            if (a.statusCode === 503) refusedAt.push(Date.now() - started);
            return a;
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses[0]).toBe(200);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      // Turned away as they came, not after their 100 ms in the queue.
      expect(Math.min(...refusedAt)).toBeLessThan(100);
    } finally {
      await hurried.close();
    }
  });

  it('leaves static paths and health checks out of the queue', async () => {
    const answers = await burst(8, '/healthz');
    expect(answers.every((a) => a.statusCode !== 503)).toBe(true);
  });
});

describe('reads the process answers from memory', () => {
  it('never queue: a burst of kept reads is all answered, while reads that need the database are turned away', async () => {
    const cookie = await t.cookie('supervisor');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const [order] = (await get('/api/work-orders')).json() as { id: number; valve: { id: number } }[];
    const kept = [
      '/api/valves',
      `/api/valves/${order.valve.id}`,
      '/api/work-orders',
      `/api/work-orders/${order.id}`,
      // What /app's first screen asks for (issue 31: a burst of new phones).
      '/api/valves?limit=3',
      '/api/work-orders?limit=2',
      '/api/auth/session?signedOut=null',
      '/api/notifications',
    ];
    // Read once each (the session and the answers are then remembered), and once more once any notice has come.
    for (const url of kept) expect((await get(url)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const url of kept) expect((await get(url)).statusCode).toBe(200);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => get(NOT_KEPT)),
      ...kept.flatMap((url) => Array.from({ length: 10 }, () => get(url))),
    ]);
    const database = answers.slice(0, 12).map((a) => a.statusCode);
    expect(database.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(answers.slice(12).map((a) => a.statusCode)).toEqual(Array(kept.length * 10).fill(200));
  });
});
