import type { activities } from '../db/schema';
import type { SeededRandom } from '../lib/seeded-random';
import type { WorkOrderSpec } from './history';

const DAY = 86_400_000;

/** The activity feed of the last week, each entry pointing at the real record it describes. */
export function recentActivity(
  random: SeededRandom,
  facts: { id: number; valveId: string; status: string; plant: string }[],
  orders: WorkOrderSpec[],
  orderRows: { workOrderId: string }[],
  orderIds: number[],
  organizationId: number,
  now: number,
) {
  const since = now - 7 * DAY;
  const entries: (typeof activities.$inferInsert)[] = [];
  const plantOf = new Map(facts.map((f) => [f.id, f.plant]));
  orders.forEach((o, i) => {
    const label = `${orderRows[i].workOrderId} ${o.title}`;
    const plant = plantOf.get(o.valveId);
    if (o.createdAt.getTime() > since) {
      entries.push({
        organizationId,
        type: 'work_order_created',
        description: `Work order ${label} created`,
        entityType: 'work_order',
        entityId: orderIds[i],
        plant,
        createdAt: o.createdAt,
      });
    }
    if (o.completedAt && o.completedAt.getTime() > since) {
      entries.push({
        organizationId,
        type: 'work_order_completed',
        description: `Work order ${label} completed`,
        entityType: 'work_order',
        entityId: orderIds[i],
        plant,
        createdAt: o.completedAt,
      });
      entries.push({
        organizationId,
        type: 'maintenance_completed',
        description: `Maintenance recorded for ${label}`,
        entityType: 'work_order',
        entityId: orderIds[i],
        plant,
        createdAt: new Date(o.completedAt.getTime() + 60_000),
      });
    }
  });
  for (const v of facts.filter((f) => f.status === 'overdue').slice(0, 4)) {
    entries.push({
      organizationId,
      type: 'maintenance_overdue',
      description: `Valve ${v.valveId} is overdue for maintenance`,
      entityType: 'valve',
      entityId: v.id,
      plant: v.plant,
      createdAt: new Date(now - random.int(1, 72) * 3_600_000),
    });
  }
  for (const v of facts.slice(0, 3)) {
    entries.push({
      organizationId,
      type: 'photo_uploaded',
      description: `Photo uploaded for valve ${v.valveId}`,
      entityType: 'valve',
      entityId: v.id,
      plant: v.plant,
      createdAt: new Date(now - random.int(2, 120) * 3_600_000),
    });
  }
  return entries;
}
