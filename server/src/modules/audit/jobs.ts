import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import type { Job } from '../../jobs';
import { notifyUsers } from '../notifications';
import { sealAuditTrail, verifyAuditChain } from './chain';

/** Every minute: what the trail gained is sealed into its organization's chain. */
export const auditSealJob: Job = {
  name: 'audit-seal',
  cron: '* * * * *',
  run: (db) => sealAuditTrail(db),
};

/** Checks each organization's chain and tells its admins when it is broken; returns the broken chains. */
export async function verifyEveryChain(db: Database): Promise<number> {
  let broken = 0;
  for (const { id } of await db.select({ id: organizations.id }).from(organizations)) {
    const check = await verifyAuditChain(db, id);
    if (check.intact || !check.brokenAt) continue;
    broken += 1;
    const admins = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.organizationId, id), eq(users.role, 'admin'), eq(users.active, true)));
    await notifyUsers(
      db,
      id,
      admins.map((a) => a.id),
      {
        kind: 'audit',
        key: `audit-broken:${check.brokenAt.seq}:${check.brokenAt.problem}`,
        title: 'The audit trail was tampered with',
        body: `Entry ${check.brokenAt.seq} of the history: ${check.brokenAt.problem} after it was sealed. Check the database's access.`,
        link: null,
      },
    );
  }
  return broken;
}

/** Nightly: every chain checked from its start (sealed first, so the check covers the day). */
export const auditVerifyJob: Job = {
  name: 'audit-verify',
  cron: '20 3 * * *',
  run: async (db) => {
    await sealAuditTrail(db);
    return verifyEveryChain(db);
  },
};
