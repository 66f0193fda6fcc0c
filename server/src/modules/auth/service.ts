import type { acceptInviteBody, signUpBody } from '@common/schemas/auth';
import { and, count, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { asActor } from '../../lib/audit';
import type { MailContext } from '../../lib/mail';
import { createSession } from '../../lib/sessions';
import { hashPassword, hashToken } from '../../lib/tokens';
import { HttpError } from '../../plugins/errors';
import { addFirstPlant } from '../plants';
import { addressUsedElsewhere, sendAddressLink, VERIFICATION_SENT } from './email-verification';

export async function hasAnyUser(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return n > 0;
}

/** Accounts one address may open by sign-up in a day (issue 27, item 1); the per-client limit is on the route. */
const SIGN_UPS_PER_ADDRESS = 3;
const SIGN_UP_WINDOW_MS = 24 * 3_600_000;

/**
 * A new organization with its first plant (named at sign-up, issue 30) and its first admin, signed in. An address used in another
 * organization is no reason to refuse, but that account cannot sign in until the address is proven (issue 27,
 * item 1): no session then, a link is mailed to the address instead (`verificationSent`).
 */
export async function signUp(db: Database, mail: MailContext, body: z.infer<typeof signUpBody>, now = Date.now()) {
  const email = body.email.toLowerCase();
  const [{ recent }] = await db
    .select({ recent: count() })
    .from(users)
    .where(and(eq(users.email, email), gt(users.createdAt, new Date(now - SIGN_UP_WINDOW_MS))));
  if (recent >= SIGN_UPS_PER_ADDRESS)
    throw new HttpError(429, 'Too many accounts were made with this email address today. Try again tomorrow.');
  const used = await addressUsedElsewhere(db, email);
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
    await addFirstPlant(tx, organization.id, body.plantName ?? body.organizationName, body.timeZone);
    const [user] = await tx
      .insert(users)
      .values({ organizationId: organization.id, name: body.name, email, role: 'admin', passwordHash })
      .returning({ id: users.id });
    return user.id;
  });
  if (used) {
    await sendAddressLink(db, mail, userId, now);
    return { verificationSent: true as const, message: VERIFICATION_SENT };
  }
  return createSession(db, userId);
}

/**
 * An invited user chooses a password and is signed in; the invitation is spent. The audit trail names them: the
 * change is their own.
 */
export async function acceptInvite(
  db: Database,
  mail: MailContext,
  body: z.infer<typeof acceptInviteBody>,
  device?: string,
) {
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
          .returning({ id: users.id, email: users.email }),
      )
    : [];
  if (!user) throw new HttpError(400, 'This invitation is not valid any more. Ask your administrator for a new one.');
  // The invitation link reached the administrator who made it, not necessarily the address: one already used by
  // another account is proven first, as at sign-up (issue 27, item 1).
  if (await addressUsedElsewhere(db, user.email, user.id)) {
    await sendAddressLink(db, mail, user.id);
    return { verificationSent: true as const, message: VERIFICATION_SENT };
  }
  return createSession(db, user.id);
}
