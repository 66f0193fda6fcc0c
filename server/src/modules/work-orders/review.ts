import { can } from '@common/permissions';
import type { SessionUser } from '@common/schemas/auth';
import type { WorkOrderDetail, WorkOrderReviewBody } from '@common/schemas/work-orders';
import { TEXTS } from '@common/texts';
import { and, eq } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import type { JsonText } from '../../db/json';
import { valves, workOrders } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import type { Signing } from '../../lib/signed-content';
import { HttpError, notFound, staleVersion } from '../../plugins/errors';
import { recordActivity } from '../activity';
import { signOffRequired, signRecord } from '../signatures';
import { currentWorkOrder, readWorkOrderDetail } from './service';

export type ReviewStage = 'approve' | 'close';

/** Why a completed order cannot take this step now; null when it can (complete → approve → close, once each). */
export function reviewRefusal(
  order: { status: string; approvedAt: Date | null; closedAt: Date | null },
  stage: ReviewStage,
): string | null {
  if (order.status !== 'completed') return `Only a completed work order can be ${stage}d.`;
  if (order.closedAt) return 'The work order is already closed.';
  if (stage === 'approve' && order.approvedAt) return 'The work order is already approved.';
  if (stage === 'close' && !order.approvedAt) return 'Approve the work order before closing it.';
  return null;
}

/**
 * Approves (reviews) or closes a completed work order. It is signed when a signature is given, and must be when
 * the organization's rule for its priority or a procedure run on it asks for one at this step; the signature is
 * made in the same transaction.
 */
export async function reviewWorkOrder(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  stage: ReviewStage,
  body: WorkOrderReviewBody,
  signing: Signing,
  device?: string,
): Promise<JsonText<WorkOrderDetail>> {
  if (!can(actor.role, 'records:approve')) {
    throw new HttpError(403, `Your role (${actor.role}) may not ${stage} work orders.`);
  }
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ workOrder: workOrders, plant: valves.plant })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .where(and(valvesInScope(scope), eq(workOrders.id, id)))
      .for('update', { of: workOrders });
    if (!row) throw notFound(TEXTS.workOrders.notFound);
    const { workOrder } = row;
    if (workOrder.version !== body.version) throw staleVersion('work order', await currentWorkOrder(tx, scope, id));
    const refusal = reviewRefusal(workOrder, stage);
    if (refusal) throw new HttpError(409, refusal);
    if (
      !body.signature &&
      (await signOffRequired(tx, signing.asks, scope.organizationId, id, workOrder.priority, stage))
    ) {
      throw new HttpError(400, `Invalid body: signature is required to ${stage} this work order`, {
        issues: [{ path: 'signature', message: `is required: re-enter your password to sign (${stage})` }],
      });
    }
    const now = new Date();
    await tx
      .update(workOrders)
      .set({
        ...(stage === 'approve' ? { approvedAt: now, approvedByUserId: actor.id } : {}),
        ...(stage === 'close' ? { closedAt: now, closedByUserId: actor.id } : {}),
        version: workOrder.version + 1,
        updatedAt: now,
      })
      .where(eq(workOrders.id, id));
    if (body.signature) {
      const content = await signing.content(tx, 'work_order', id);
      await signRecord(tx, actor, { ...body.signature, entityType: 'work_order', entityId: id, device, content });
    }
    await recordActivity(tx, {
      organizationId: scope.organizationId,
      type: stage === 'approve' ? 'work_order_approved' : 'work_order_closed',
      description: `Work order ${workOrder.workOrderId} ${workOrder.title} ${stage === 'approve' ? 'approved' : 'closed'} by ${actor.name}`,
      entityType: 'work_order',
      entityId: id,
      plant: row.plant,
    });
  });
  return readWorkOrderDetail(db, scope, id);
}
