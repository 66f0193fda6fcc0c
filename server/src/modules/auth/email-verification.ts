/**
 * Proof that whoever made an account holds its address (issue 27, item 1; docs/decisions/097). An account made
 * with an address another account (any organization) already uses cannot sign in until the link mailed to the
 * address is opened: otherwise anyone could squat a victim's address in an organization of their own. Only the
 * token's sha256 is stored.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { MailContext } from '../../lib/mail';
import { hashToken, newToken } from '../../lib/tokens';

/** A link lasts a day; a sign-in with the right password sends a new one, at most every ten minutes. */
const LINK_LIFETIME_MS = 24 * 3_600_000;
const RESEND_AFTER_MS = 10 * 60_000;

export const UNVERIFIED_MESSAGE =
  'Confirm your email address first: open the link we emailed you, then sign in again. (A new link is sent when the last one is more than ten minutes old.)';
export const VERIFICATION_SENT =
  'This email address is already used by another account. We emailed a link to it: open it to confirm the address, then sign in.';
export const EMAIL_VERIFIED = 'Your email address is confirmed. You can sign in now.';
export const LINK_NOT_VALID = 'This link is not valid any more. Sign in with your password to get a new one.';

/** Whether an account other than `exceptUserId` uses the address, in any organization. */
export async function addressUsedElsewhere(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined ? eq(users.email, email) : and(eq(users.email, email), ne(users.id, exceptUserId)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the account as needing its address proven and mails a fresh link, unless one went out in the last ten
 * minutes (a squatter signing in again and again must not flood the address's holder).
 */
export async function sendAddressLink(db: Database, mail: MailContext, userId: number, now = Date.now()) {
  const { token, tokenHash } = newToken();
  const [user] = await db
    .update(users)
    .set({
      emailUnverified: true,
      emailTokenHash: tokenHash,
      emailTokenExpiresAt: new Date(now + LINK_LIFETIME_MS),
    })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.emailTokenExpiresAt} is null or ${users.emailTokenExpiresAt} < ${new Date(now + LINK_LIFETIME_MS - RESEND_AFTER_MS)})`,
      ),
    )
    .returning({ email: users.email, name: users.name });
  if (!user) return;
  await mail.mailer.send({
    to: user.email,
    subject: 'ValveOps: confirm your email address',
    text: `Hello ${user.name},\n\nan account of ValveOps was made with this address. To confirm it is yours, open this link and press Confirm:\n\n${mail.publicUrl}/api/auth/verify-email?token=${token}\n\nThe link lasts 24 hours. If you did not ask for an account, ignore this mail: nobody can sign in to it.`,
  });
}

/** Proves the address of the account whose link this is; false when the token is unknown or lapsed. */
export async function verifyEmail(db: Database, token: string, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailUnverified: false, emailTokenHash: null, emailTokenExpiresAt: null })
    .where(and(eq(users.emailTokenHash, hashToken(token)), gt(users.emailTokenExpiresAt, new Date(now))))
    .returning({ id: users.id });
  return rows.length > 0;
}
