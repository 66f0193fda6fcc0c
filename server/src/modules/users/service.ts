import type { createUserBody, ManagedUser, updateUserBody } from '@common/schemas/auth';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, inTransaction } from '../../db/client';
import { userPlants, users } from '../../db/schema';
import type { MailContext } from '../../lib/mail';
import { userPlantNames } from '../../lib/scope';
import { endAllSessions, forgetUserSessions } from '../../lib/sessions';
import { hashPassword, newToken } from '../../lib/tokens';
import { HttpError, notFound, refuseDuplicate } from '../../plugins/errors';
import { addressUsedElsewhere, sendAddressLink } from '../auth';
import { checkPlantName } from '../plants';

const INVITE_DAYS = 7;
const USER_NOT_FOUND = 'User not found';

function selectUsers(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      active: users.active,
      plants: userPlantNames,
      invited: sql<boolean>`${users.inviteTokenHash} is not null`,
      createdAt: users.createdAt,
      version: users.version,
    })
    .from(users);
}

function present(row: Awaited<ReturnType<ReturnType<typeof selectUsers>['execute']>>[number]): ManagedUser {
  return { ...row, plants: row.plants ?? [], createdAt: row.createdAt.toISOString() };
}

export async function listUsers(db: Database, organizationId: number): Promise<ManagedUser[]> {
  const rows = await selectUsers(db).where(eq(users.organizationId, organizationId)).orderBy(asc(users.name));
  return rows.map(present);
}

async function getUser(db: Database, organizationId: number, id: number): Promise<ManagedUser> {
  const [row] = await selectUsers(db).where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return present(row);
}

async function setPlants(db: Database, organizationId: number, userId: number, names: string[]) {
  await db.delete(userPlants).where(eq(userPlants.userId, userId));
  if (!names.length) return;
  // Each name is the organization's (a 400 naming the entry and listing its plants otherwise), in its spelling.
  const rows: { id: number }[] = [];
  for (const [i, name] of names.entries()) {
    rows.push(await checkPlantName(db, organizationId, name, { field: `plants.${i}`, active: false }));
  }
  await db.insert(userPlants).values(rows.map((p) => ({ userId, plantId: p.id })));
}

/**
 * A new user of the organization, with a password hash, or invited (a link valid for a week, its token returned):
 * the one insert of adding a user by hand and of a users import.
 */
export async function addUser(
  db: Database,
  organizationId: number,
  body: Omit<z.infer<typeof createUserBody>, 'password'>,
  passwordHash: string | null,
) {
  const invite = passwordHash ? null : newToken();
  // Only this organization's users are looked at: whether the address is used elsewhere is not the admin's to learn.
  const id = await refuseDuplicate(
    () =>
      inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            organizationId,
            name: body.name,
            email: body.email,
            role: body.role,
            passwordHash,
            inviteTokenHash: invite?.tokenHash ?? null,
            inviteExpiresAt: invite ? new Date(Date.now() + INVITE_DAYS * 86_400_000) : null,
          })
          .returning({ id: users.id });
        await setPlants(tx, organizationId, row.id, body.plants);
        return row.id;
      }),
    new HttpError(409, 'A user with this email already exists in your organization.', {
      issues: [{ path: 'email', message: 'is already used by a user of your organization' }],
    }),
  );
  return { id, invite };
}

/** The link an invited person opens to choose their password (the screen at /accept-invite). */
export const inviteLink = (appOrigin: string, token: string) => `${appOrigin}/accept-invite?token=${token}`;

/**
 * With a password the user can sign in at once; without, an invitation link valid for a week is returned. A
 * password given for an address another account already uses (any organization) opens nothing until the link
 * mailed to the address is opened (issue 27, item 1): the admin could otherwise squat anyone's address.
 */
export async function createUser(
  db: Database,
  mail: MailContext,
  organizationId: number,
  body: z.infer<typeof createUserBody>,
  appOrigin: string,
): Promise<{ user: ManagedUser; inviteUrl: string | null }> {
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  const { id, invite } = await addUser(db, organizationId, body, passwordHash);
  if (passwordHash && (await addressUsedElsewhere(db, body.email, id))) await sendAddressLink(db, mail, id);
  return {
    user: await getUser(db, organizationId, id),
    inviteUrl: invite ? inviteLink(appOrigin, invite.token) : null,
  };
}

/**
 * Role, plants and active flag (and the name, which only an import changes); a stale version is refused, and the
 * last active admin cannot be removed.
 */
export async function updateUser(
  db: Database,
  organizationId: number,
  actingUserId: number,
  id: number,
  body: z.infer<typeof updateUserBody> & { name?: string },
): Promise<ManagedUser> {
  await inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ role: users.role, active: users.active, version: users.version })
      .from(users)
      .where(and(eq(users.organizationId, organizationId), eq(users.id, id)))
      .for('update');
    if (!current) throw notFound(USER_NOT_FOUND);
    if (current.version !== body.version) {
      throw new HttpError(409, 'This user was changed by someone else. Reload to see the latest and try again.');
    }
    const losesAdmin =
      current.role === 'admin' && current.active && (body.active === false || (body.role && body.role !== 'admin'));
    if (losesAdmin) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.role, 'admin'),
            eq(users.active, true),
            ne(users.id, id),
          ),
        );
      if (n === 0) throw new HttpError(409, 'An organization needs at least one active admin.');
    }
    if (id === actingUserId && body.active === false)
      throw new HttpError(409, 'You cannot deactivate your own account.');
    await tx
      .update(users)
      .set({
        ...(body.name && { name: body.name }),
        ...(body.role && { role: body.role }),
        ...(body.active !== undefined && { active: body.active }),
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    if (body.plants) await setPlants(tx, organizationId, id, body.plants);
    // A deactivated user's sessions end at once; a role or plant change applies from the next request anyway.
    if (body.active === false) await endAllSessions(tx, id);
  });
  forgetUserSessions(id);
  return getUser(db, organizationId, id);
}

/** Who work can be assigned to: the organization's active users, for every signed-in user's forms. */
export async function listAssignees(db: Database, organizationId: number) {
  return db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.active, true)))
    .orderBy(asc(users.name));
}
