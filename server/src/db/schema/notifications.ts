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
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_key_idx').on(t.userId, t.key),
    index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt),
  ],
);
