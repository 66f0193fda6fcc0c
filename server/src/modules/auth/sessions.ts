import type { SessionUser } from '@common/schemas/auth';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';
import { userPlantNames } from './scope';
import { hashToken, newToken } from './tokens';

const DAY = 86_400_000;
/** A session lasts two weeks from its last renewal; one used in its second week is renewed. */
export const SESSION_DAYS = 14;
const RENEW_WHEN_DAYS_LEFT = 7;

export async function createSession(db: Database, userId: number, now = new Date()) {
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY);
  await db.insert(sessions).values({ tokenHash, userId, expiresAt, createdAt: now, lastSeenAt: now });
  return { token, expiresAt };
}

/** The signed-in user behind a cookie token, or null when the session is unknown, expired or its user deactivated. */
export async function userForToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ user: SessionUser; renewedUntil: Date | null } | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      organizationId: users.organizationId,
      organizationName: organizations.name,
      expiresAt: sessions.expiresAt,
      plants: userPlantNames,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.active, true)));
  if (!row) return null;
  const { expiresAt, plants: plantNames, ...user } = row;
  let renewedUntil: Date | null = null;
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_DAYS_LEFT * DAY) {
    renewedUntil = new Date(now.getTime() + SESSION_DAYS * DAY);
    await db
      .update(sessions)
      .set({ expiresAt: renewedUntil, lastSeenAt: now })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: { ...user, plants: plantNames ?? [] }, renewedUntil };
}

export async function endSession(db: Database, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Signs a user out everywhere, as deactivation must. */
export async function endAllSessions(db: Database, userId: number) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
