import { and, eq, gte, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emergencies, notifications, users, workOrders } from '../db/schema';
import { alarmNotices } from '../modules/alarms';
import { anomalyNotices } from '../modules/analytics';
import { clearEmergency, raiseEmergency } from '../modules/emergencies';
import { notifyUsers, sweepNotifications } from '../modules/notifications';
import { workNotices } from '../modules/work-orders';

const MINUTE = 60_000;

const DAY = 24 * 60 * MINUTE;

/**
 * The spec's dashboard as written (issue 17): one emergency in force (a gas alarm in Power Plant A, raised by the
 * supervisor 35 minutes ago) and three unread notifications under every bell. What the sweep would announce of the
 * demo's older work counts as already seen, so the bell starts at three. An older emergency in Gas Plant B, cleared
 * with its all-clear note (issue 29), shows what clearing leaves behind.
 */
export async function seedDemoAlerts(db: Database, organizationId: number, now: number): Promise<void> {
  await sweepNotifications(db, [workNotices, anomalyNotices, alarmNotices], new Date(now));
  const people = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(users.id);
  const supervisor = people.find((p) => p.role === 'supervisor') ?? people[0];
  await seedClearedEmergency(db, organizationId, supervisor, now);
  await db
    .update(notifications)
    .set({ readAt: new Date(now - 60 * MINUTE) })
    .where(and(eq(notifications.organizationId, organizationId), isNull(notifications.readAt)));
  const raised = await raiseEmergency(db, { organizationId, plants: null }, supervisor, {
    plant: 'Power Plant A',
    reason:
      'Gas detector alarm at the fuel gas skid (GD-114, 25% LEL). Area evacuated; isolate at V-001-BV and wait for the all-clear.',
  });
  await db
    .update(emergencies)
    .set({ raisedAt: new Date(now - 35 * MINUTE) })
    .where(eq(emergencies.id, raised.id));
  const [urgent] = await db
    .select({ id: workOrders.id, number: workOrders.workOrderId, title: workOrders.title })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.organizationId, organizationId),
        eq(workOrders.priority, 'high'),
        ne(workOrders.status, 'completed'),
        gte(workOrders.dueDate, new Date(now)),
      ),
    )
    .orderBy(workOrders.dueDate, workOrders.id)
    .limit(1);
  const everyone = people.map((p) => p.id);
  await notifyUsers(db, organizationId, everyone, {
    kind: 'due',
    key: 'demo:due',
    title: `${urgent?.number ?? 'A high-priority work order'} is due within a day`,
    body: urgent?.title ?? 'High-priority work is due.',
    link: '/work-orders',
    workOrder: urgent,
  });
  await notifyUsers(db, organizationId, everyone, {
    kind: 'anomaly',
    key: 'demo:anomaly',
    title: 'V-003-CV: high risk',
    body: 'Condition monitoring found rising vibration on V-003-CV.',
    link: '/analytics',
  });
  // The emergency's own notification went to Power Plant A's people (everyone here); dated with it.
  await db
    .update(notifications)
    .set({ createdAt: new Date(now - 35 * MINUTE) })
    .where(eq(notifications.key, `emergency:${raised.id}`));
}

/** A steam leak three days ago, cleared two hours later with its note; its two notifications are dated with it. */
async function seedClearedEmergency(
  db: Database,
  organizationId: number,
  supervisor: { id: number; name: string },
  now: number,
) {
  const scope = { organizationId, plants: null };
  const raised = await raiseEmergency(db, scope, supervisor, {
    plant: 'Gas Plant B',
    reason: 'Steam leak at boiler feed pump P-201 discharge flange. Area closed; keep clear of the pump bay.',
  });
  await clearEmergency(
    db,
    scope,
    supervisor,
    raised.id,
    'Flange gasket replaced and leak-tested at operating pressure; pump bay reopened.',
  );
  const raisedAt = new Date(now - 3 * DAY);
  const clearedAt = new Date(now - 3 * DAY + 120 * MINUTE);
  await db.update(emergencies).set({ raisedAt, clearedAt }).where(eq(emergencies.id, raised.id));
  await db
    .update(notifications)
    .set({ createdAt: raisedAt })
    .where(eq(notifications.key, `emergency:${raised.id}`));
  await db
    .update(notifications)
    .set({ createdAt: clearedAt })
    .where(eq(notifications.key, `emergency:${raised.id}:cleared`));
}
