import { and, eq, gt, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { predictiveAnalytics, valves, workOrders } from '../../db/schema';
import type { Job } from '../../jobs';
import { notifyUsers, usersOfPlant } from './service';

const HOUR = 3_600_000;
/** Work falling due within this is announced to its assignee. */
const DUE_SOON_MS = 24 * HOUR;

/**
 * Finds what people must be told from the records themselves (work assigned, due within a day, overdue; anomalies
 * opened) and tells each person once: every notification carries a key of the event, unique per person. Run at
 * start and every minute, so no domain that writes work needs to know about the bell.
 */
export async function sweepNotifications(db: Database, now = new Date()): Promise<number> {
  let written = 0;
  const open = await db
    .select({
      id: workOrders.id,
      organizationId: workOrders.organizationId,
      number: workOrders.workOrderId,
      title: workOrders.title,
      dueDate: workOrders.dueDate,
      assignee: workOrders.assignedToUserId,
    })
    .from(workOrders)
    .where(
      and(
        isNotNull(workOrders.assignedToUserId),
        ne(workOrders.status, 'completed'),
        // Only recent assignments and work near its date: an old backlog is not replayed into every bell.
        or(
          gt(workOrders.updatedAt, new Date(now.getTime() - 7 * 24 * HOUR)),
          lte(workOrders.dueDate, new Date(now.getTime() + DUE_SOON_MS)),
        ),
      ),
    );
  for (const order of open) {
    if (order.assignee === null) continue;
    const link = `/work-orders/${order.id}`;
    written += await notifyUsers(db, order.organizationId, [order.assignee], {
      kind: 'assignment',
      key: `assigned:wo:${order.id}`,
      title: `${order.number} assigned to you`,
      body: order.title,
      link,
    });
    if (!order.dueDate) continue;
    const due = order.dueDate.getTime();
    if (due <= now.getTime()) {
      written += await notifyUsers(db, order.organizationId, [order.assignee], {
        kind: 'overdue',
        key: `overdue:wo:${order.id}`,
        title: `${order.number} is overdue`,
        body: order.title,
        link,
      });
    } else if (due - now.getTime() <= DUE_SOON_MS) {
      written += await notifyUsers(db, order.organizationId, [order.assignee], {
        kind: 'due',
        key: `due:wo:${order.id}`,
        title: `${order.number} is due within a day`,
        body: order.title,
        link,
      });
    }
  }
  const anomalies = await db
    .select({
      id: predictiveAnalytics.id,
      organizationId: valves.organizationId,
      valveId: valves.id,
      tag: valves.valveId,
      plant: valves.plant,
      risk: predictiveAnalytics.riskLevel,
    })
    .from(predictiveAnalytics)
    .innerJoin(valves, eq(valves.id, predictiveAnalytics.valveId))
    .where(inArray(predictiveAnalytics.riskLevel, ['high', 'critical']));
  for (const anomaly of anomalies) {
    const people = await usersOfPlant(db, anomaly.organizationId, anomaly.plant);
    written += await notifyUsers(db, anomaly.organizationId, people, {
      kind: 'anomaly',
      key: `anomaly:valve:${anomaly.valveId}:${anomaly.risk}`,
      title: `${anomaly.tag}: ${anomaly.risk} risk`,
      body: `Condition monitoring found an anomaly on ${anomaly.tag} in ${anomaly.plant}.`,
      link: `/analytics/${anomaly.valveId}`,
    });
  }
  return written;
}

/** Every minute on the job queue: one server sweeps, however many run (each notification is written once anyway). */
export const notificationSweepJob: Job = {
  name: 'notification-sweep',
  cron: '* * * * *',
  run: (db) => sweepNotifications(db),
};
