import { and, gt, isNotNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workOrders } from '../../db/schema';
import type { Notice } from '../notifications';

const HOUR = 3_600_000;
/** Work falling due within this is announced to its assignee. */
const DUE_SOON_MS = 24 * HOUR;

/** What assignees must be told of their work: assigned to them, due within a day, overdue. */
export async function workNotices(db: Database, now: Date): Promise<Notice[]> {
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
  const notices: Notice[] = [];
  for (const order of open) {
    if (order.assignee === null) continue;
    const about = {
      organizationId: order.organizationId,
      to: [order.assignee],
      body: order.title,
      workOrder: { id: order.id, number: order.number, title: order.title },
    };
    const link = `/work-orders/${order.id}`;
    notices.push({
      ...about,
      kind: 'assignment',
      key: `assigned:wo:${order.id}`,
      title: `${order.number} assigned to you`,
      link,
    });
    if (!order.dueDate) continue;
    const due = order.dueDate.getTime();
    if (due <= now.getTime()) {
      notices.push({
        ...about,
        kind: 'overdue',
        key: `overdue:wo:${order.id}`,
        title: `${order.number} is overdue`,
        link,
      });
    } else if (due - now.getTime() <= DUE_SOON_MS) {
      notices.push({
        ...about,
        kind: 'due',
        key: `due:wo:${order.id}`,
        title: `${order.number} is due within a day`,
        link,
      });
    }
  }
  return notices;
}
