import { plantDay } from '@common/plant-days';
import type { WorkOrderDetail, WorkOrderUpdateBody, workOrderCreateBody } from '@common/schemas/work-orders';
import type { z } from 'zod';

/** The assignee select's value for nobody. */
export const UNASSIGNED = '';

/** The form's fields as text, as the inputs hold them. */
export type Values = { title: string; description: string; priority: string; dueDate: string; assignee: string };

/** `zone` is the valve's plant's (`plantZone` of lib/plants): the due day is that plant's. */
export function toValues(workOrder: WorkOrderDetail | undefined, zone: string): Values {
  return {
    title: workOrder?.title ?? '',
    description: workOrder?.description ?? '',
    priority: workOrder?.priority ?? 'medium',
    // A due day is stored as the end of that day at the valve's plant: the plant's day is the day the user chose.
    dueDate: workOrder?.dueDate ? plantDay(workOrder.dueDate, zone) : '',
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

/**
 * The form as the body of POST /api/work-orders, for workOrderCreateBody to check (its rules and messages; it
 * also trims). No valve yet: the picker says so, the contract's 'must be a number' would not help.
 */
export function toCreateBody(valveId: number | undefined, values: Values): z.input<typeof workOrderCreateBody> {
  return {
    valveId,
    title: values.title,
    description: values.description,
    priority: values.priority as WorkOrderUpdateBody['priority'],
    dueDate: values.dueDate || null,
    assignedToUserId: values.assignee === UNASSIGNED ? null : Number(values.assignee),
  };
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  priority: 'Priority',
  dueDate: 'Due date',
  assignedToUserId: 'Assign to',
};

/** The user's change in words, for a stale-version notice: 'edits to Title, Priority'. */
export const changedLabels = (before: Values, after: Values) =>
  `edits to ${Object.keys(changedWorkOrderFields(before, after))
    .map((field) => FIELD_LABELS[field] ?? field)
    .join(', ')}`;
