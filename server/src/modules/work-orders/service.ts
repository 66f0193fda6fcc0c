import type { WorkOrderDetail, WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { valves, workOrders } from '../../db/schema';
import { notFound } from '../../plugins/errors';
import { type Scope, valvesInScope } from '../auth/scope';
import { listRecordsForWorkOrder } from '../maintenance/service';
import { valveIdentityColumns } from '../valves/columns';
import {
  assignee,
  assigneeOfWorkOrder,
  creator,
  creatorOfWorkOrder,
  newestWorkOrdersFirst,
  workOrderListJson,
} from './json';

function selectWorkOrders(db: Database, where: SQL | undefined) {
  return db
    .select({
      workOrder: workOrders,
      valve: valveIdentityColumns,
      assignee: { id: assignee.id, name: assignee.name },
      creator: { id: creator.id, name: creator.name },
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, assigneeOfWorkOrder)
    .leftJoin(creator, creatorOfWorkOrder)
    .where(where)
    .orderBy(newestWorkOrdersFirst);
}

type WorkOrderRow = Awaited<ReturnType<typeof selectWorkOrders>>[number];

/** Overdue is derived, never stored: open work past its due date. */
export function isOverdue(status: string, dueDate: Date | null, now = new Date()): boolean {
  return status !== 'completed' && dueDate !== null && dueDate.getTime() < now.getTime();
}

export function presentWorkOrder(
  { workOrder: w, valve, assignee, creator }: WorkOrderRow,
  now: Date,
): WorkOrderSummary {
  return {
    id: w.id,
    workOrderId: w.workOrderId,
    title: w.title,
    description: w.description,
    status: w.status,
    priority: w.priority,
    overdue: isOverdue(w.status, w.dueDate, now),
    dueDate: w.dueDate?.toISOString() ?? null,
    completedAt: w.completedAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    version: w.version,
    valve,
    assignedToUser: assignee?.id ? assignee : null,
    createdByUser: creator?.id ? creator : null,
  };
}

/**
 * The work orders in scope, newest first, as JSON text in common's workOrderSummary format (json.ts). With `limit`,
 * only the newest that many: the dashboard shows two, and a plant's whole history is no download for that.
 */
export async function listWorkOrdersJson(db: Database, scope: Scope, limit?: number): Promise<string> {
  if (limit !== undefined) {
    const [row] = await workOrderListQuery(db, inArray(workOrders.id, newestWorkOrderIds(db, scope, limit)));
    return row.list;
  }
  const [row] = scope.plants
    ? await workOrderListQuery(db, valvesInScope(scope))
    : await preparedQuery(db, 'work_order_list', () =>
        workOrderListQuery(db, eq(valves.organizationId, sql.placeholder('organizationId'))).prepare('work_order_list'),
      ).execute({ organizationId: scope.organizationId });
  return row.list;
}

function newestWorkOrderIds(db: Database, scope: Scope, limit: number) {
  return db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(valvesInScope(scope))
    .orderBy(newestWorkOrdersFirst)
    .limit(limit);
}

function workOrderListQuery(db: Database, where: SQL | undefined) {
  return db
    .select({ list: workOrderListJson })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, assigneeOfWorkOrder)
    .leftJoin(creator, creatorOfWorkOrder)
    .where(where);
}

export async function getWorkOrder(db: Database, scope: Scope, id: number): Promise<WorkOrderDetail> {
  const [row] = await selectWorkOrders(db, and(valvesInScope(scope), eq(workOrders.id, id)));
  if (!row) throw notFound(TEXTS.workOrders.notFound);
  const maintenanceRecords = await listRecordsForWorkOrder(db, scope.organizationId, id);
  return { ...presentWorkOrder(row, new Date()), maintenanceRecords };
}

/** Throws 404 'Work order not found' unless the work order exists within the scope. */
export async function assertWorkOrderExists(db: Database, scope: Scope, id: number): Promise<void> {
  const [row] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(valvesInScope(scope), eq(workOrders.id, id)));
  if (!row) throw notFound(TEXTS.workOrders.notFound);
}
