import type { SignOffStage } from '@common/constants';
import type { WorkOrderDetail, WorkOrderSignOff, WorkOrderSummary } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type JsonText, jsonArray, jsonText } from '../../db/json';
import { preparedQuery } from '../../db/prepared';
import { valves, workOrders } from '../../db/schema';
import type { SignOffAsks } from '../../lib/record-kinds';
import { readByIdInScope, type Scope, valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import {
  assignee,
  assigneeOfWorkOrder,
  creator,
  creatorOfWorkOrder,
  newestWorkOrdersFirst,
  openAndNotYetDue,
  workOrderDetailJson,
  workOrderDetailText,
  workOrderListText,
} from '../../presenters/work-orders';
import { signOffRequired } from '../signatures';

/**
 * The work orders in scope, newest first, as JSON text in common's workOrderSummary format. With `limit`,
 * only the newest that many: the dashboard shows two, and a plant's whole history is no download for that. The
 * whole list of a user who sees every plant is readWorkOrderList's.
 */
export async function listWorkOrdersJson(
  db: Database,
  scope: Scope,
  limit?: number,
): Promise<JsonText<WorkOrderSummary[]>> {
  return (await readWorkOrders(db, scope, limit)).json;
}

/** The scope's work orders (the newest `limit` of them), with when the next open one falls due (for a kept copy). */
export async function readWorkOrders(
  db: Database,
  scope: Scope,
  limit?: number,
): Promise<{ json: JsonText<WorkOrderSummary[]>; nextDueMs: number | null }> {
  const [row] =
    limit === undefined
      ? await workOrderListQuery(db, valvesInScope(scope))
      : await workOrderListQuery(db, inArray(workOrders.id, newestWorkOrderIds(db, scope, limit)));
  return row;
}

/**
 * An organization's whole list (every plant), the one kept in memory (lib/kept-reads.ts), with when its next
 * open work order falls due: its overdue flag turns then, so the kept copy lapses then.
 */
export async function readWorkOrderList(
  db: Database,
  organizationId: number,
): Promise<{ json: JsonText<WorkOrderSummary[]>; nextDueMs: number | null }> {
  const [row] = await preparedQuery(db, 'work_order_list', () =>
    workOrderListQuery(db, eq(valves.organizationId, sql.placeholder('organizationId'))).prepare('work_order_list'),
  ).execute({ organizationId });
  return row;
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
    .select({
      json: workOrderListText,
      nextDueMs: sql<
        number | null
      >`(extract(epoch from min(${workOrders.dueDate}) filter (where ${openAndNotYetDue})) * 1000)::float8`,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, assigneeOfWorkOrder)
    .leftJoin(creator, creatorOfWorkOrder)
    .where(where);
}

/**
 * One work order with its valve, people and maintenance records, as the JSON text of common's workOrderDetail, in
 * one prepared query (the first is the one the plant floor makes), with what keeping it needs
 * (lib/kept-reads.ts): who may see it, its valve, and when its overdue flag turns.
 */
export async function readWorkOrderDetailToKeep(db: Database, scope: Scope, id: number) {
  const rows = await readByIdInScope(db, scope, 'work_order_detail', workOrders.id, id, (where) =>
    workOrderDetailQuery(db, where),
  );
  if (!rows.length) throw notFound(TEXTS.workOrders.notFound);
  return rows[0];
}

/** The detail's JSON text, always from the database: for the writes, which answer with the order as it now is. */
export async function readWorkOrderDetail(db: Database, scope: Scope, id: number): Promise<JsonText<WorkOrderDetail>> {
  return (await readWorkOrderDetailToKeep(db, scope, id)).json;
}

/** When (epoch ms) the order falls due while open: its overdue flag turns then. */
const nextDueMs = sql<number | null>`case when ${openAndNotYetDue}
  then (extract(epoch from ${workOrders.dueDate}) * 1000)::float8 end`;

function workOrderDetailQuery(db: Database, where: SQL | undefined) {
  return db
    .select({
      json: workOrderDetailText,
      organizationId: workOrders.organizationId,
      plant: valves.plant,
      valveId: workOrders.valveId,
      nextDueMs,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, assigneeOfWorkOrder)
    .leftJoin(creator, creatorOfWorkOrder)
    .where(where);
}

/** The detail as an object: what a stale-version 409 hands back as `current`. */
export async function currentWorkOrder(db: Database, scope: Scope, id: number): Promise<WorkOrderDetail> {
  const [row] = await db
    .select({ workOrder: workOrderDetailJson })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, assigneeOfWorkOrder)
    .leftJoin(creator, creatorOfWorkOrder)
    .where(and(valvesInScope(scope), eq(workOrders.id, id)));
  if (!row) throw notFound(TEXTS.workOrders.notFound);
  return row.workOrder;
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

/** The work order's row inside the scope, locked for the change; 404 when out of scope. */
export async function lockWorkOrder(db: Database, scope: Scope, id: number) {
  const [row] = await db
    .select({ workOrder: workOrders, valve: { id: valves.id, valveId: valves.valveId, plant: valves.plant } })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(valvesInScope(scope), eq(workOrders.id, id)))
    .for('update', { of: workOrders });
  if (!row) throw notFound(TEXTS.workOrders.notFound);
  return row;
}

/** Where a work order stands, for a record another domain keeps on it (its failure report, its downtime). */
export type WorkOrderState = {
  id: number;
  workOrderId: string;
  valveId: number;
  /** The valve's plant, whose clock its times are read on. */
  plant: string;
  status: string;
  createdAt: Date;
  completedAt: Date | null;
  closedAt: Date | null;
};

/**
 * A work order of the scope, locked for the rest of the transaction so records kept on it are judged against its
 * state as it stays (404 'Work order not found' otherwise).
 */
export async function lockWorkOrderState(db: Database, scope: Scope, id: number): Promise<WorkOrderState> {
  const { workOrder: w, valve } = await lockWorkOrder(db, scope, id);
  return {
    id: w.id,
    workOrderId: w.workOrderId,
    valveId: w.valveId,
    plant: valve.plant,
    status: w.status,
    createdAt: w.createdAt,
    completedAt: w.completedAt,
    closedAt: w.closedAt,
  };
}

/**
 * A record kept on the work order by another domain changed (a downtime period added or removed, its failure report
 * recoded): the order's `updated_at` moves, so devices' kept copies take it again in the change feed. Neither its
 * version (nobody's edit is overtaken) nor its audit (the record's own rows say what changed) moves.
 */
export async function markWorkOrderChanged(db: Database, id: number) {
  await db.update(workOrders).set({ updatedAt: sql`now()` }).where(eq(workOrders.id, id));
}

/** Many work orders' details (those of `ids` inside the scope) as one JSON array: the offline download's bulk read. */
export async function workOrderDetailsOf(
  db: Database,
  scope: Scope,
  ids: number[],
): Promise<JsonText<WorkOrderDetail[]>> {
  if (!ids.length) return '[]' as JsonText<WorkOrderDetail[]>;
  const [row] = await db
    .select({ json: jsonText<WorkOrderDetail[]>(jsonArray(workOrderDetailJson, sql`${workOrders.id}`)) })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .leftJoin(assignee, assigneeOfWorkOrder)
    .leftJoin(creator, creatorOfWorkOrder)
    .where(and(valvesInScope(scope), inArray(workOrders.id, ids)));
  return row.json;
}

/** Which steps of a work order need a signature, by its priority's rule and the asks of the records on it. */
export async function signOffOf(db: Database, scope: Scope, id: number, asks: SignOffAsks): Promise<WorkOrderSignOff> {
  await assertWorkOrderExists(db, scope, id);
  const [order] = await db
    .select({ organizationId: workOrders.organizationId, priority: workOrders.priority })
    .from(workOrders)
    .where(eq(workOrders.id, id));
  const needs = (stage: SignOffStage) => signOffRequired(db, asks, order.organizationId, id, order.priority, stage);
  return { complete: await needs('complete'), approve: await needs('approve'), close: await needs('close') };
}
