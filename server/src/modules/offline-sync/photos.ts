import type { Photo } from '@common/schemas/photos';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { photos, valves, workOrders } from '../../db/schema';
import { presentPhoto } from '../photos';

/** The photos of the changed valves and work orders, newest first as each gallery lists them. */
export async function photosOf(db: Database, valveIds: number[], workOrderIds: number[]): Promise<Photo[]> {
  if (valveIds.length === 0 && workOrderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(photos)
    .where(
      and(
        isNull(photos.deletedAt),
        or(
          valveIds.length ? inArray(photos.valveId, valveIds) : undefined,
          workOrderIds.length ? inArray(photos.workOrderId, workOrderIds) : undefined,
        ),
      ),
    )
    .orderBy(desc(photos.createdAt), desc(photos.id));
  return rows.map(presentPhoto);
}

/**
 * Every photo of the valves in view (its own, or its work orders'): a kept photo not listed was deleted or is no
 * longer visible, and leaves the device with its thumbnail and image on the next sync.
 */
export async function photoIdsInView(db: Database, inView: SQL | undefined): Promise<number[]> {
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .leftJoin(workOrders, eq(workOrders.id, photos.workOrderId))
    .innerJoin(valves, eq(valves.id, sql`coalesce(${photos.valveId}, ${workOrders.valveId})`))
    .where(and(isNull(photos.deletedAt), inView))
    .orderBy(photos.id);
  return rows.map((row) => row.id);
}
