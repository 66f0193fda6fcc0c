import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { parts, plants, stores } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';

export const PART_NOT_FOUND = 'Part not found';
export const STORE_NOT_FOUND = 'Store not found';

/**
 * The stores a request may see and move stock in: the organization's, and of a plant-limited user only those at
 * their plants. Parts are the organization's catalog; their stock is seen store by store through this.
 */
export function storesInScope(scope: Scope): SQL {
  const ofOrganization = eq(stores.organizationId, scope.organizationId);
  if (!scope.plants) return ofOrganization;
  return and(ofOrganization, inArray(plants.name, scope.plants)) as SQL;
}

export type StoreInScope = { id: number; name: string; plant: string };

/** The store, inside the scope; 404 otherwise, as if it did not exist. */
export async function storeInScope(db: Database, scope: Scope, id: number): Promise<StoreInScope> {
  const [row] = await db
    .select({ id: stores.id, name: stores.name, plant: plants.name })
    .from(stores)
    .innerJoin(plants, eq(plants.id, stores.plantId))
    .where(and(storesInScope(scope), eq(stores.id, id)));
  if (!row) throw notFound(STORE_NOT_FOUND);
  return row;
}

export type PartInScope = { id: number; partNumber: string; name: string; unit: string; unitCost: number };

/** The part of the organization's catalog; 404 otherwise. */
export async function partInScope(db: Database, scope: Scope, id: number): Promise<PartInScope> {
  const [row] = await db
    .select({
      id: parts.id,
      partNumber: parts.partNumber,
      name: parts.name,
      unit: parts.unit,
      unitCost: parts.unitCost,
    })
    .from(parts)
    .where(and(eq(parts.organizationId, scope.organizationId), eq(parts.id, id)));
  if (!row) throw notFound(PART_NOT_FOUND);
  return row;
}
