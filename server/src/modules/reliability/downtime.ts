import { dateTimeIn } from '@common/plant-days';
import type { DowntimeInput, DowntimePeriod } from '@common/schemas/reliability';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { downtimePeriods, users } from '../../db/schema';
import { groupBy } from '../../lib/group-by';
import type { Scope } from '../../lib/scope';
import { conflict, HttpError, notFound } from '../../plugins/errors';
import { plantTimeZone } from '../plants';
import { assertWorkOrderExists, lockWorkOrderState, markWorkOrderChanged, type WorkOrderState } from '../work-orders';
import { hoursBetween, round2 } from './figures';

/** Downtime is kept on open and completed work, not on cancelled work or a closed record. */
export function refuseFinished(order: Pick<WorkOrderState, 'status' | 'closedAt' | 'workOrderId'>, what: string) {
  if (order.status === 'cancelled')
    throw conflict(`Work order ${order.workOrderId} is cancelled: it keeps no ${what}.`);
  if (order.closedAt) throw conflict(`Work order ${order.workOrderId} is closed: its ${what} no longer changes.`);
}

/**
 * Adds periods to a work order whose row the caller holds locked: none may overlap another of the same order (the
 * valve cannot be out twice for one job), given together or already recorded. `at` names the body field.
 */
export async function addPeriods(
  db: Database,
  organizationId: number,
  userId: number,
  order: { id: number; valveId: number; plant: string },
  given: readonly DowntimeInput[],
  at: (index: number) => string,
) {
  // A refusal names the other period on the plant's clock, as the technician knows it.
  const when = async (d: Date) => dateTimeIn(d, await plantTimeZone(db, organizationId, order.plant));
  const existing = await db
    .select({ startedAt: downtimePeriods.startedAt, endedAt: downtimePeriods.endedAt })
    .from(downtimePeriods)
    .where(eq(downtimePeriods.workOrderId, order.id));
  const periods = given.map((p) => ({
    startedAt: new Date(p.startedAt),
    endedAt: new Date(p.endedAt),
    reason: p.reason,
  }));
  const seen = [...existing];
  for (const [index, period] of periods.entries()) {
    const other = seen.find((s) => period.startedAt < s.endedAt && s.startedAt < period.endedAt);
    if (other) {
      const message = `overlaps the downtime from ${await when(other.startedAt)} to ${await when(other.endedAt)} on this work order`;
      throw new HttpError(409, `This downtime ${message}.`, { issues: [{ path: at(index), message }] });
    }
    seen.push(period);
  }
  if (!periods.length) return [];
  return db
    .insert(downtimePeriods)
    .values(
      periods.map((p) => ({
        ...p,
        organizationId,
        workOrderId: order.id,
        valveId: order.valveId,
        recordedByUserId: userId,
      })),
    )
    .returning({ id: downtimePeriods.id });
}

/** Periods with who recorded them, earliest first. */
const periodsWhere = (db: Database, where: SQL | undefined) =>
  db
    .select({
      id: downtimePeriods.id,
      workOrderId: downtimePeriods.workOrderId,
      valveId: downtimePeriods.valveId,
      startedAt: downtimePeriods.startedAt,
      endedAt: downtimePeriods.endedAt,
      reason: downtimePeriods.reason,
      recordedById: users.id,
      recordedByName: users.name,
      createdAt: downtimePeriods.createdAt,
    })
    .from(downtimePeriods)
    .leftJoin(users, eq(users.id, downtimePeriods.recordedByUserId))
    .where(where)
    .orderBy(asc(downtimePeriods.startedAt));

const periodOf = ({
  recordedById,
  recordedByName,
  ...row
}: Awaited<ReturnType<typeof periodsWhere>>[number]): DowntimePeriod => ({
  ...row,
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt.toISOString(),
  hours: round2(hoursBetween(row.startedAt.getTime(), row.endedAt.getTime())),
  recordedBy: recordedById === null ? null : { id: recordedById, name: recordedByName ?? '' },
  createdAt: row.createdAt.toISOString(),
});

/** A work order's downtime, earliest first. */
export async function downtimeOfWorkOrder(db: Database, scope: Scope, workOrderId: number): Promise<DowntimePeriod[]> {
  await assertWorkOrderExists(db, scope, workOrderId);
  return (await periodsWhere(db, eq(downtimePeriods.workOrderId, workOrderId))).map(periodOf);
}

/** The downtime of work orders (the offline copy's bulk read; ids already in the caller's scope), by work order. */
export async function downtimeOfWorkOrders(db: Database, organizationId: number, workOrderIds: readonly number[]) {
  const rows = workOrderIds.length
    ? await periodsWhere(
        db,
        and(
          eq(downtimePeriods.organizationId, organizationId),
          inArray(downtimePeriods.workOrderId, [...workOrderIds]),
        ),
      )
    : [];
  return groupBy(rows, (row) => row.workOrderId, periodOf);
}

/** POST /api/work-orders/:id/downtime. */
export async function addDowntime(
  db: Database,
  scope: Scope,
  userId: number,
  workOrderId: number,
  input: DowntimeInput,
): Promise<DowntimePeriod> {
  const order = await lockWorkOrderState(db, scope, workOrderId);
  refuseFinished(order, 'downtime');
  const [row] = await addPeriods(db, scope.organizationId, userId, order, [input], () => 'startedAt');
  await markWorkOrderChanged(db, workOrderId);
  const [period] = await periodsWhere(db, eq(downtimePeriods.id, row.id));
  return periodOf(period);
}

/** DELETE /api/work-orders/:id/downtime/:downtimeId: a period recorded by mistake (the audit trail keeps it). */
export async function removeDowntime(db: Database, scope: Scope, workOrderId: number, downtimeId: number) {
  const order = await lockWorkOrderState(db, scope, workOrderId);
  refuseFinished(order, 'downtime');
  const removed = await db
    .delete(downtimePeriods)
    .where(and(eq(downtimePeriods.id, downtimeId), eq(downtimePeriods.workOrderId, workOrderId)))
    .returning({ id: downtimePeriods.id });
  if (!removed.length) throw notFound('Downtime period not found on this work order');
  await markWorkOrderChanged(db, workOrderId);
}
