import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Failed password checks per account within a window, sign-in and e-signature alike (lib/password-attempts.ts):
 * kept per account, not per address, so another account's success at the same address never clears them (issue
 * 27, items 1 and 2). The per-client limit is in memory (plugins/security.ts).
 */
export const passwordFailures = pgTable('password_failures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
