import { SIGNING_TEXTS } from '@common/offline-signing';
import type { SessionUser } from '@common/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';
import { clearFailures, lockedAccounts, lockedMessage } from '../../lib/password-attempts';
import { verifyPassword } from '../../lib/tokens';
import { HttpError, WrongPassword } from '../../plugins/errors';

export const WRONG_PASSWORD = SIGNING_TEXTS.wrongPassword;

/**
 * The signer's re-entered password, checked as a sign-in's (argon2) and spending the same per-account allowance
 * (issue 27, item 2: it was an unlimited oracle); the failure is counted after the transaction rolls back
 * (WrongPassword). Returns the signer's name as it is now, to print on the signature.
 */
export async function checkSignerPassword(db: Database, actor: SessionUser, password: string): Promise<string> {
  const user = await activeSigner(db, actor);
  const now = Date.now();
  const until = (await lockedAccounts(db, [actor.id], now)).get(actor.id);
  if (until !== undefined) throw new HttpError(429, lockedMessage(until, now));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new WrongPassword(WRONG_PASSWORD, actor.id);
  }
  await clearFailures(db, actor.id);
  return user.name;
}

/** The signer's row while they are active; undefined once deactivated. */
export async function activeSigner(db: Database, actor: SessionUser) {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, name: users.name, active: users.active })
    .from(users)
    .where(and(eq(users.id, actor.id), eq(users.organizationId, actor.organizationId)));
  return user?.active ? user : undefined;
}
