import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createTestApp, PERSONAS, type TestContext } from '../testing/test-app';

/**
 * A session this server looked up is remembered for a few seconds; another server (here: a statement behind this
 * one's back) that ends it or changes its user is heard at once through the database's notices (migration 0049).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 4 });
});
afterAll(() => t.close());

const whoAmI = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return res.statusCode === 200 ? (res.json() as { user: { role: string } | null }).user : null;
};

describe('a session ended or changed through another server', () => {
  it('is remembered between changes: one ended with the notices switched off still answers', async () => {
    const cookie = await t.cookie('engineer');
    expect(await whoAmI(cookie)).not.toBeNull();
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .delete(sessions)
        .where(sql`${sessions.userId} = (select id from users where email = ${PERSONAS.engineer})`);
    });
    expect(await whoAmI(cookie)).not.toBeNull();
  });

  it('signs out at once when the session row goes, well inside the seconds it is remembered', async () => {
    const cookie = await t.cookie('technician');
    expect(await whoAmI(cookie)).not.toBeNull();
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, PERSONAS.technician));
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    await expect.poll(() => whoAmI(cookie), { timeout: 1_500, interval: 50 }).toBeNull();
  });

  it('takes a role changed elsewhere on the next request', async () => {
    const cookie = await t.cookie('supervisor');
    expect((await whoAmI(cookie))?.role).toBe('supervisor');
    await t.db.update(users).set({ role: 'engineer' }).where(eq(users.email, PERSONAS.supervisor));
    await expect.poll(async () => (await whoAmI(cookie))?.role, { timeout: 1_500, interval: 50 }).toBe('engineer');
    await t.db.update(users).set({ role: 'supervisor' }).where(eq(users.email, PERSONAS.supervisor));
  });
});
