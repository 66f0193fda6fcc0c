import type { WorkOrderSummary } from '@common/schemas/work-orders';

export type WorkOrderTab = 'active' | 'pending' | 'completed';

/** Spec §2.5: Active holds in-progress and pending orders; Pending only pending; Completed only completed. */
const TAB_STATUSES: Record<WorkOrderTab, readonly string[]> = {
  active: ['in_progress', 'pending'],
  pending: ['pending'],
  completed: ['completed'],
};

export function workOrdersInTab(workOrders: WorkOrderSummary[], tab: WorkOrderTab): WorkOrderSummary[] {
  return workOrders.filter((workOrder) => TAB_STATUSES[tab].includes(workOrder.status));
}
