import { can } from '@common/permissions';
import { endOfPlantDay } from '@common/plant-days';
import type { SessionUser } from '@common/schemas/auth';
import type {
  StatusChangeBody,
  WorkOrderCancelBody,
  WorkOrderCreateBody,
  WorkOrderDetail,
  WorkOrderUpdateBody,
} from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import type { JsonText } from '../../db/json';
import { users, valves, workOrders } from '../../db/schema';
import { setAuditActor } from '../../lib/audit';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { Signing } from '../../lib/signed-content';
import { HttpError, notFound, staleVersion } from '../../plugins/errors';
import { recordActivity } from '../activity';
import { addMaintenanceRecord } from '../maintenance';
import { plantTimeZone } from '../plants';
import { isSigned, refuseIfSigned, signAmendment, signedRecord, signOffRequired, signRecord } from '../signatures';
import { markValveMaintained, type Replan } from '../valves';
import { raiseNumberedWorkOrder } from './numbering';
import { currentWorkOrder, lockWorkOrder, readWorkOrderDetail } from './service';
import { type StoredStatus, transition } from './state-machine';

const APPROVED = 'This work order is approved and cannot be edited or reopened; raise a new one for further work.';

/** A due date given as a day means the end of that day at the valve's plant: due "on the 20th" is not late on the 20th. */
async function dueInstant(
  db: Database,
  organizationId: number,
  value: string | null | undefined,
  plant: string,
): Promise<Date | null | undefined> {
  if (value === undefined || value === null) return value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  return endOfPlantDay(value, await plantTimeZone(db, organizationId, plant));
}

/** An assignee must be an active user of the organization; assigning someone else needs the assign permission. */
async function checkAssignee(db: Database, actor: SessionUser, assigneeId: number | null | undefined) {
  if (assigneeId === undefined || assigneeId === null) return;
  if (assigneeId !== actor.id && !can(actor.role, 'work-orders:assign')) {
    throw new HttpError(403, `Your role (${actor.role}) may not assign work orders to others.`);
  }
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, assigneeId), eq(users.organizationId, actor.organizationId), eq(users.active, true)));
  if (!user) {
    throw new HttpError(400, 'Invalid body: assignedToUserId is not an active user of your organization', {
      issues: [{ path: 'assignedToUserId', message: 'is not an active user of your organization' }],
    });
  }
}

export async function createWorkOrder(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  body: WorkOrderCreateBody,
): Promise<JsonText<WorkOrderDetail>> {
  return readWorkOrderDetail(db, scope, await raiseWorkOrder(db, scope, actor, body));
}

/** Raises a work order and answers its id (other domains raise theirs here: a procedure's corrective work). */
export async function raiseWorkOrder(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  body: WorkOrderCreateBody,
): Promise<number> {
  // The checks read without locks, as they did inside a transaction at READ COMMITTED; the creation itself is one
  // statement (numbering.ts).
  const [valve] = await db
    .select({ id: valves.id, valveId: valves.valveId, plant: valves.plant, status: valves.status })
    .from(valves)
    .where(and(valvesInScope(scope), eq(valves.id, body.valveId)));
  if (!valve) throw notFound(TEXTS.valves.notFound);
  if (valve.status === 'decommissioned') {
    throw new HttpError(409, `Valve ${valve.valveId} is decommissioned: no new work orders can be raised on it.`);
  }
  await checkAssignee(db, actor, body.assignedToUserId);
  return raiseNumberedWorkOrder(db, {
    organizationId: scope.organizationId,
    valveId: valve.id,
    title: body.title,
    description: body.description,
    priority: body.priority,
    dueDate: (await dueInstant(db, scope.organizationId, body.dueDate, valve.plant)) ?? null,
    assignedToUserId: body.assignedToUserId ?? null,
    createdByUserId: actor.id,
    valveTag: valve.valveId,
    plant: valve.plant,
  });
}

/**
 * Adds a line to an open work order's description (another domain's finding that belongs to the same work: a
 * further failed step of the run that raised it). Answers false when the order is no longer open.
 */
