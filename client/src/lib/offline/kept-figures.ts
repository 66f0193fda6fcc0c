import type { DashboardStats } from '@common/schemas/dashboard';
import type { ValveSummary } from '@common/schemas/valves';
import type { WorkOrderDetail, WorkOrderSummary } from '@common/schemas/work-orders';

const OPEN = new Set(['pending', 'in_progress']);

/**
 * The dashboard's four figures worked out on the device, as the server does (docs/architecture.md, "Dashboard
 * figures"), from the kept work order and valve lists and the records of the kept work orders. Used with no signal
 * when the figures themselves were never saved; the screen says they come from the copy on this device.
 */
export function figuresFromKeptCopy(
  orders: WorkOrderSummary[],
  valves: ValveSummary[],
  details: WorkOrderDetail[],
  now = new Date(),
): DashboardStats {
  const open = orders.filter((w) => OPEN.has(w.status));
  const overdueOrders = open.filter((w) => w.dueDate !== null && Date.parse(w.dueDate) < now.getTime()).length;
  const completed = orders.filter((w) => w.status === 'completed').length;
  const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const inspections = new Set(
    details
      .flatMap((w) => w.maintenanceRecords)
      .filter((r) => r.type === 'inspection' && Date.parse(r.createdAt) >= dayStart)
      .map((r) => r.id),
  );
  return {
    activeWorkOrders: open.length,
    overdueItems: overdueOrders + valves.filter((v) => v.status === 'overdue').length,
    inspectionsToday: inspections.size,
    completionRate: orders.length === 0 ? 0 : Math.round((completed / orders.length) * 100),
  };
}
