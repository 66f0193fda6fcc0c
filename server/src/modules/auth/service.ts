import { PLANTS } from '@common/constants';
import type { acceptInviteBody, signInBody, signUpBody } from '@common/schemas/auth';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { organizations, plants, signInFailures, users } from '../../db/schema';
import { asActor } from '../../lib/audit';
import { createSession } from '../../lib/sessions';
import { hashPassword, hashToken, verifyPassword } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';

const WRONG_CREDENTIALS = 'Email or password is incorrect.';
export const CHOOSE_ORGANIZATION = 'This email has accounts in more than one organization. Choose one to sign in.';

/** Failed sign-ins one address (any address) may make on one account in a window: a fumbled glove, not a guess. */
const ACCOUNT_FAILURES = 10;
const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** 429 while the account's failures in the window are spent, wherever they came from. */
async function checkAccountLimit(db: Database, email: string, now: number) {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.email, email));
  if (!row || row.failures < ACCOUNT_FAILURES) return;
  const until = row.windowStartedAt.getTime() + ACCOUNT_WINDOW_MS;
  if (until <= now) return;
  throw new HttpError(
    429,
    `Too many failed sign-ins for this account. Try again in ${Math.ceil((until - now) / 60_000)} minutes.`,
  );
}

async function countFailure(db: Database, email: string, now: number) {
  const windowStart = new Date(now - ACCOUNT_WINDOW_MS);
  await db
    .insert(signInFailures)
    .values({ email, failures: 1, windowStartedAt: new Date(now) })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        failures: sql`case when ${signInFailures.windowStartedAt} < ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${signInFailures.windowStartedAt} < ${windowStart} then ${new Date(now)} else ${signInFailures.windowStartedAt} end`,
      },
    });
}

/**
 * One address may hold accounts in several organizations; the password is checked against each. One account
 * opened: signed in. Several: 409 with their organizations, asked again with `organizationId`. A deactivated
 * account gets the same answer as a wrong password: nothing to learn by probing.
 */
export async function signIn(db: Database, body: z.infer<typeof signInBody>, now = Date.now()) {
  const email = body.email.toLowerCase();
  await checkAccountLimit(db, email, now);
  const accounts = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      active: users.active,
      organizationId: users.organizationId,
      organizationName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email))
    .orderBy(organizations.name, organizations.id);
  // No account still costs one password check, so the answer's time does not tell whether the address is used.
  if (!accounts.length) await verifyPassword(null, body.password);
  const opened = [];
  for (const account of accounts) {
    if ((await verifyPassword(account.passwordHash, body.password)) && account.active) opened.push(account);
  }
  const chosen = body.organizationId ? opened.filter((a) => a.organizationId === body.organizationId) : opened;
  if (chosen.length === 0) {
    await countFailure(db, email, now);
    throw new HttpError(401, WRONG_CREDENTIALS);
  }
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
  if (chosen.length > 1) {
    throw new HttpError(409, CHOOSE_ORGANIZATION, {
      organizations: chosen.map((a) => ({ id: a.organizationId, name: a.organizationName })),
    });
  }
  return createSession(db, chosen[0].id);
}

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return n > 0;
}

/**
 * A new organization with the plants of the product and its first admin, signed in. An address used in another
 * organization is no reason to refuse (and refusing would tell a stranger that it is used).
 */
export async function signUp(db: Database, body: z.infer<typeof signUpBody>) {
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const slug = `${body.organizationName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}-${Date.now().toString(36)}`;
    const [organization] = await tx
      .insert(organizations)
      .values({ name: body.organizationName, slug })
      .returning({ id: organizations.id });
    await tx.insert(plants).values(PLANTS.map((name) => ({ organizationId: organization.id, name })));
    const [user] = await tx
      .insert(users)
      .values({ organizationId: organization.id, name: body.name, email: body.email, role: 'admin', passwordHash })
      .returning({ id: users.id });
    return user.id;
  });
  return createSession(db, userId);
}

/**
 * An invited user chooses a password and is signed in; the invitation is spent. The audit trail names them: the
 * change is their own.
 */
export async function acceptInvite(db: Database, body: z.infer<typeof acceptInviteBody>, device?: string) {
  const passwordHash = await hashPassword(body.password);
  const invited = and(
    eq(users.inviteTokenHash, hashToken(body.token)),
    gt(users.inviteExpiresAt, new Date()),
    eq(users.active, true),
  );
  const [found] = await db.select({ id: users.id }).from(users).where(invited);
  const [user] = found
    ? await asActor(db, { userId: found.id, device }, (tx) =>
        tx
          .update(users)
          .set({ passwordHash, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date() })
          .where(and(eq(users.id, found.id), invited))
          .returning({ id: users.id }),
      )
    : [];
  if (!user) throw new HttpError(400, 'This invitation is not valid any more. Ask your administrator for a new one.');
  return createSession(db, user.id);
}