export async function addToOpenWorkOrder(db: Database, scope: Scope, id: number, line: string): Promise<boolean> {
  const added = await db
    .update(workOrders)
    .set({
      description: sql`${workOrders.description} || ${`\n${line}`}`,
      version: sql`${workOrders.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(workOrders.id, id),
        eq(workOrders.organizationId, scope.organizationId),
        inArray(workOrders.status, ['pending', 'in_progress']),
      ),
    )
    .returning({ id: workOrders.id });
  return added.length > 0;
}

export async function updateWorkOrder(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: WorkOrderUpdateBody,
  signing: Signing,
  device?: string,
): Promise<JsonText<WorkOrderDetail>> {
  await inTransaction(db, async (tx) => {
    await setAuditActor(tx, { userId: actor.id, device });
    const { workOrder, valve } = await lockWorkOrder(tx, scope, id);
    if (workOrder.version !== body.version) throw staleVersion('work order', await currentWorkOrder(tx, scope, id));
    const { version: _version, dueDate, amendment, ...fields } = body;
    // A signed order changes only by a signed amendment, which keeps the signed version (issue 27 item 3).
    const signed = await isSigned(tx, scope.organizationId, 'work_order', id);
    if (signed && !amendment) throw signedRecord('work order');
    if (!signed && workOrder.approvedAt) throw new HttpError(409, APPROVED);
    if (body.assignedToUserId !== undefined && body.assignedToUserId !== workOrder.assignedToUserId) {
      await checkAssignee(tx, actor, body.assignedToUserId);
    }
    await tx
      .update(workOrders)
      .set({
        ...fields,
        ...(dueDate !== undefined && { dueDate: await dueInstant(tx, scope.organizationId, dueDate, valve.plant) }),
        version: workOrder.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(workOrders.id, id));
    if (amendment) {
      await signAmendment(tx, actor, {
        ...amendment,
        entityType: 'work_order',
        entityId: id,
        device,
        content: await signing.content(tx, 'work_order', id),
      });
    }
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: 'work_order_updated',
      description: `Work order ${workOrder.workOrderId} ${amendment ? 'amended after signing' : 'updated'} by ${actor.name}`,
      entityType: 'work_order',
      entityId: id,
      plant: valve.plant,
    });
  });
  return readWorkOrderDetail(db, scope, id);
}

/**
 * A completion needs a signature when its priority or a procedure on the work order asks for one (signatures'
 * signOffRequired, with the asks of the records on it): refused before anything is written when none is given.
 */
async function refuseUnsignedCompletion(
  tx: Database,
  workOrder: { id: number; organizationId: number; priority: string },
  body: StatusChangeBody,
  signing: Signing,
) {
  if (body.signature) return;
  if (await signOffRequired(tx, signing.asks, workOrder.organizationId, workOrder.id, workOrder.priority)) {
    throw new HttpError(400, 'Invalid body: signature is required to complete this work order', {
      issues: [{ path: 'signature', message: 'is required: re-enter your password to sign the completion' }],
    });
  }
}

/** Frees the spare parts still held for a work order whose work is over (the parts domain's, through app.ts). */
export type ReleaseParts = (
  db: Database,
  organizationId: number,
  workOrderId: number,
  userId: number,
  reason: string,
) => Promise<void>;

/**
 * Records what failed and the downtime given with a completion (the reliability domain's, through app.ts), in the
 * completion's transaction: a code it does not know is a 400 and nothing of the completion is kept.
 */
export type RecordFailure = (
  db: Database,
  scope: Scope,
  actor: SessionUser,
  workOrder: { id: number; valveId: number; plant: string; createdAt: Date },
  given: Pick<StatusChangeBody, 'failure' | 'downtime'>,
) => Promise<void>;

/**
 * Moves a work order through its state machine, naming who started and who completed it. Completing records the
 * findings and actions as the valve's maintenance; servicing work resets the valve's maintenance clock, an
 * inspection does not (it looked at the valve, it did not service it).
 */
export async function changeWorkOrderStatus(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: StatusChangeBody,
  hooks: { signing: Signing; replan: Replan; releaseParts: ReleaseParts; recordFailure: RecordFailure },
  device?: string,
): Promise<JsonText<WorkOrderDetail>> {
  if (body.status === 'completed' && !can(actor.role, 'work-orders:complete')) {
    throw new HttpError(403, `Your role (${actor.role}) may not complete work orders.`);
  }
  await inTransaction(db, async (tx) => {
    await setAuditActor(tx, { userId: actor.id, device });
    const { workOrder, valve } = await lockWorkOrder(tx, scope, id);
    if (workOrder.version !== body.version) throw staleVersion('work order', await currentWorkOrder(tx, scope, id));
    await refuseIfSigned(tx, scope.organizationId, 'work_order', id);
    if (workOrder.approvedAt) throw new HttpError(409, APPROVED);
    const step = transition(workOrder.status as StoredStatus, body.status);
    if (!step.ok) throw new HttpError(409, step.message);
    if (body.status === 'completed') await refuseUnsignedCompletion(tx, workOrder, body, hooks.signing);
    const now = new Date();
    await tx
      .update(workOrders)
      .set({
        status: body.status,
        completedAt: body.status === 'completed' ? now : null,
        completedByUserId: body.status === 'completed' ? actor.id : null,
        ...(body.status === 'in_progress' && { startedByUserId: actor.id }),
        version: workOrder.version + 1,
        updatedAt: now,
      })
      .where(eq(workOrders.id, id));
    const label = `${workOrder.workOrderId} ${workOrder.title}`;
    const base = {
      organizationId: scope.organizationId,
      entityType: 'work_order' as const,
      entityId: id,
      plant: valve.plant,
    };
    if (body.status !== 'completed') {
      const type =
        step.verb === 'started'
          ? 'work_order_started'
          : step.verb === 'paused'
            ? 'work_order_paused'
            : 'work_order_reopened';
      await recordActivity(tx, { ...base, type, description: `Work order ${label} ${step.verb} by ${actor.name}` });
      return;
    }
    await addMaintenanceRecord(tx, {
      organizationId: scope.organizationId,
      valveId: valve.id,
      workOrderId: id,
      type: body.maintenanceType,
      description: `Completed: ${workOrder.title}`,
      findings: body.findings ?? null,
      actionsPerformed: body.actionsPerformed ?? null,
      performedByUserId: actor.id,
      createdAt: now,
    });
    if (body.failure || body.downtime) {
      await hooks.recordFailure(
        tx,
        scope,
        actor,
        { id, valveId: valve.id, plant: valve.plant, createdAt: workOrder.createdAt },
        body,
      );
    }
    if (body.maintenanceType !== 'inspection') await markValveMaintained(tx, valve.id, now);
    await hooks.replan(tx, scope.organizationId, valve.id, now);
    await hooks.releaseParts(tx, scope.organizationId, id, actor.id, `${workOrder.workOrderId} completed`);
    // Signed last, so the signature binds the completed order with its findings (issue 27 item 3).
    if (body.signature) {
      const content = await hooks.signing.content(tx, 'work_order', id);
      const { offline: proof, ...signature } = body.signature;
      // Signed on the device with no signal: what it signed is rebuilt from the completion as it arrived.
      const { maintenanceType, findings, actionsPerformed } = body;
      const offline = proof && { proof, words: { maintenanceType, findings, actionsPerformed } };
      await signRecord(tx, actor, { ...signature, offline, entityType: 'work_order', entityId: id, device, content });
    }
    await recordActivity(tx, {
      ...base,
      type: 'work_order_completed',
      description: `Work order ${label} completed by ${actor.name}`,
    });
    await recordActivity(tx, {
      ...base,
      type: 'maintenance_completed',
      description: `${valve.valveId}: ${body.maintenanceType} maintenance recorded`,
      entityType: 'valve',
      entityId: valve.id,
    });
  });
  return readWorkOrderDetail(db, scope, id);
}

/** Cancels open work (a duplicate, work no longer needed) through the state machine, keeping who and why. */
export async function cancelWorkOrder(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: WorkOrderCancelBody,
  releaseParts: ReleaseParts,
): Promise<JsonText<WorkOrderDetail>> {
  await inTransaction(db, async (tx) => {
    const { workOrder, valve } = await lockWorkOrder(tx, scope, id);
    if (workOrder.version !== body.version) throw staleVersion('work order', await currentWorkOrder(tx, scope, id));
    const step = transition(workOrder.status as StoredStatus, 'cancelled');
    if (!step.ok) throw new HttpError(409, step.message);
    await refuseIfSigned(tx, scope.organizationId, 'work_order', id);
    const now = new Date();
    await tx
      .update(workOrders)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        cancelledByUserId: actor.id,
        cancelReason: body.reason,
        version: workOrder.version + 1,
        updatedAt: now,
      })
      .where(eq(workOrders.id, id));
    await releaseParts(tx, scope.organizationId, id, actor.id, `${workOrder.workOrderId} cancelled`);
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: 'work_order_cancelled',
      description: `Work order ${workOrder.workOrderId} ${workOrder.title} cancelled by ${actor.name}: ${body.reason}`,
      entityType: 'work_order',
      entityId: id,
      plant: valve.plant,
    });
  });
  return readWorkOrderDetail(db, scope, id);
}

/** A note on a work order is a maintenance record of type note on its valve. */
export async function addWorkOrderNote(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  text: string,
): Promise<JsonText<WorkOrderDetail>> {
  await inTransaction(db, async (tx) => {
    const { workOrder, valve } = await lockWorkOrder(tx, scope, id);
    await addMaintenanceRecord(tx, {
      organizationId: scope.organizationId,
      valveId: valve.id,
      workOrderId: id,
      type: 'note',
      description: text,
      findings: null,
      actionsPerformed: null,
      performedByUserId: actor.id,
      createdAt: new Date(),
    });
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: 'note_added',
      description: `${actor.name} added a note to ${workOrder.workOrderId}`,
      entityType: 'work_order',
      entityId: id,
      plant: valve.plant,
    });
  });
  return readWorkOrderDetail(db, scope, id);
}
