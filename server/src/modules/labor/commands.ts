import { can } from '@common/permissions';
import type { SessionUser } from '@common/schemas/auth';
import type { ContractorCostBody, LaborEntryBody, LaborRateBody, LaborTimerBody } from '@common/schemas/labor';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractorCosts, laborEntries, laborRates } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { conflict, HttpError, invalidField, notFound, refuseDuplicate } from '../../plugins/errors';
import { colleagueNamed } from '../users';
import { assertWorkOrderExists } from '../work-orders';
import { contractorCostsOf, laborEntry, stampRates } from './service';

/** The day an instant falls on, UTC (YYYY-MM-DD): the day a rate is looked up on. */
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Whose hours: your own, or (a supervisor's or admin's, who assign the work) a colleague's of the organization.
 * Someone else's name from a technician is a 403; an id not of the organization, a 400 on the field.
 */
async function personOf(db: Database, organizationId: number, user: SessionUser, userId: number | undefined) {
  if (userId === undefined || userId === user.id) return user.id;
  if (!can(user.role, 'work-orders:assign')) {
    throw new HttpError(403, `Your role (${user.role}) may log only your own hours.`);
  }
  return (await colleagueNamed(db, organizationId, userId, 'userId')).id;
}

/** Hours worked on a work order, as minutes on a day or as the clock times they began and ended. */
export async function logLabor(
  db: Database,
  scope: Scope,
  user: SessionUser,
  workOrderId: number,
  body: LaborEntryBody,
) {
  await assertWorkOrderExists(db, scope, workOrderId);
  const userId = await personOf(db, scope.organizationId, user, body.userId);
  const startedAt = body.startedAt ? new Date(body.startedAt) : null;
  const endedAt = body.endedAt ? new Date(body.endedAt) : null;
  const minutes =
    body.minutes ?? Math.max(1, Math.round(((endedAt?.getTime() ?? 0) - (startedAt?.getTime() ?? 0)) / 60_000));
  const [row] = await db
    .insert(laborEntries)
    .values({
      organizationId: scope.organizationId,
      workOrderId,
      userId,
      minutes,
      startedAt,
      endedAt,
      workedOn: startedAt ? dayOf(startedAt) : (body.workedOn ?? dayOf(new Date())),
      note: body.note ?? null,
      loggedByUserId: user.id,
    })
    .returning({ id: laborEntries.id });
  await stampRates(db, scope.organizationId, sql`e.id = ${row.id}`);
  return laborEntry(db, scope.organizationId, row.id);
}

/**
 * Starts a person's timer on a work order, from when the button was pressed (`at`, else now): one running timer per
 * person (a second is a 409 naming where it runs).
 */
export async function startTimer(
  db: Database,
  scope: Scope,
  user: SessionUser,
  workOrderId: number,
  body: LaborTimerBody,
) {
  await assertWorkOrderExists(db, scope, workOrderId);
  const userId = await personOf(db, scope.organizationId, user, body.userId);
  const running = await runningTimerOf(db, userId);
  const refusal = conflict(
    running
      ? `A timer is already running on work order ${running.workOrderId}: stop it first.`
      : 'A timer is already running: stop it first.',
  );
  if (running) throw refusal;
  const now = body.at ? new Date(body.at) : new Date();
  const [row] = await refuseDuplicate(
    () =>
      db
        .insert(laborEntries)
        .values({
          organizationId: scope.organizationId,
          workOrderId,
          userId,
          startedAt: now,
          workedOn: dayOf(now),
          note: body.note ?? null,
          loggedByUserId: user.id,
        })
        .returning({ id: laborEntries.id }),
    refusal,
  );
  await stampRates(db, scope.organizationId, sql`e.id = ${row.id}`);
  return laborEntry(db, scope.organizationId, row.id);
}

const runningTimerOf = async (db: Database, userId: number) =>
  (
    await db
      .select({ id: laborEntries.id, workOrderId: laborEntries.workOrderId, startedAt: laborEntries.startedAt })
      .from(laborEntries)
      .where(and(eq(laborEntries.userId, userId), isNull(laborEntries.minutes), isNull(laborEntries.endedAt)))
  )[0];

/**
 * Stops the person's running timer on this work order when the button was pressed (`at`, else now): its minutes
 * become the time since it started (at least 1).
 */
export async function stopTimer(
  db: Database,
  scope: Scope,
  user: SessionUser,
  workOrderId: number,
  body: LaborTimerBody,
) {
  await assertWorkOrderExists(db, scope, workOrderId);
  const userId = await personOf(db, scope.organizationId, user, body.userId);
  const running = await runningTimerOf(db, userId);
  if (!running || running.workOrderId !== workOrderId) throw notFound('No timer is running on this work order.');
  const endedAt = body.at ? new Date(body.at) : new Date();
  const started = running.startedAt?.getTime() ?? endedAt.getTime();
  if (endedAt.getTime() < started) {
    throw invalidField('at', `must be after the timer started (${new Date(started).toISOString()})`);
  }
  // A timer left running over a shift is cut at 24 hours: one entry is one stretch of work (the note says so).
  const minutes = Math.min(24 * 60, Math.max(1, Math.round((endedAt.getTime() - started) / 60_000)));
  await db
    .update(laborEntries)
    .set({
      minutes,
      endedAt: new Date(Math.min(endedAt.getTime(), started + minutes * 60_000)),
      ...(body.note ? { note: body.note } : {}),
    })
    .where(eq(laborEntries.id, running.id));
  return laborEntry(db, scope.organizationId, running.id);
}

/** A rate from a day on, for a person of the organization or for a role. */
export async function addLaborRate(db: Database, organizationId: number, user: SessionUser, body: LaborRateBody) {
  if (body.userId !== undefined) await colleagueNamed(db, organizationId, body.userId, 'userId');
  const [row] = await db
    .insert(laborRates)
    .values({
      organizationId,
      userId: body.userId ?? null,
      role: body.role ?? null,
      hourlyRate: body.hourlyRate,
      effectiveFrom: body.effectiveFrom,
      createdByUserId: user.id,
    })
    .returning({ id: laborRates.id });
  // The work of its day on that this rate may now price: the person's, or everyone's of the role.
  const whose = body.userId !== undefined ? sql`e.user_id = ${body.userId}` : sql`u.role = ${body.role}`;
  await stampRates(db, organizationId, sql`${whose} and e.worked_on >= ${body.effectiveFrom}::date`);
  return row.id;
}

/** A contractor's invoice against a work order. */
export async function addContractorCost(
  db: Database,
  scope: Scope,
  user: SessionUser,
  workOrderId: number,
  body: ContractorCostBody,
) {
  await assertWorkOrderExists(db, scope, workOrderId);
  const [row] = await db
    .insert(contractorCosts)
    .values({
      organizationId: scope.organizationId,
      workOrderId,
      supplier: body.supplier,
      invoiceNumber: body.invoiceNumber,
      amount: body.amount,
      note: body.note ?? null,
      loggedByUserId: user.id,
    })
    .returning({ id: contractorCosts.id });
  const [cost] = await contractorCostsOf(db, scope.organizationId, workOrderId, row.id);
  return cost;
}
