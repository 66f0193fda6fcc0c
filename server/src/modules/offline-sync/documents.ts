import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { valveDocuments, valves } from '../../db/schema';

/**
 * Every document of the valves in view: a device keeps a document file once opened, and drops it on the next sync
 * when it is no longer listed (deleted, or its valve is out of the user's plants).
 */
export async function documentIdsInView(db: Database, inView: SQL | undefined): Promise<number[]> {
  const rows = await db
    .select({ id: valveDocuments.id })
    .from(valveDocuments)
    .innerJoin(valves, eq(valves.id, valveDocuments.valveId))
    .where(and(isNull(valveDocuments.deletedAt), inView))
    .orderBy(valveDocuments.id);
  return rows.map((row) => row.id);
}
