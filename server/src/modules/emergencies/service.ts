import type { Emergency, RaiseEmergencyBody } from '@common/schemas/emergencies';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { emergencies, users } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { notifyUsers, settleNotifications, usersOfPlant } from '../notifications';
import { checkPlantName } from '../plants';

const raiser = alias(users, 'raiser');
const clearer = alias(users, 'clearer');

/** A plant-limited user sees and raises emergencies of their plants only. */
const inPlants = (scope: Scope) =>
  scope.plants ? inArray(emergencies.plant, scope.plants.length ? scope.plants : ['']) : undefined;

async function read(db: Database, where: ReturnType<typeof and>): Promise<Emergency[]> {
  const rows = await db
    .select({
      id: emergencies.id,
      plant: emergencies.plant,
      reason: emergencies.reason,
      raisedAt: emergencies.raisedAt,
      clearedAt: emergencies.clearedAt,
      clearNote: emergencies.clearNote,
      raisedById: raiser.id,
      raisedByName: raiser.name,
      clearedById: clearer.id,
      clearedByName: clearer.name,
    })
    .from(emergencies)
    .leftJoin(raiser, eq(raiser.id, emergencies.raisedByUserId))
    .leftJoin(clearer, eq(clearer.id, emergencies.clearedByUserId))
    .where(where)
    .orderBy(desc(emergencies.raisedAt), desc(emergencies.id));
  return rows.map((row) => ({
    id: row.id,
    plant: row.plant,
    reason: row.reason,
    raisedBy: row.raisedById !== null ? { id: row.raisedById, name: row.raisedByName ?? '' } : null,
    raisedAt: row.raisedAt.toISOString(),
    clearedBy: row.clearedById !== null ? { id: row.clearedById, name: row.clearedByName ?? '' } : null,
    clearedAt: row.clearedAt?.toISOString() ?? null,
    clearNote: row.clearNote,
  }));
}

/** The emergencies in force in the user's plants, newest first: the banner shows them. */
export function activeEmergencies(db: Database, scope: Scope) {
  return read(
    db,
    and(eq(emergencies.organizationId, scope.organizationId), isNull(emergencies.clearedAt), inPlants(scope)),
  );
}

/** Raises an emergency for a plant and tells everyone who works there (the bell, besides the banner). */
export async function raiseEmergency(
  db: Database,
  scope: Scope,
  user: { id: number; name: string },
  given: RaiseEmergencyBody,
): Promise<Emergency> {
  const body = { ...given, plant: (await checkPlantName(db, scope.organizationId, given.plant)).name };
  if (scope.plants && !scope.plants.includes(body.plant)) {
    throw notFound(`You do not work in ${body.plant}: raise the emergency for one of your plants.`);
  }
  const [row] = await db
    .insert(emergencies)
    .values({ organizationId: scope.organizationId, plant: body.plant, reason: body.reason, raisedByUserId: user.id })
    .returning({ id: emergencies.id });
  const people = await usersOfPlant(db, scope.organizationId, body.plant);
  await notifyUsers(db, scope.organizationId, people, {
    kind: 'emergency',
    key: `emergency:${row.id}`,
    title: `Emergency in ${body.plant}`,
    body: `${user.name}: ${body.reason}`,
    link: '/app',
  });
  const [raised] = await read(db, eq(emergencies.id, row.id));
  return raised;
}

/**
 * A supervisor (or admin) ends an emergency with an all-clear note; its record keeps who, when and the note, and
 * the plant's people are told under the bell, as they were of the raising, which stops sorting first as new.
 */
export async function clearEmergency(
  db: Database,
  scope: Scope,
  user: { id: number; name: string },
  id: number,
  note: string,
): Promise<Emergency> {
  const cleared = await db
    .update(emergencies)
    .set({ clearedAt: new Date(), clearedByUserId: user.id, clearNote: note })
    .where(
      and(
        eq(emergencies.id, id),
        eq(emergencies.organizationId, scope.organizationId),
        isNull(emergencies.clearedAt),
        inPlants(scope),
      ),
    )
    .returning({ id: emergencies.id, plant: emergencies.plant });
  if (!cleared.length) throw notFound('No active emergency with this id');
  const people = await usersOfPlant(db, scope.organizationId, cleared[0].plant);
  await settleNotifications(db, scope.organizationId, `emergency:${id}`);
  await notifyUsers(db, scope.organizationId, people, {
    kind: 'all-clear',
    key: `emergency:${id}:cleared`,
    title: `All clear in ${cleared[0].plant}`,
    body: `${user.name}: ${note}`,
    link: '/app',
  });
  const [row] = await read(db, eq(emergencies.id, id));
  return row;
}
