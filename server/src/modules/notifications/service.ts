import type { NotificationList } from '@common/schemas/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { plants } from '../../db/schema/organizations';
import { userPlants, users } from '../../db/schema/users';
import { notFound } from '../../plugins/errors';

type Item = NotificationList['items'][number];
export type NewNotification = Pick<Item, 'kind' | 'title' | 'body' | 'link'> & {
  key: string;
  /** The work order it is about, named in the panel; opening the notification goes to it. */
  workOrder?: NonNullable<Item['workOrder']>;
};

/** Writes one notification per person; a key already given to that person is skipped, so nobody is told twice. */
export async function notifyUsers(db: Database, organizationId: number, userIds: number[], message: NewNotification) {
  if (!userIds.length) return 0;
  const written = await db
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        organizationId,
        userId,
        kind: message.kind,
        key: message.key,
        title: message.title,
        body: message.body,
        link: message.workOrder ? `/work-orders/${message.workOrder.id}` : message.link,
        workOrderId: message.workOrder?.id,
        workOrderNumber: message.workOrder?.number,
        workOrderTitle: message.workOrder?.title,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return written.length;
}

/**
 * Marks everyone's notifications of one key read: what was urgent and is over (an emergency cleared) stops
 * sorting first and counting as new; the message saying it is over takes its place.
 */
export async function settleNotifications(db: Database, organizationId: number, key: string) {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.organizationId, organizationId), eq(notifications.key, key), isNull(notifications.readAt)),
    );
}

/** The active people who work in a plant: those limited to it, and those with no plant limit. */
export async function usersOfPlant(db: Database, organizationId: number, plant: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id, plant: plants.name })
    .from(users)
    .leftJoin(userPlants, eq(userPlants.userId, users.id))
    .leftJoin(plants, eq(plants.id, userPlants.plantId))
    .where(and(eq(users.organizationId, organizationId), eq(users.active, true)));
  const limited = new Map<number, string[]>();
  for (const row of rows) {
    const list = limited.get(row.id) ?? [];
    if (row.plant) list.push(row.plant);
    limited.set(row.id, list);
  }
  return [...limited].filter(([, list]) => list.length === 0 || list.includes(plant)).map(([id]) => id);
}

async function unreadOf(db: Database, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(db: Database, userId: number): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    // An emergency not yet read comes first, however much else was written since (issue 29).
    .orderBy(
      desc(sql`${notifications.kind} = 'emergency' and ${notifications.readAt} is null`),
      desc(notifications.createdAt),
      desc(notifications.id),
    )
    .limit(30);
  return {
    unread: await unreadOf(db, userId),
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind as Item['kind'],
      title: row.title,
      body: row.body,
      link: row.link,
      workOrder:
        row.workOrderId !== null
          ? { id: row.workOrderId, number: row.workOrderNumber ?? '', title: row.workOrderTitle ?? '' }
          : null,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Marks one (or, without an id, every) notification of the user read; another person's is 404. */
export async function markRead(db: Database, userId: number, id?: number) {
  const mine = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (id !== undefined) {
    const [known] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    if (!known) throw notFound('Notification not found');
    mine.push(inArray(notifications.id, [id]));
  }
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...mine));
  return { unread: await unreadOf(db, userId) };
}
