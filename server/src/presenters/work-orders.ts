import type { WorkOrderDetail, WorkOrderSummary } from '@common/schemas/work-orders';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isoInstant, jsonArray, jsonObject, jsonText } from '../db/json';
import { maintenanceRecords, users, valves, workOrders } from '../db/schema';
import { maintenanceRecordJson, newestRecordsFirst } from './maintenance-records';
import { personById, personJson } from './users';
import { valveIdentityFields } from './valve-identity';

/** The people a work order names, joined by these names wherever a work order is read. */
export const assignee = alias(users, 'assignee');
export const creator = alias(users, 'creator');
/** How each is joined to its work order (left joins: either may be unset). */
export const assigneeOfWorkOrder = eq(assignee.id, workOrders.assignedToUserId);
export const creatorOfWorkOrder = eq(creator.id, workOrders.createdByUserId);

/** Open work past its due date: derived, never stored. */
export const overdueWorkOrder = sql<boolean>`(${workOrders.status} in ('pending', 'in_progress') and coalesce(${workOrders.dueDate} < now(), false))`;

/**
 * common's workOrderSummary for one row of work_orders joined with its valve and with `assignee` and `creator`
 * (left joins). Overdue is derived, never stored: open work past its due date. work-orders.test.ts holds every
 * field to the rows it comes from.
 */
const workOrderSummaryFields = {
  id: workOrders.id,
  workOrderId: workOrders.workOrderId,
  title: workOrders.title,
  description: workOrders.description,
  status: workOrders.status,
  priority: workOrders.priority,
  overdue: overdueWorkOrder,
  dueDate: isoInstant(workOrders.dueDate),
  completedAt: isoInstant(workOrders.completedAt),
  createdAt: isoInstant(workOrders.createdAt),
  updatedAt: isoInstant(workOrders.updatedAt),
  version: workOrders.version,
  valve: jsonObject(valveIdentityFields),
  assignedToUser: personJson(assignee),
  createdByUser: personJson(creator),
  startedByUser: personById(workOrders.startedByUserId),
  completedByUser: personById(workOrders.completedByUserId),
  cancelledAt: isoInstant(workOrders.cancelledAt),
  cancelledByUser: personById(workOrders.cancelledByUserId),
  cancelReason: workOrders.cancelReason,
  approvedAt: isoInstant(workOrders.approvedAt),
  closedAt: isoInstant(workOrders.closedAt),
};
const workOrderSummaryJson = jsonObject(workOrderSummaryFields);

/** Open work whose due time is still ahead: at that time its overdue flag turns, so kept copies lapse then. */
export const openAndNotYetDue = sql`${workOrders.status} in ('pending', 'in_progress') and ${workOrders.dueDate} > now()`;

/** Newest first, as the list and the valve detail show them. */
export const newestWorkOrdersFirst = sql`${workOrders.createdAt} desc, ${workOrders.id} desc`;

/** The joined rows' work orders as common's workOrderSummary list, newest first, as text. */
export const workOrderListText = jsonText<WorkOrderSummary[]>(jsonArray(workOrderSummaryJson, newestWorkOrdersFirst));

/** The work orders of the valve in the enclosing query's row, newest first: the valve detail's `workOrders`. */
export const workOrdersOfValveJson = sql`(
  select ${jsonArray(workOrderSummaryJson, newestWorkOrdersFirst)}
  from ${workOrders}
  left join ${users} as ${sql.identifier('assignee')} on ${assigneeOfWorkOrder}
  left join ${users} as ${sql.identifier('creator')} on ${creatorOfWorkOrder}
  where ${workOrders.valveId} = ${valves.id}
)`;

/** The work order's maintenance records (notes, completion), newest first. */
const recordsOfWorkOrderJson = sql`(
  select ${jsonArray(maintenanceRecordJson, newestRecordsFirst)}
  from ${maintenanceRecords}
  where ${maintenanceRecords.organizationId} = ${workOrders.organizationId}
    and ${maintenanceRecords.workOrderId} = ${workOrders.id}
)`;

/** common's workOrderDetail for the same joined row: as a value (the driver parses it) and as text. */
export const workOrderDetailJson = sql<WorkOrderDetail>`${jsonObject({
  ...workOrderSummaryFields,
  maintenanceRecords: recordsOfWorkOrderJson,
  approvedByUser: personById(workOrders.approvedByUserId),
  closedByUser: personById(workOrders.closedByUserId),
})}`;
export const workOrderDetailText = jsonText<WorkOrderDetail>(workOrderDetailJson);
