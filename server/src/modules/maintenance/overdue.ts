import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { activities, valves, workOrders } from '../../db/schema';
import type { Job } from '../../jobs';

/**
 * Marks what has fallen due: active valves past their next maintenance date become 'overdue', and open work
 * orders past their due date are noted once. Each writes a maintenance_overdue activity. The updates claim their
 * rows atomically, so several servers running this at once write each activity once.
 */
export async function flagOverdue(db: Database, now = new Date()): Promise<{ valves: number; workOrders: number }> {
  const today = now.toISOString().slice(0, 10);
  return inTransaction(db, async (tx) => {
    const lateValves = await tx
      .update(valves)
      .set({ status: 'overdue', version: sql`${valves.version} + 1`, updatedAt: now })
      .where(and(eq(valves.status, 'active'), lt(valves.nextMaintenance, today)))
      .returning({
        id: valves.id,
        valveId: valves.valveId,
        plant: valves.plant,
        organizationId: valves.organizationId,
        due: valves.nextMaintenance,
      });
    const lateOrders = await tx
      .update(workOrders)
      .set({ overdueNotifiedAt: now })
      .where(
        and(
          inArray(workOrders.status, ['pending', 'in_progress']),
          lt(workOrders.dueDate, now),
          isNull(workOrders.overdueNotifiedAt),
        ),
      )
      .returning({
        id: workOrders.id,
        workOrderId: workOrders.workOrderId,
        title: workOrders.title,
        valveId: workOrders.valveId,
        organizationId: workOrders.organizationId,
      });
    const plantOf = new Map<number, string>();
    if (lateOrders.length) {
      const rows = await tx
        .select({ id: valves.id, plant: valves.plant })
        .from(valves)
        .where(
          inArray(
            valves.id,
            lateOrders.map((o) => o.valveId),
          ),
        );
      for (const r of rows) plantOf.set(r.id, r.plant);
    }
    const entries = [
      ...lateValves.map((v) => ({
        organizationId: v.organizationId,
        type: 'maintenance_overdue',
        description: `Valve ${v.valveId} is overdue for maintenance (due ${v.due})`,
        entityType: 'valve',
        entityId: v.id,
        plant: v.plant,
        createdAt: now,
      })),
      ...lateOrders.map((o) => ({
        organizationId: o.organizationId,
        type: 'maintenance_overdue',
        description: `Work order ${o.workOrderId} ${o.title} is overdue`,
        entityType: 'work_order',
        entityId: o.id,
        plant: plantOf.get(o.valveId) ?? null,
        createdAt: now,
      })),
    ];
    if (entries.length) await tx.insert(activities).values(entries);
    return { valves: lateValves.length, workOrders: lateOrders.length };
  });
}

/** The watch: at start and every quarter of an hour (a quarter hour late is soon enough for a maintenance backlog). */
export const overdueJob: Job = {
  name: 'maintenance-overdue',
  cron: '*/15 * * * *',
  runAtStart: true,
  run: (db) => flagOverdue(db),
};
