/**
 * What a person does with an alarm (ISA-18.2 clause 11): acknowledge it, shelve it for a stated time with a reason,
 * take it off the shelf, raise a work order from it. Each runs under a row lock with the person named for the audit
 * trigger, so the trail says who did what and two operators never half-apply the same action.
 */

import type { WorkOrderPriority } from '@common/constants';
import type { AlarmWorkOrderBody, ShelveAlarmBody } from '@common/schemas/alarms';
import type { SessionUser } from '@common/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alarms, valves, workOrders } from '../../db/schema';
import { asActor } from '../../lib/audit';
import { type Scope, valvesInScope } from '../../lib/scope';
import { HttpError, notFound } from '../../plugins/errors';
import { episodeAdvice } from '../analytics';
import { raiseWorkOrder } from '../work-orders';
import { stateOf } from './life-cycle';
import { ALARM_NOT_FOUND } from './service';

/** The alarm of the scope, locked for the rest of the transaction; 404 outside the scope. */
async function lockAlarm(tx: Database, scope: Scope, id: number, now = new Date()) {
  const [row] = await tx
    .select({ alarm: alarms, valveTag: valves.valveId })
    .from(alarms)
    .innerJoin(valves, eq(valves.id, alarms.valveId))
    .where(and(valvesInScope(scope), eq(alarms.id, id)))
    .for('update', { of: alarms });
  if (!row) throw notFound(ALARM_NOT_FOUND);
  return { ...row, state: stateOf(row.alarm, now) };
}

/** `work` in a transaction whose changes the audit trail puts to the person acting. */
const acting = <T>(db: Database, actor: SessionUser, work: (tx: Database) => Promise<T>) =>
  asActor(db, { userId: actor.id }, work);

/** `now` is the moment of the act: the demo's history passes its own. */
export async function acknowledgeAlarm(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  now = new Date(),
): Promise<void> {
  await acting(db, actor, async (tx) => {
    const { alarm } = await lockAlarm(tx, scope, id, now);
    if (alarm.acknowledgedAt) {
      throw new HttpError(409, `This alarm was already acknowledged at ${alarm.acknowledgedAt.toISOString()}.`);
    }
    await tx
      .update(alarms)
      .set({ acknowledgedAt: now, acknowledgedByUserId: actor.id, updatedAt: now })
      .where(eq(alarms.id, id));
  });
}

export async function shelveAlarm(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: ShelveAlarmBody,
  now = new Date(),
): Promise<void> {
  await acting(db, actor, async (tx) => {
    const { state } = await lockAlarm(tx, scope, id, now);
    if (state === 'normal')
      throw new HttpError(409, 'This alarm is back to normal and acknowledged: there is nothing to shelve.');
    if (state === 'suppressed') {
      throw new HttpError(409, 'This alarm is suppressed while its valve is out of service or being worked on.');
    }
    await tx
      .update(alarms)
      .set({
        shelvedAt: now,
        shelvedUntil: new Date(now.getTime() + body.minutes * 60_000),
        shelveReason: body.reason,
        shelvedByUserId: actor.id,
        updatedAt: now,
      })
      .where(eq(alarms.id, id));
  });
}

export async function unshelveAlarm(db: Database, scope: Scope, actor: SessionUser, id: number): Promise<void> {
  await acting(db, actor, async (tx) => {
    const { state } = await lockAlarm(tx, scope, id);
    if (state !== 'shelved') throw new HttpError(409, 'This alarm is not shelved.');
    await tx
      .update(alarms)
      .set({ shelvedUntil: null, shelveReason: null, updatedAt: new Date() })
      .where(eq(alarms.id, id));
  });
}

const WORK_PRIORITY: Record<string, WorkOrderPriority> = {
  critical: 'high',
  high: 'high',
  medium: 'medium',
  low: 'low',
};

/**
 * A corrective work order from the alarm in one tap: its title and description say what the alarm found and what
 * to inspect, its priority follows the alarm's; the alarm keeps a link to it. An alarm with an open one is refused.
 */
export async function raiseAlarmWorkOrder(
  db: Database,
  scope: Scope,
  actor: SessionUser,
  id: number,
  body: AlarmWorkOrderBody,
): Promise<{ id: number; workOrderId: string }> {
  return acting(db, actor, async (tx) => {
    const { alarm, valveTag } = await lockAlarm(tx, scope, id);
    if (alarm.workOrderId) {
      const [linked] = await tx
        .select({ workOrderId: workOrders.workOrderId, status: workOrders.status })
        .from(workOrders)
        .where(eq(workOrders.id, alarm.workOrderId));
      if (linked && linked.status !== 'completed') {
        throw new HttpError(409, `This alarm already has work order ${linked.workOrderId}.`);
      }
    }
    const changes = (alarm.channels as { text: string }[]).map((c) => c.text).join(', ');
    const raised = await raiseWorkOrder(tx, scope, actor, {
      valveId: alarm.valveId,
      title: `Alarm on ${valveTag}: ${alarm.description}`.slice(0, 200),
      description: [
        `Raised from a ${alarm.priority}-priority condition alarm of ${alarm.raisedAt.toISOString()}.`,
        changes && `Changes: ${changes}.`,
        episodeAdvice(alarm.fault),
      ]
        .filter(Boolean)
        .join('\n'),
      priority: body.priority ?? WORK_PRIORITY[alarm.priority],
    });
    await tx.update(alarms).set({ workOrderId: raised, updatedAt: new Date() }).where(eq(alarms.id, id));
    const [created] = await tx
      .select({ id: workOrders.id, workOrderId: workOrders.workOrderId })
      .from(workOrders)
      .where(eq(workOrders.id, raised));
    return created;
  });
}
