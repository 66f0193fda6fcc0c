import type { AlarmPriority, AlarmSuppressionReason } from '@common/schemas/alarms';
import type { AnomalySeverity } from '@common/schemas/analytics';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valves } from './valves';
import { workOrders } from './work-orders';

/**
 * Alarms (issue 35, migration 0045): one row per alarm the control room sees, kept across recomputes (an anomaly
 * episode is rewritten by each one); matched to the valve's episodes by overlap (modules/alarms/sync.ts).
 * `activations` holds the instants it went active, grouped here while it chatters instead of repeated.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'cascade' }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    lastRaisedAt: timestamp('last_raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    occurrences: integer('occurrences').notNull().default(1),
    /** [epoch ms, ...]: each activation, for the chattering rule and the performance figures. */
    activations: jsonb('activations').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    chattering: boolean('chattering').notNull().default(false),
    severity: text('severity').$type<AnomalySeverity>().notNull(),
    priority: text('priority').$type<AlarmPriority>().notNull(),
    channels: jsonb('channels').notNull().default(sql`'[]'::jsonb`),
    description: text('description').notNull(),
    fault: text('fault'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedByUserId: integer('acknowledged_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    shelvedAt: timestamp('shelved_at', { withTimezone: true }),
    shelvedUntil: timestamp('shelved_until', { withTimezone: true }),
    shelveReason: text('shelve_reason'),
    shelvedByUserId: integer('shelved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    suppressedReason: text('suppressed_reason').$type<AlarmSuppressionReason>(),
    suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('alarms_organization_raised_idx').on(t.organizationId, t.raisedAt),
    index('alarms_valve_raised_idx').on(t.valveId, t.raisedAt),
    index('alarms_open_idx').on(t.organizationId).where(sql`${t.clearedAt} is null or ${t.acknowledgedAt} is null`),
    check('alarms_priority_check', sql`${t.priority} in ('critical', 'high', 'medium', 'low')`),
    check('alarms_suppressed_reason_check', sql`${t.suppressedReason} in ('out_of_service', 'work_order')`),
    check('alarms_shelve_check', sql`(${t.shelvedUntil} is null) = (${t.shelveReason} is null)`),
  ],
);
