import { type AnyColumn, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isoInstant, jsonObject } from '../../db/json';
import { maintenanceRecords, users, workOrders } from '../../db/schema';
import { maintenanceRecordJson, newestRecordsFirst } from '../maintenance/json';
import { valveIdentityColumns } from '../valves/columns';

/** The people a work order names, joined by these names wherever a work order is read. */
export const assignee = alias(users, 'assignee');
export const creator = alias(users, 'creator');
/** How each is joined to its work order (left joins: either may be unset). */
export const assigneeOfWorkOrder = eq(assignee.id, workOrders.assignedToUserId);
export const creatorOfWorkOrder = eq(creator.id, workOrders.createdByUserId);

const personJson = (person: { id: AnyColumn; name: AnyColumn }) =>
  sql`case when ${person.id} is null then null else ${jsonObject({ id: person.id, name: person.name })} end`;

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
  overdue: sql`(${workOrders.status} <> 'completed' and coalesce(${workOrders.dueDate} < now(), false))`,
  dueDate: isoInstant(workOrders.dueDate),
  completedAt: isoInstant(workOrders.completedAt),
  createdAt: isoInstant(workOrders.createdAt),
  updatedAt: isoInstant(workOrders.updatedAt),
  version: workOrders.version,
  valve: jsonObject(valveIdentityColumns),
  assignedToUser: personJson(assignee),
  createdByUser: personJson(creator),
};
export const workOrderSummaryJson = jsonObject(workOrderSummaryFields);

/** The work order's maintenance records (notes, completion), newest first. */
const recordsOfWorkOrderJson = sql`coalesce((
  select json_agg(${maintenanceRecordJson} order by ${newestRecordsFirst})
  from ${maintenanceRecords}
  where ${maintenanceRecords.organizationId} = ${workOrders.organizationId}
    and ${maintenanceRecords.workOrderId} = ${workOrders.id}
), '[]'::json)`;

/** common's workOrderDetail, as text, for the same joined row. */
export const workOrderDetailJson = sql<string>`${jsonObject({
  ...workOrderSummaryFields,
  maintenanceRecords: recordsOfWorkOrderJson,
})}::text`;

/** Open work whose due time is still ahead: at that time its overdue flag turns, so kept copies lapse then. */
export const openAndNotYetDue = sql`${workOrders.status} <> 'completed' and ${workOrders.dueDate} > now()`;

/** Newest first, as the list and the valve detail show them. */
export const newestWorkOrdersFirst = sql`${workOrders.createdAt} desc, ${workOrders.id} desc`;

/** The joined rows' work orders as one JSON array text (`[]` when there are none). */
export const workOrderListJson = sql<string>`coalesce(
  json_agg(${workOrderSummaryJson} order by ${newestWorkOrdersFirst}), '[]'::json)::text`;
