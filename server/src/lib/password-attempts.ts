/**
 * The one limit on password guesses, per account, shared by sign-in and the e-signature's re-entered password
 * (issue 27, items 1 and 2; docs/decisions/097): failures are counted on the account the password was checked
 * against, never on an address, and only that account's own success clears them. Past the limit both refuse until
 * the window ends. The per-client limit (plugins/security.ts) is in memory; this one is in the database, so no
 * pool of client addresses or restart gets around it.
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordFailures, users } from '../db/schema';
import type { Mailer } from './mail';

/** Failed checks one account may take in a window: a fumbled glove, not a guess (issue 27, item 1). */
export const ACCOUNT_FAILURES = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;

/** When each of these accounts may be tried again, for those whose failures in the window are spent. */
export async function lockedAccounts(db: Database, userIds: number[], now: number): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select()
    .from(passwordFailures)
    .where(
      and(
        inArray(passwordFailures.userId, userIds),
        gte(passwordFailures.failures, ACCOUNT_FAILURES),
        gte(passwordFailures.windowStartedAt, new Date(now - ACCOUNT_WINDOW_MS)),
      ),
    );
  return new Map(rows.map((r) => [r.userId, r.windowStartedAt.getTime() + ACCOUNT_WINDOW_MS]));
}

/**
 * One more failure on each account (a window older than ACCOUNT_WINDOW_MS starts again at one). The holders of
 * accounts this failure locked are told by mail, once; returns when the latest of the locked accounts may be tried
 * again, or null when none is locked.
 */
export async function recordFailures(
  db: Database,
  mailer: Mailer,
  userIds: number[],
  now: number,
): Promise<number | null> {
  if (!userIds.length) return null;
  const windowStart = new Date(now - ACCOUNT_WINDOW_MS);
  const stale = sql`${passwordFailures.windowStartedAt} < ${windowStart}`;
  const rows = await db
    .insert(passwordFailures)
    .values(userIds.map((userId) => ({ userId, failures: 1, windowStartedAt: new Date(now) })))
    .onConflictDoUpdate({
      target: passwordFailures.userId,
      set: {
        failures: sql`case when ${stale} then 1 else ${passwordFailures.failures} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${new Date(now)} else ${passwordFailures.windowStartedAt} end`,
      },
    })
    .returning();
  const locked = rows.filter((r) => r.failures >= ACCOUNT_FAILURES);
  const justLocked = locked.filter((r) => r.failures === ACCOUNT_FAILURES).map((r) => r.userId);
  if (justLocked.length) {
    const holders = await db.select({ email: users.email }).from(users).where(inArray(users.id, justLocked));
    for (const { email } of holders) {
      await mailer.send({
        to: email,
        subject: 'ValveOps: sign-in to your account is paused',
        text: `There were ${ACCOUNT_FAILURES} wrong passwords for your ValveOps account in a row. Signing in and e-signing are paused for ${ACCOUNT_WINDOW_MS / 60_000} minutes.\n\nIf it was not you, someone is guessing your password: tell your administrator.`,
      });
    }
  }
  return locked.length ? Math.max(...locked.map((r) => r.windowStartedAt.getTime() + ACCOUNT_WINDOW_MS)) : null;
}

/** The account's own right password clears its count; nobody else's does. */
export async function clearFailures(db: Database, userId: number): Promise<void> {
  await db.delete(passwordFailures).where(eq(passwordFailures.userId, userId));
}

/** The refusal's words: when the holder may try again, in minutes. */
export function lockedMessage(until: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return `Too many failed sign-ins for this account: signing in and e-signing are paused. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
