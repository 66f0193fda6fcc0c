import type { SessionUser } from '@common/schemas/auth';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { ListenOn } from '../db/notifications';
import { preparedQuery } from '../db/prepared';
import { organizations, sessions, users } from '../db/schema';
import { userPlantNames } from './scope';
import { hashToken, newToken } from './tokens';

const DAY = 86_400_000;
/** A session lasts two weeks from its last renewal; one used in its second week is renewed. */
export const SESSION_DAYS = 14;
const RENEW_WHEN_DAYS_LEFT = 7;

/**
 * Sessions looked up in the last few seconds. A screen's reads arrive in a burst and each would otherwise cost a
 * query. A change made through this process (sign-out, deactivation, role or plant change) drops its entries at
 * once; one made through another server arrives as the database's 'session_changed' notice (migration 0049), and
 * while this process may be missing those notices it remembers none.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_SIZE = 10_000;
const recent = new Map<string, { user: SessionUser; expiresAt: number; cachedAt: number }>();

type Lookup = { user: SessionUser; renewedUntil: Date | null };
/** Lookups under way: a burst of reads on one session, or one as the cached entry lapses, waits for one query. */
const lookups = new Map<string, Promise<Lookup | null>>();
/** Counts the forgets: a lookup that began before one may have read what it undid, so it is not remembered. */
let forgets = 0;
/** Whether the other servers' changes reach this one: null with no listener (one process, which sees its own). */
let hearing: boolean | null = null;

/** The channel migration 0049's triggers notify on, with the id of the user whose sessions changed. */
const SESSION_CHANGED = 'session_changed';

/** Hears the sessions other servers end or change; resolves, once listening, to the function that stops. */
export async function followSessionChanges(listen: ListenOn): Promise<() => Promise<void>> {
  const stop = await listen(SESSION_CHANGED, {
    message: (payload) => {
      const userId = Number(payload);
      forgetUserSessions(Number.isInteger(userId) ? userId : null);
    },
    listening: (on) => {
      if (!on) forgetUserSessions(null);
      hearing = on;
    },
  });
  return async () => {
    await stop();
    hearing = null;
  };
}

function remember(tokenHash: string, user: SessionUser, expiresAt: number, now: number) {
  if (hearing === false) return;
  if (recent.size >= SESSION_CACHE_SIZE) recent.delete(recent.keys().next().value as string);
  recent.set(tokenHash, { user, expiresAt, cachedAt: now });
}

/** After a change to a user (null: to anyone): their next request reads the database again. */
export function forgetUserSessions(userId: number | null): void {
  forgets++;
  lookups.clear();
  if (userId === null) recent.clear();
  else for (const [hash, entry] of recent) if (entry.user.id === userId) recent.delete(hash);
}

export async function createSession(db: Database, userId: number, now = new Date()) {
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY);
  await db.insert(sessions).values({ tokenHash, userId, expiresAt, createdAt: now, lastSeenAt: now });
  return { token, expiresAt };
}

/**
 * The user behind a cookie token when this process remembers the session (looked up in the last few seconds), with
 * no database round trip; null otherwise, whatever the database would say.
 */
export function rememberedSessionUser(token: string, now = Date.now()): SessionUser | null {
  const known = recent.get(hashToken(token));
  return known && now - known.cachedAt < SESSION_CACHE_MS && known.expiresAt > now ? known.user : null;
}

/** The signed-in user behind a cookie token, or null when the session is unknown, expired or its user deactivated. */
export function userForToken(db: Database, token: string, now = new Date()): Promise<Lookup | null> {
  const tokenHash = hashToken(token);
  const remembered = rememberedSessionUser(token, now.getTime());
  if (remembered) return Promise.resolve({ user: remembered, renewedUntil: null });
  let lookup = lookups.get(tokenHash);
  if (!lookup) {
    const started = lookUp(db, tokenHash, now).finally(() => {
      if (lookups.get(tokenHash) === started) lookups.delete(tokenHash);
    });
    lookups.set(tokenHash, started);
    lookup = started;
  }
  return lookup;
}

/**
 * The columns of a signed-in user (`SessionUser`, its plant names possibly null), for a query that joins `users` and
 * its organization: a session's, an API token's.
 */
export const signedInUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  organizationId: users.organizationId,
  organizationName: organizations.name,
  demo: organizations.demo,
  plants: userPlantNames,
};

async function lookUp(db: Database, tokenHash: string, now: Date): Promise<Lookup | null> {
  const generation = forgets;
  const [row] = await preparedQuery(db, 'session_user', () =>
    db
      .select({ ...signedInUserColumns, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.active, true),
        ),
      )
      .prepare('session_user'),
  ).execute({ tokenHash, now });
  if (!row) {
    recent.delete(tokenHash);
    return null;
  }
  const { expiresAt, plants: plantNames, ...fields } = row;
  const user = { ...fields, plants: plantNames ?? [] };
  let renewedUntil: Date | null = null;
  if (expiresAt.getTime() - now.getTime() < RENEW_WHEN_DAYS_LEFT * DAY) {
    renewedUntil = new Date(now.getTime() + SESSION_DAYS * DAY);
    await db
      .update(sessions)
      .set({ expiresAt: renewedUntil, lastSeenAt: now })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  if (generation === forgets) remember(tokenHash, user, (renewedUntil ?? expiresAt).getTime(), now.getTime());
  return { user, renewedUntil };
}

export async function endSession(db: Database, token: string) {
  const tokenHash = hashToken(token);
  forgets++;
  lookups.delete(tokenHash);
  recent.delete(tokenHash);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Signs a user out everywhere, as deactivation must. */
export async function endAllSessions(db: Database, userId: number) {
  forgetUserSessions(userId);
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
