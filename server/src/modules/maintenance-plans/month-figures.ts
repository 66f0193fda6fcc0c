import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenancePlanOccurrences, valves, workOrders } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';

export type PlanMonthFigures = { plant: string; due: number; raised: number; done: number; onTime: number };

/**
 * What the plans asked for in a month, for the monthly plant report, per plant: occurrences due in [start, end),
 * how many were raised as work orders, how many of those were completed by the month's end (or `cutoff`, for the
 * month under way), and how many by their own due time.
 */
export function planOccurrencesInMonth(
  db: Database,
  scope: Scope,
  start: Date,
  end: Date,
  cutoff: Date,
): Promise<PlanMonthFigures[]> {
  return db
    .select({
      plant: valves.plant,
      due: sql<number>`count(*)::int`,
      raised: sql<number>`count(${workOrders.id})::int`,
      done: sql<number>`count(*) filter (where ${workOrders.completedAt} <= ${cutoff.toISOString()})::int`,
      onTime: sql<number>`count(*) filter (where ${workOrders.completedAt} <= ${maintenancePlanOccurrences.dueAt})::int`,
    })
    .from(maintenancePlanOccurrences)
    .innerJoin(valves, eq(valves.id, maintenancePlanOccurrences.valveId))
    .leftJoin(workOrders, eq(workOrders.id, maintenancePlanOccurrences.workOrderId))
    .where(
      and(
        valvesInScope(scope),
        gte(maintenancePlanOccurrences.dueAt, start),
        lt(maintenancePlanOccurrences.dueAt, end),
      ),
    )
    .groupBy(valves.plant)
    .orderBy(valves.plant);
}
