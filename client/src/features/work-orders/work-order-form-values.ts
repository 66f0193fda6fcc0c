import type { WorkOrderDetail, WorkOrderUpdateBody } from '@common/schemas/work-orders';

/** The assignee select's value for nobody. */
export const UNASSIGNED = '';

/** The form's fields as text, as the inputs hold them. */
export type Values = { title: string; description: string; priority: string; dueDate: string; assignee: string };

export function toValues(workOrder: WorkOrderDetail | undefined): Values {
  return {
    title: workOrder?.title ?? '',
    description: workOrder?.description ?? '',
    priority: workOrder?.priority ?? 'medium',
    // A due day is stored as the end of that day (UTC): its date part is the day the user chose.
    dueDate: workOrder?.dueDate?.slice(0, 10) ?? '',
    assignee: workOrder?.assignedToUser ? String(workOrder.assignedToUser.id) : UNASSIGNED,
  };
}

/** Only what the user changed, so re-applying after someone else's edit keeps their other changes. */
export function changedWorkOrderFields(before: Values, after: Values): Omit<WorkOrderUpdateBody, 'version'> {
  const changes: Omit<WorkOrderUpdateBody, 'version'> = {};
  if (after.title.trim() !== before.title.trim()) changes.title = after.title.trim();
  if (after.description.trim() !== before.description.trim()) changes.description = after.description.trim();
  if (after.priority !== before.priority) changes.priority = after.priority as 'high' | 'medium' | 'low';
  if (after.dueDate !== before.dueDate) changes.dueDate = after.dueDate || null;
  if (after.assignee !== before.assignee) {
    changes.assignedToUserId = after.assignee === UNASSIGNED ? null : Number(after.assignee);
  }
  return changes;
}
