import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';

/**
 * What a person is told under the bell: work assigned to them, work falling due or overdue, anomalies, emergencies.
 * `key` names the event (e.g. `overdue:wo:42`), so a job that runs again tells nobody twice.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where tapping it goes: a screen of the app (/work-orders/12). */
    link: text('link'),
    /**
     * The work order it is about, as it was told (issue 29): kept here because this domain reads no other's tables;
     * a notification is a message of its moment, like an e-mail's subject.
     */
    workOrderId: integer('work_order_id'),
    workOrderNumber: text('work_order_number'),
    workOrderTitle: text('work_order_title'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_key_idx').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt),
  ],
);
