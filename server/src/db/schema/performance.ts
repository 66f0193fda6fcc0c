import { bigserial, doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** System-wide measurements of the installation itself, not tenant data. */
export const benchmarks = pgTable('benchmarks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  category: text('category').notNull(),
  metric: text('metric').notNull(),
  value: doublePrecision('value').notNull(),
  unit: text('unit').notNull(),
  target: doublePrecision('target').notNull(),
  status: text('status').notNull(),
  trend: text('trend').notNull(),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
});
