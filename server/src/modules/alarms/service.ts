/** The alarm list in the control room's order, and one alarm, as common's `alarm`. */
import type { Alarm, AlarmList, AlarmListQuery } from '@common/schemas/alarms';
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { alarms, users, valves, workOrders } from '../../db/schema';
import { type Scope, valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';
import { episodeAdvice } from '../analytics';
import { controlRoomOrder, stateOf } from './life-cycle';

export const ALARM_NOT_FOUND = 'Alarm not found.';

const acknowledger = alias(users, 'acknowledger');
const shelver = alias(users, 'shelver');

const person = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

async function alarmRows(db: Database, scope: Scope, where: SQL | undefined, limit: number) {
  return db
    .select({
      alarm: alarms,
      valveTag: valves.valveId,
      plant: valves.plant,
      location: valves.location,
      criticality: valves.criticality,
      acknowledgedByName: acknowledger.name,
      shelvedByName: shelver.name,
      workOrder: { id: workOrders.id, workOrderId: workOrders.workOrderId, status: workOrders.status },
    })
    .from(alarms)
    .innerJoin(valves, eq(valves.id, alarms.valveId))
    .leftJoin(acknowledger, eq(acknowledger.id, alarms.acknowledgedByUserId))
    .leftJoin(shelver, eq(shelver.id, alarms.shelvedByUserId))
    .leftJoin(workOrders, eq(workOrders.id, alarms.workOrderId))
    .where(and(valvesInScope(scope), eq(alarms.organizationId, scope.organizationId), where))
    .orderBy(desc(alarms.lastRaisedAt), desc(alarms.id))
    .limit(limit);
}
type AlarmRow = Awaited<ReturnType<typeof alarmRows>>[number];

function present(row: AlarmRow, now: Date): Alarm {
  const a = row.alarm;
  return {
    id: a.id,
    valveId: a.valveId,
    valveTag: row.valveTag,
    plant: row.plant,
    location: row.location,
    criticality: row.criticality,
    priority: a.priority,
    severity: a.severity,
    state: stateOf(a, now),
    active: a.clearedAt === null,
    raisedAt: a.raisedAt.toISOString(),
    lastRaisedAt: a.lastRaisedAt.toISOString(),
    clearedAt: a.clearedAt?.toISOString() ?? null,
    occurrences: a.occurrences,
    chattering: a.chattering,
    channels: a.channels as Alarm['channels'],
    description: a.description,
    fault: a.fault,
    advice: episodeAdvice(a.fault),
    acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: person(a.acknowledgedByUserId, row.acknowledgedByName),
    shelvedUntil: a.shelvedUntil && a.shelvedUntil > now ? a.shelvedUntil.toISOString() : null,
    shelveReason: a.shelvedUntil && a.shelvedUntil > now ? a.shelveReason : null,
    shelvedBy: a.shelvedUntil && a.shelvedUntil > now ? person(a.shelvedByUserId, row.shelvedByName) : null,
    suppressedReason: a.suppressedReason,
    workOrder: row.workOrder?.id ? row.workOrder : null,
  };
}

/** The alarms not back to normal (or the latest of all), unacknowledged first, by priority, then newest. */
export async function listAlarms(
  db: Database,
  scope: Scope,
  query: AlarmListQuery,
  now = new Date(),
): Promise<AlarmList> {
  const open = query.view === 'open' ? or(isNull(alarms.clearedAt), isNull(alarms.acknowledgedAt)) : undefined;
  const rows = await alarmRows(
    db,
    scope,
    and(open, query.plant ? eq(valves.plant, query.plant) : undefined),
    query.limit,
  );
  const items = rows
    .map((row) => present(row, now))
    .sort((a, b) =>
      controlRoomOrder(
        { ...a, lastRaisedAt: new Date(a.lastRaisedAt) },
        { ...b, lastRaisedAt: new Date(b.lastRaisedAt) },
      ),
    );
  const count = (state: Alarm['state'][]) => items.filter((a) => state.includes(a.state)).length;
  return {
    items,
    counts: {
      unacknowledged: count(['unacknowledged', 'returned_unacknowledged']),
      acknowledged: count(['acknowledged']),
      shelved: count(['shelved']),
      suppressed: count(['suppressed']),
    },
  };
}

/** One alarm of the scope; 404 outside it. */
export async function readAlarm(db: Database, scope: Scope, id: number, now = new Date()): Promise<Alarm> {
  const [row] = await alarmRows(db, scope, eq(alarms.id, id), 1);
  if (!row) throw notFound(ALARM_NOT_FOUND);
  return present(row, now);
}
