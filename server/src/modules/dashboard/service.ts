import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { DISPLAY_LIMITS } from '@common/constants';
import type { Activity, DashboardStats } from '@common/schemas/dashboard';
import type { Database } from '../../db/client';
import { activities, maintenanceRecords, valves, workOrders } from '../../db/schema';

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The four dashboard figures; their definitions are in docs/architecture.md ("Dashboard figures"). */
export async function dashboardStats(db: Database, organizationId: number, now = new Date()): Promise<DashboardStats> {
  const ofOrg = eq(workOrders.organizationId, organizationId);
  const [[orders], [overdueValves], [inspections]] = await Promise.all([
    db
      .select({
        total: count(),
        completed: sql<number>`count(*) filter (where ${workOrders.status} = 'completed')`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${workOrders.status} in ('pending', 'in_progress'))`.mapWith(
          Number,
        ),
      })
      .from(workOrders)
      .where(ofOrg),
    db
      .select({ n: count() })
      .from(valves)
      .where(and(eq(valves.organizationId, organizationId), eq(valves.status, 'overdue'))),
    db
      .select({ n: count() })
      .from(maintenanceRecords)
      .where(
        and(
          eq(maintenanceRecords.organizationId, organizationId),
          eq(maintenanceRecords.type, 'inspection'),
          gte(maintenanceRecords.createdAt, startOfUtcDay(now)),
        ),
      ),
  ]);
  const [overdueOrders] = await db
    .select({ n: count() })
    .from(workOrders)
    .where(
      and(
        ofOrg,
        inArray(workOrders.status, ['pending', 'in_progress']),
        isNotNull(workOrders.dueDate),
        lt(workOrders.dueDate, now),
      ),
    );
  return {
    activeWorkOrders: orders.active,
    overdueItems: overdueOrders.n + overdueValves.n,
    inspectionsToday: inspections.n,
    completionRate: orders.total === 0 ? 0 : Math.round((orders.completed / orders.total) * 100),
  };
}

/** The newest events of the organization. */
export async function recentActivities(db: Database, organizationId: number): Promise<Activity[]> {
  const rows = await db
    .select()
    .from(activities)
    .where(eq(activities.organizationId, organizationId))
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
