import { z } from 'zod';
import {
  MAINTENANCE_RECORD_TYPES,
  STORED_WORK_ORDER_STATUSES,
  WORK_ORDER_LIST,
  WORK_ORDER_PRIORITIES,
} from '../constants';
import { workOrderCost } from './costs';
import { dueDate, required, text, version } from './fields';
import { maintenanceRecord } from './maintenance-records';
import { isoDateTime, listLimit, recordId } from './params';
import { downtimeList, failureInput } from './reliability';
import { amendmentInput, completionSignatureInput, signatureInput } from './signatures';
import { userRef } from './users';
import { valveIdentity } from './valve-identity';

export const workOrderSummary = z.object({
  id: z.number(),
  workOrderId: z.string(),
  title: z.string(),
  description: z.string(),
  /** The stored workflow state: pending, in_progress, completed or cancelled. */
  status: z.string(),
  priority: z.string(),
  /** Derived: not completed and past its due date. */
  overdue: z.boolean(),
  dueDate: isoDateTime.nullable(),
  completedAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  version: z.number(),
  valve: valveIdentity,
  assignedToUser: userRef.nullable(),
  createdByUser: userRef.nullable(),
  /** Who last started the work, who completed it (null while it is not completed). */
  startedByUser: userRef.nullable(),
  completedByUser: userRef.nullable(),
  /** Set when the order was cancelled (a duplicate, no longer needed), with who and why. */
  cancelledAt: isoDateTime.nullable(),
  cancelledByUser: userRef.nullable(),
  cancelReason: z.string().nullable(),
  /** After completion: approved (reviewed), then closed (decisions/064); the list shows the stage. */
  approvedAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummary>;

/** With `limit`, only the newest that many (the dashboard shows two). */
export const workOrderListQuery = z.object({ limit: listLimit(WORK_ORDER_LIST.maxLimit).optional() });
export type WorkOrderListQuery = z.infer<typeof workOrderListQuery>;

export const workOrderDetail = workOrderSummary.extend({
  maintenanceRecords: z.array(maintenanceRecord),
  /** After completion: reviewed and approved, then closed (the order stays completed for lists and counts). */
  approvedByUser: userRef.nullable(),
  closedByUser: userRef.nullable(),
  /** What it cost, from the ledger (GET /api/work-orders/:id; a write's answer leaves it out). */
  cost: workOrderCost.optional(),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const workOrderCreateBody = z.object({
  valveId: recordId,
  title: required(200),
  description: text(5000).default(''),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' }).default('medium'),
  dueDate: dueDate.nullable().optional(),
  assignedToUserId: recordId.nullable().optional(),
});
export type WorkOrderCreateBody = z.infer<typeof workOrderCreateBody>;

export const workOrderUpdateBody = z.object({
  version,
  title: required(200).optional(),
  description: text(5000).optional(),
  priority: z.enum(WORK_ORDER_PRIORITIES, { error: 'must be high, medium or low' }).optional(),
  dueDate: dueDate.nullable().optional(),
  assignedToUserId: recordId.nullable().optional(),
  /** A signed work order changes only with this: the reason, signed (issue 27 item 3). */
  amendment: amendmentInput.optional(),
});
export type WorkOrderUpdateBody = z.infer<typeof workOrderUpdateBody>;

/** Completing asks what was found and done: it becomes the valve's maintenance record. */
export const statusChangeBody = z
  .object({
    version,
    status: z.enum(STORED_WORK_ORDER_STATUSES, { error: 'must be pending, in_progress or completed' }),
    findings: text(5000).optional(),
    actionsPerformed: text(5000).optional(),
    maintenanceType: z
      .enum(
        MAINTENANCE_RECORD_TYPES.filter((t) => t !== 'note') as [
          'inspection',
          'preventive',
          'corrective',
          'calibration',
        ],
        {
          error: 'must be inspection, preventive, corrective or calibration',
        },
      )
      .default('corrective'),
    /**
     * Signs the completion (required when the priority or a procedure on the work order asks for it): the password
     * again, or a signature made offline on the technician's device (decisions/121).
     */
    signature: completionSignatureInput.optional(),
    /** What failed (issue 34): a corrective order's failure report, ISO 14224 codes (GET /api/failure-codes). */
    failure: failureInput.optional(),
    /** When the valve was out of service for this work: one period or several. */
    downtime: downtimeList.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.status !== 'completed') {
      for (const field of ['failure', 'downtime'] as const) {
        if (body[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: 'is recorded when the work order is completed' });
        }
      }
      return;
    }
    if (!body.findings)
      ctx.addIssue({ code: 'custom', path: ['findings'], message: 'is required to complete a work order' });
    if (!body.actionsPerformed) {
      ctx.addIssue({ code: 'custom', path: ['actionsPerformed'], message: 'is required to complete a work order' });
    }
  });
export type StatusChangeBody = z.infer<typeof statusChangeBody>;

/** Approving or closing a completed order: signed when a signature is given, and must be when the rules ask. */
export const workOrderReviewBody = z.object({
  version,
  signature: signatureInput
    .extend({
      meaning: z.enum(['reviewed', 'approved'], { error: 'must be reviewed or approved to approve or close' }),
    })
    .optional(),
});
export type WorkOrderReviewBody = z.infer<typeof workOrderReviewBody>;

export const noteBody = z.object({ text: required(5000) });

/** Cancelling a duplicate or unneeded order: the reason is kept on it and in the activity. */
export const workOrderCancelBody = z.object({ version, reason: required(500) });
export type WorkOrderCancelBody = z.infer<typeof workOrderCancelBody>;

/** Which steps of this work order need a signature: its priority's rule or a procedure run on it asks (issue 29). */
export const workOrderSignOff = z.object({ complete: z.boolean(), approve: z.boolean(), close: z.boolean() });
export type WorkOrderSignOff = z.infer<typeof workOrderSignOff>;
