import { auditVerification } from '@common/schemas/audit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema';
import { send } from '../../testing/send';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { sealAuditTrail } from './chain';
import { verifyEveryChain } from './jobs';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ valves: 12 });
});
afterAll(() => t.close());

const verify = async () => {
  const res = await t.get('/api/audit/verify', 'admin');
  expect(res.statusCode, res.body).toBe(200);
  return auditVerification.parse(res.json());
};

/** The database owner, not the app: triggers off, a row rewritten or removed, triggers on again. */
async function asOwner(statement: ReturnType<typeof sql>) {
  await t.db.execute(sql`alter table audit_log disable trigger user`);
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql`alter table audit_log enable trigger user`);
  }
}

describe('the audit chain', () => {
  it('seals every entry in its organization’s chain, and a check finds it whole', async () => {
    const sealed = await sealAuditTrail(t.db);
    expect(sealed).toBeGreaterThan(0);
    expect(await sealAuditTrail(t.db)).toBe(0);
    const check = await verify();
    expect(check).toMatchObject({ intact: true, unsealed: 0, brokenAt: null });
    expect(check.sealed).toBeGreaterThan(0);
    expect(check.head).toMatch(/^[0-9a-f]{64}$/);
    // A new change is unsealed until the next run, then sealed after the last.
    await send(t, 'POST', '/api/work-orders', { valveId: 1, title: 'Check the chain' });
    expect((await verify()).unsealed).toBeGreaterThan(0);
    await sealAuditTrail(t.db);
    const after = await verify();
    expect(after).toMatchObject({ intact: true, unsealed: 0 });
    expect(after.sealed).toBeGreaterThan(check.sealed);
  });

  it('is for admins only', async () => {
    expect((await t.get('/api/audit/verify', 'supervisor')).statusCode).toBe(403);
    expect((await t.get('/api/audit/verify', null)).statusCode).toBe(401);
  });

  it('finds an entry changed or deleted behind the app’s back, and tells the admins', async () => {
    const [target] = await rowsOf<{ seq: string; audit_id: string }>(
      t.db,
      sql`select s.seq, s.audit_id from audit_seals s where s.chain = 1 order by s.seq limit 1 offset 5`,
    );
    await asOwner(sql`update audit_log set device = 'forged' where id = ${Number(target.audit_id)}`);
    expect((await verify()).brokenAt).toEqual({
      seq: Number(target.seq),
      auditId: Number(target.audit_id),
      problem: 'entry changed',
    });
    expect(await verifyEveryChain(t.db)).toBe(1);
    const told = await t.db.select().from(notifications).where(sql`${notifications.kind} = 'audit'`);
    expect(told.length).toBeGreaterThan(0);
    expect(told[0].title).toBe('The audit trail was tampered with');
    await asOwner(sql`delete from audit_log where id = ${Number(target.audit_id)}`);
    expect((await verify()).brokenAt?.problem).toBe('entry deleted');
    // The other organization's chain is not touched by this one's.
    expect((await t.get('/api/audit/verify', 'otherOrganization')).json().intact).toBe(true);
  });
});
