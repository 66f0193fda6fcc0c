import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organizations, users } from '../db/schema';
import { DEMO_ORGANIZATIONS, DEMO_USERS } from './catalog';

/** The password of every demo account: printed at start and offered by the sign-in page in demo mode. */
export const DEMO_PASSWORD = 'valveops-demo';

/** One account per role, as the sign-in page offers them. */
export const DEMO_ROLE_ACCOUNTS = DEMO_USERS.filter((u) => u.email.split('@')[0] === u.role);

/** The demo's sign-in accounts, or null when this installation holds no demo organization. */
export async function demoAccounts(db: Database) {
  const rows = await db
    .select({ email: users.email, name: users.name, role: users.role, organizationId: users.organizationId })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        eq(organizations.slug, DEMO_ORGANIZATIONS[0].slug),
        eq(users.active, true),
        inArray(
          users.email,
          DEMO_ROLE_ACCOUNTS.map((u) => u.email),
        ),
      ),
    );
  if (!rows.length) return null;
  const order = DEMO_ROLE_ACCOUNTS.map((u) => u.email);
  const accounts = rows
    .sort((a, b) => order.indexOf(a.email) - order.indexOf(b.email))
    .map(({ email, name, role }) => ({ email, name, role }));
  return { password: DEMO_PASSWORD, organizationId: rows[0].organizationId, accounts };
}
