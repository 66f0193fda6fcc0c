import type { signInBody } from '@common/schemas/auth';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import type { MailContext } from '../../lib/mail';
import { clearFailures, lockedAccounts, lockedMessage, recordFailures } from '../../lib/password-attempts';
import { createSession } from '../../lib/sessions';
import { verifyPassword } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import { sendAddressLink, UNVERIFIED_MESSAGE } from './email-verification';

const WRONG_CREDENTIALS = 'Email or password is incorrect.';
export const CHOOSE_ORGANIZATION = 'This email has accounts in more than one organization. Choose one to sign in.';

/**
 * Password checks every sign-in makes, real or not (issue 27, item 12: a failed sign-in took 21 ms for an address
 * with one account and 32 ms for one with two, which told a stranger where the address was used). An address with
 * more accounts than this takes one check per account: rare (a contractor in many organizations), and said in
 * docs/permissions.md.
 */
export const SIGN_IN_CHECKS = 3;

/**
 * One address may hold accounts in several organizations; the password is checked against each. One account
 * opened: signed in. Several: 409 with their organizations, asked again with `organizationId`. A deactivated
 * account gets the same answer as a wrong password: nothing to learn by probing.
 *
 * Failures are counted per account (lib/password-attempts.ts): a password that opens none of the address's
 * accounts is a failure on each it was checked against (one that opens some is no guess at the others); an account whose failures are spent is not checked at all (a dummy check takes its place) and
 * the sign-in is a 429 saying when to try again. Only an account's own success clears its count (issue 27, item 1:
 * a squatter's sign-ins on the victim's address cleared the victim's count). An account whose address is not yet
 * proven opens to nobody; its holder, with the right password, is told to open the link (a fresh one is mailed).
 */
export async function signIn(db: Database, mail: MailContext, body: z.infer<typeof signInBody>, now = Date.now()) {
  const email = body.email.toLowerCase();
  const accounts = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      active: users.active,
      emailUnverified: users.emailUnverified,
      organizationId: users.organizationId,
      organizationName: organizations.name,
    })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email))
    .orderBy(organizations.name, organizations.id);
  const tried = body.organizationId ? accounts.filter((a) => a.organizationId === body.organizationId) : accounts;
  const locked = await lockedAccounts(
    db,
    tried.map((a) => a.id),
    now,
  );

  const opened: typeof tried = [];
  const failed: number[] = [];
  let checks = 0;
  for (const account of tried) {
    checks++;
    if (locked.has(account.id)) {
      await verifyPassword(null, body.password);
      continue;
    }
    if ((await verifyPassword(account.passwordHash, body.password)) && account.active) opened.push(account);
    else failed.push(account.id);
  }
  for (; checks < SIGN_IN_CHECKS; checks++) await verifyPassword(null, body.password);

  const proven = opened.filter((a) => !a.emailUnverified);
  if (proven.length === 0 && opened.length) {
    for (const account of opened) {
      await clearFailures(db, account.id);
      await sendAddressLink(db, mail, account.id, now);
    }
    throw new HttpError(403, UNVERIFIED_MESSAGE);
  }
  if (proven.length === 0) {
    // A password that opened none of the address's accounts is a failure on each it was checked against; the
    // failure that spends an account's allowance is still answered 401, the next ones 429.
    await recordFailures(db, mail.mailer, failed, now);
    if (locked.size) throw new HttpError(429, lockedMessage(Math.max(...locked.values()), now));
    throw new HttpError(401, WRONG_CREDENTIALS);
  }
  for (const account of proven) await clearFailures(db, account.id);
  if (proven.length > 1) {
    throw new HttpError(409, CHOOSE_ORGANIZATION, {
      organizations: proven.map((a) => ({ id: a.organizationId, name: a.organizationName })),
    });
  }
  return createSession(db, proven[0].id);
}
