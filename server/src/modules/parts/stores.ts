import type { createStoreBody, Store, updateStoreBody } from '@common/schemas/parts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { partStock, plants, stores, users } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { conflict, notFound, refuseDuplicate } from '../../plugins/errors';
import { colleagueNamed } from '../users';
import { STORE_NOT_FOUND, storeInScope, storesInScope } from './scope';

/**
 * The organization's stores the request may see, by plant and name, with how many parts each holds some of and
 * who orders for it; `id` keeps one.
 */
export async function listStores(db: Database, scope: Scope, id?: number): Promise<Store[]> {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      plantId: stores.plantId,
      plant: plants.name,
      parts: sql<number>`(select count(*) from ${partStock} where ${partStock.storeId} = ${stores.id}
        and ${partStock.onHand} > 0)::int`,
      contactId: users.id,
      contactName: users.name,
    })
    .from(stores)
    .innerJoin(plants, eq(plants.id, stores.plantId))
    .leftJoin(users, eq(users.id, stores.reorderContactUserId))
    .where(and(storesInScope(scope), id === undefined ? undefined : eq(stores.id, id)))
    .orderBy(asc(plants.name), asc(stores.name));
  return rows.map(({ contactId, contactName, ...store }) => ({
    ...store,
    reorderContact: contactId !== null && contactName !== null ? { id: contactId, name: contactName } : null,
  }));
}

async function presentStore(db: Database, scope: Scope, id: number): Promise<Store> {
  const [store] = await listStores(db, scope, id);
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store;
}

/** Who orders for a store is a person of the organization who works there now (or nobody). */
async function refuseUnlessColleague(db: Database, organizationId: number, userId: number | null | undefined) {
  if (userId === null || userId === undefined) return;
  await colleagueNamed(db, organizationId, userId, 'reorderContactUserId', { active: true });
}

const duplicateName = (plant: string, name: string) => conflict(`${plant} already has a store named ${name}.`);

/** A store at one of the organization's plants (of the user's own plants when they are limited). */
export async function createStore(db: Database, scope: Scope, body: z.output<typeof createStoreBody>): Promise<Store> {
  const [plant] = await db
    .select({ id: plants.id, name: plants.name })
    .from(plants)
    .where(and(eq(plants.organizationId, scope.organizationId), eq(plants.id, body.plantId)));
  if (!plant || (scope.plants && !scope.plants.includes(plant.name))) throw notFound('Plant not found');
  await refuseUnlessColleague(db, scope.organizationId, body.reorderContactUserId);
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(stores)
        .values({
          organizationId: scope.organizationId,
          plantId: plant.id,
          name: body.name,
          reorderContactUserId: body.reorderContactUserId ?? null,
        })
        .returning({ id: stores.id }),
    duplicateName(plant.name, body.name),
  );
  return presentStore(db, scope, row.id);
}

/** A store renamed or its orderer named, inside the scope (another plant's store is 404, as if it did not exist). */
export async function updateStore(
  db: Database,
  scope: Scope,
  id: number,
  body: z.output<typeof updateStoreBody>,
): Promise<Store> {
  const store = await storeInScope(db, scope, id);
  await refuseUnlessColleague(db, scope.organizationId, body.reorderContactUserId);
  await refuseDuplicate(
    () => db.update(stores).set(body).where(eq(stores.id, store.id)),
    duplicateName(store.plant, body.name ?? ''),
  );
  return presentStore(db, scope, store.id);
}
