import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The per-client attempt counts of the rate-limited routes (sign-in, sign-up), one row per client and route, in the
 * database every server process shares, so three servers allow what one allows (plugins/rate-limit-store.ts).
 * Unlogged on PostgreSQL: a crash forgets the counts (the per-account limit, password_failures, is logged and
 * holds), and the replicas never carry them.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
