import { PERMISSIONS } from '@common/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { partStock, parts, plants, stores, users } from '../../db/schema';
import { notifyUsers, usersOfPlant } from '../notifications';
import { amount, fellUnderMinimum, toThousandths } from './ledger-rules';

/*
 * The reorder notification (issue 33, docs/decisions/110-parts-ledger.md): when a movement takes a part's available
 * stock, every store of the organization together, from at or above its minimum to under it, whoever orders for the
 * store that moved is told. The store names that person; a store naming nobody (or someone since deactivated) falls
 * to the parts managers of its plant. Written in the movement's transaction: a refused movement tells nobody.
 */

/** How the notification names the act that took the part under its minimum. */
const LAST_ACT: Record<string, string> = {
  reservation: 'reserved in',
  issue: 'taken from',
  adjustment: 'counted down in',
};

/** The active people of the plant whose role may manage parts (order them, receive them). */
async function partsManagersOf(db: Database, organizationId: number, plant: string) {
  const people = await usersOfPlant(db, organizationId, plant);
  if (!people.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, people), inArray(users.role, [...PERMISSIONS['parts:manage']])));
  return rows.map((row) => row.id);
}

/**
 * After a movement of the part in the store lowered its available by `lowered` thousandths (the part is locked, so
 * the total read here is the one this movement left). One notification per person, keyed by the movement.
 */
export async function tellIfUnderMinimum(
  db: Database,
  key: { organizationId: number; partId: number; storeId: number },
  movement: { id: number; kind: string },
  lowered: number,
) {
  const [part] = await db
    .select({ partNumber: parts.partNumber, name: parts.name, unit: parts.unit, minimumStock: parts.minimumStock })
    .from(parts)
    .where(and(eq(parts.organizationId, key.organizationId), eq(parts.id, key.partId)));
  const [total] = await db
    .select({ available: sql<number>`coalesce(sum(${partStock.onHand} - ${partStock.reserved}), 0)`.mapWith(Number) })
    .from(partStock)
    .where(and(eq(partStock.organizationId, key.organizationId), eq(partStock.partId, key.partId)));
  const available = toThousandths(total.available);
  const minimum = toThousandths(part.minimumStock);
  if (!fellUnderMinimum(available, lowered, minimum)) return;
  const [store] = await db
    .select({ name: stores.name, plant: plants.name, contact: users.id })
    .from(stores)
    .innerJoin(plants, eq(plants.id, stores.plantId))
    .leftJoin(users, and(eq(users.id, stores.reorderContactUserId), eq(users.active, true)))
    .where(eq(stores.id, key.storeId));
  const told = store.contact !== null ? [store.contact] : await partsManagersOf(db, key.organizationId, store.plant);
  await notifyUsers(db, key.organizationId, told, {
    kind: 'reorder',
    key: `reorder:${key.partId}:${movement.id}`,
    title: `Reorder ${part.partNumber} ${part.name}`,
    body:
      `${amount(available, part.unit)} available across all stores, minimum ${amount(minimum, part.unit)} ` +
      `(last ${LAST_ACT[movement.kind] ?? 'moved in'} ${store.name}, ${store.plant}).`,
    link: `/parts/${key.partId}`,
  });
}
