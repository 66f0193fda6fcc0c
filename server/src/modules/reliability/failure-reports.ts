import type { SessionUser } from '@common/schemas/auth';
import type { FailureInput, FailureReport } from '@common/schemas/reliability';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, workOrderFailures } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { conflict } from '../../plugins/errors';
import { assertWorkOrderExists, lockWorkOrderState, markWorkOrderChanged, type RecordFailure } from '../work-orders';
import { type CodeBook, checkCodes, codeBookOf, labelOf } from './codes';
import { addPeriods } from './downtime';

/**
 * Keeps a work order's failure report (one per order: a second write replaces the first). The codes must be in the
 * organization's book; the failure happened when given, else when the order was raised.
 */
async function writeFailure(
  db: Database,
  organizationId: number,
  userId: number,
  order: { id: number; valveId: number; createdAt: Date },
  failure: FailureInput,
  at: string,
) {
  const codes = checkCodes(await codeBookOf(db, organizationId), failure, at);
  const row = {
    ...codes,
    failedAt: failure.failedAt ? new Date(failure.failedAt) : order.createdAt,
    recordedByUserId: userId,
  };
  await db
    .insert(workOrderFailures)
    .values({ ...row, organizationId, workOrderId: order.id, valveId: order.valveId })
    .onConflictDoUpdate({ target: workOrderFailures.workOrderId, set: { ...row, updatedAt: new Date() } });
}

/** The completion's failure and downtime (handed to work orders in app.ts; the order is locked by the completion). */
export const recordFailure: RecordFailure = async (db, scope, actor, order, given) => {
  if (given.failure) await writeFailure(db, scope.organizationId, actor.id, order, given.failure, 'failure');
  if (given.downtime) {
    const { downtime } = given;
    await addPeriods(db, scope.organizationId, actor.id, order, Array.isArray(downtime) ? downtime : [downtime], (i) =>
      Array.isArray(downtime) ? `downtime.${i}.startedAt` : 'downtime.startedAt',
    );
  }
};

const reportRows = (db: Database, where: SQL) =>
  db
    .select({ failure: workOrderFailures, recordedByName: users.name })
    .from(workOrderFailures)
    .leftJoin(users, eq(users.id, workOrderFailures.recordedByUserId))
    .where(where);

type ReportRow = Awaited<ReturnType<typeof reportRows>>[number];

/** The stored reports of these work orders, by work order id. */
export async function reportsOf(db: Database, workOrderIds: readonly number[]) {
  const rows = workOrderIds.length
    ? await reportRows(db, inArray(workOrderFailures.workOrderId, [...workOrderIds]))
    : [];
  return new Map(rows.map((row) => [row.failure.workOrderId, row]));
}

/** The failure reports of work orders in words (the offline copy's bulk read), by work order. */
export async function failureReportsOf(db: Database, organizationId: number, workOrderIds: readonly number[]) {
  const [rows, book] = await Promise.all([reportsOf(db, workOrderIds), codeBookOf(db, organizationId)]);
  return new Map([...rows].map(([id, row]) => [id, reportOf(book, row)]));
}

/** A stored report in words: each code with its label from the organization's book. */
export function reportOf(book: CodeBook, { failure: f, recordedByName }: ReportRow): FailureReport {
  return {
    workOrderId: f.workOrderId,
    valveId: f.valveId,
    mode: f.mode,
    mechanism: f.mechanism,
    cause: f.cause,
    remedy: f.remedy,
    detectedBy: f.detectedBy,
    failedAt: f.failedAt.toISOString(),
    labels: {
      mode: labelOf(book, 'mode', f.mode) ?? f.mode,
      mechanism: labelOf(book, 'mechanism', f.mechanism),
      cause: labelOf(book, 'cause', f.cause),
      remedy: labelOf(book, 'remedy', f.remedy),
      detectedBy: labelOf(book, 'detection', f.detectedBy),
    },
    recordedBy: f.recordedByUserId === null ? null : { id: f.recordedByUserId, name: recordedByName ?? '' },
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** GET /api/work-orders/:id/failure: the report, or null when none is recorded. */
export async function failureOfWorkOrder(db: Database, scope: Scope, workOrderId: number) {
  await assertWorkOrderExists(db, scope, workOrderId);
  const [row] = await reportRows(db, eq(workOrderFailures.workOrderId, workOrderId));
  return row ? reportOf(await codeBookOf(db, scope.organizationId), row) : null;
}

/**
 * PUT /api/work-orders/:id/failure: a completed order's report recorded or corrected (a reliability engineer's
 * recoding), closed orders too: the codes are analysis of the record, not the signed record, and the audit trail
 * keeps every change.
 */
export async function correctFailure(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  workOrderId: number,
  failure: FailureInput,
): Promise<FailureReport> {
  const order = await lockWorkOrderState(db, scope, workOrderId);
  if (order.status !== 'completed') {
    throw conflict(`Work order ${order.workOrderId} is not completed: its failure is recorded when it is completed.`);
  }
  await writeFailure(db, scope.organizationId, actor.id, order, failure, '');
  await markWorkOrderChanged(db, workOrderId);
  const report = await failureOfWorkOrder(db, scope, workOrderId);
  if (!report) throw new Error('A failure report written in this transaction cannot be missing');
  return report;
}
