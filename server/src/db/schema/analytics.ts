import { sql } from 'drizzle-orm';
import { doublePrecision, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { valves } from './valves';

export const predictiveAnalytics = pgTable(
  'predictive_analytics',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    healthScore: doublePrecision('health_score').notNull(),
    riskLevel: text('risk_level').notNull(),
    failureProbability: doublePrecision('failure_probability').notNull(),
    confidenceLevel: doublePrecision('confidence_level').notNull(),
    recommendedAction: text('recommended_action'),
    trends: jsonb('trends').notNull().default(sql`'{}'::jsonb`),
    anomalies: jsonb('anomalies').notNull().default(sql`'[]'::jsonb`),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('predictive_analytics_valve_idx').on(t.valveId)],
);

export const performanceMetrics = pgTable(
  'performance_metrics',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    availability: doublePrecision('availability').notNull(),
    reliability: doublePrecision('reliability').notNull(),
    mtbf: doublePrecision('mtbf').notNull(),
    mttr: doublePrecision('mttr').notNull(),
    operatingHours: doublePrecision('operating_hours').notNull(),
    cycleCount: integer('cycle_count').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('performance_metrics_valve_idx').on(t.valveId)],
);
