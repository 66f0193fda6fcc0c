import type { OfflineEstimate } from '@common/schemas/offline-sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reliefTags, valves, workOrders } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { keptWorkOrder } from './changes';

/**
 * What a first download would keep, counted per plant the user may see: the same valves and work orders the change
 * feed sends, and the relief valve tags. Counts only, so the device can say the size before it asks for the plant.
 */
export async function readOfflineEstimate(db: Database, scope: Scope): Promise<OfflineEstimate> {
  const valveRows = await db
    .select({ plant: valves.plant, valves: sql<number>`count(*)::int` })
    .from(valves)
    .where(valvesInScope(scope))
    .groupBy(valves.plant);
  const orderRows = await db
    .select({ plant: valves.plant, workOrders: sql<number>`count(*)::int` })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(valvesInScope(scope), keptWorkOrder))
    .groupBy(valves.plant);
  const tagRows = await db
    .select({ plant: reliefTags.plant, reliefTags: sql<number>`count(*)::int` })
    .from(reliefTags)
    .where(
      and(
        eq(reliefTags.organizationId, scope.organizationId),
        scope.plants ? inArray(reliefTags.plant, scope.plants) : undefined,
      ),
    )
    .groupBy(reliefTags.plant);
  const plants = new Map<string, OfflineEstimate['plants'][number]>();
  const orders = new Map(orderRows.map((row) => [row.plant, row.workOrders]));
  for (const row of valveRows) plants.set(row.plant, { ...row, workOrders: orders.get(row.plant) ?? 0, reliefTags: 0 });
  for (const row of tagRows) {
    const kept = plants.get(row.plant) ?? { plant: row.plant, valves: 0, workOrders: 0, reliefTags: 0 };
    plants.set(row.plant, { ...kept, reliefTags: row.reliefTags });
  }
  return { plants: [...plants.values()].sort((a, b) => a.plant.localeCompare(b.plant)) };
}
