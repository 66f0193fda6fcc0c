import { DISPLAY_LIMITS } from '@common/constants';
import type { Activity, DashboardStats } from '@common/schemas/dashboard';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activities, maintenanceRecords, valves, workOrders } from '../../db/schema';
import { nextUtcMidnight, type ToKeep } from '../../lib/kept-answers';
import { type Scope, valvesInScope } from '../../lib/scope';

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * The four dashboard figures (their definitions: this module's README) and when time alone next turns one of them
 * (`nextDueMs`): an open work order falling due makes it overdue, and "inspections today" starts again at the next
 * UTC midnight. A kept copy lapses then.
 */
export async function dashboardFigures(db: Database, scope: Scope, now = new Date()): Promise<ToKeep<DashboardStats>> {
  const inScope = valvesInScope(scope);
  const open = inArray(workOrders.status, ['pending', 'in_progress']);
  const [[orders], [overdueValves], [inspections]] = await Promise.all([
    db
      .select({
        total: count(),
        completed: sql<number>`count(*) filter (where ${workOrders.status} = 'completed')`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
        overdue:
          sql<number>`count(*) filter (where ${and(open, isNotNull(workOrders.dueDate), lt(workOrders.dueDate, now))})`.mapWith(
            Number,
          ),
        nextDue:
          sql<Date | null>`min(${workOrders.dueDate}) filter (where ${and(open, gte(workOrders.dueDate, now))})`.mapWith(
            workOrders.dueDate,
          ),
      })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .where(inScope),
    db
      .select({ n: count() })
      .from(valves)
      .where(and(inScope, eq(valves.status, 'overdue'))),
    db
      .select({ n: count() })
      .from(maintenanceRecords)
      .innerJoin(valves, eq(valves.id, maintenanceRecords.valveId))
      .where(
        and(inScope, eq(maintenanceRecords.type, 'inspection'), gte(maintenanceRecords.createdAt, startOfUtcDay(now))),
      ),
  ]);
  const tomorrow = nextUtcMidnight(now);
  return {
    value: {
      activeWorkOrders: orders.active,
      overdueItems: orders.overdue + overdueValves.n,
      inspectionsToday: inspections.n,
      completionRate: orders.total === 0 ? 0 : Math.round((orders.completed / orders.total) * 100),
    },
    nextDueMs: orders.nextDue === null ? tomorrow : Math.min(tomorrow, orders.nextDue.getTime()),
  };
}

/** The newest events of the organization; a plant-limited user sees those of their plants and the plant-less ones. */
export async function recentActivities(db: Database, scope: Scope): Promise<Activity[]> {
  const ofOrganization = eq(activities.organizationId, scope.organizationId);
  const rows = await db
    .select()
    .from(activities)
    .where(
      scope.plants
        ? and(ofOrganization, or(isNull(activities.plant), inArray(activities.plant, scope.plants)))
        : ofOrganization,
    )
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(DISPLAY_LIMITS.dashboardActivities);
  return rows.map((a) => ({
    id: a.id,
    type: a.type,
    description: a.description,
    createdAt: a.createdAt.toISOString(),
    entityType: a.entityType,
    entityId: a.entityId,
  }));
}
