import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { users } from './users';
import { valveIdColumn, valves } from './valves';

export const predictiveAnalytics = pgTable(
  'predictive_analytics',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: valveIdColumn(),
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
    valveId: valveIdColumn(),
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

/**
 * The period an engineer marked healthy for a valve; the condition models learn from it. Without a row the engine's
 * default applies (the first days after commissioning or after the last corrective work).
 */
export const referencePeriods = pgTable('reference_periods', {
  valveId: integer('valve_id')
    .primaryKey()
    .references(() => valves.id, { onDelete: 'cascade' }),
  organizationId: organizationId(),
  from: timestamp('from', { withTimezone: true }).notNull(),
  to: timestamp('to', { withTimezone: true }).notNull(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Anomaly episodes the engine found (docs/analytics.md § Episodes): `end` null while one lasts. A recompute
 * replaces the valve's episodes within the span it assessed and keeps older ones as history.
 */
export const anomalyEpisodes = pgTable(
  'anomaly_episodes',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: valveIdColumn(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }),
    severity: text('severity').notNull(),
    /** [{ channel, direction, change, changeUnit, text }] */
    channels: jsonb('channels').notNull().default(sql`'[]'::jsonb`),
    description: text('description').notNull(),
    fault: text('fault'),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('anomaly_episodes_valve_start_idx').on(t.valveId, t.start)],
);

/**
 * Valves that received readings since their last recompute (the readings job, modules/analytics/job.ts): kept in
 * the database so the recompute waits for the job queue on any server and survives the one that took the readings.
 */
export const analyticsValvesDue = pgTable('analytics_valves_due', {
  valveId: valveIdColumn().primaryKey(),
  organizationId: organizationId(),
  /** When readings last arrived for it; a run clears only the rows it saw, so later arrivals wait for the next. */
  readingsAt: timestamp('readings_at', { withTimezone: true }).notNull().defaultNow(),
});
