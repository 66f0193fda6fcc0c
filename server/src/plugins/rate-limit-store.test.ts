import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { rateLimitHits } from '../db/schema';
import { createTestApp, type TestContext } from '../testing/test-app';
import { rateLimitPurgeJob } from './rate-limit-store';

/** Two servers on one database, as behind a balancer: the sign-in limit is one count, not one per server. */
describe('rate limits counted in the shared database', () => {
  let t: TestContext;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: ['127.0.0.1'] });
    second = await buildApp({
      db: t.db,
      config: {
        uploadsDir: '/nonexistent',
        clientDist: '/nonexistent',
        trustProxy: ['127.0.0.1'],
        checkReplies: true,
        demo: true,
      },
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const signIn = (server: FastifyInstance, address: string, password = 'wrong-guess') =>
    server.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'nobody@northfield.example', password },
      headers: { 'x-forwarded-for': address },
    });

  it('allows ten attempts a minute from one address across both servers, the eleventh refused by either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(i % 2 ? second : t.app, '203.0.113.5')).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    for (const server of [t.app, second]) {
      const refused = await signIn(server, '203.0.113.5');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many attempts\. Try again in ([1-5]?\d|60) seconds\.$/);
    }
    // Another address has its own count.
    expect((await signIn(second, '203.0.113.6')).statusCode).toBe(401);
  });

  it('starts a window that ended again at one, and the purge forgets ended windows', async () => {
    await t.db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimitHits.key} like '%203.0.113.5'`);
    expect((await signIn(second, '203.0.113.5')).statusCode).toBe(401);
    const [row] = await t.db.select().from(rateLimitHits).where(sql`${rateLimitHits.key} like '%203.0.113.5'`);
    expect(row.hits).toBe(1);

    await t.db.update(rateLimitHits).set({ windowEndsAt: sql`now() - interval '1 second'` });
    await rateLimitPurgeJob.run(t.db, {});
    expect(await t.db.select().from(rateLimitHits)).toEqual([]);
  });

  it('counts sign-in and sign-up apart for the same address', async () => {
    await signIn(t.app, '203.0.113.9');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: {},
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    const keys = (await t.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((r) => r.key).sort();
    expect(keys).toEqual(['POST /api/auth/sign-in 203.0.113.9', 'POST /api/auth/sign-up 203.0.113.9']);
    const [signInRow] = await t.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, 'POST /api/auth/sign-in 203.0.113.9'));
    expect(signInRow.hits).toBe(1);
  });
});
