import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valves } from './valves';
import { workOrders } from './work-orders';

/*
 * Failures and downtime (issue 34, docs/decisions/112-failures-and-downtime.md). The standard failure codes are
 * ISO 14224's, in common/failure-codes.ts; an organization's own codes are rows here.
 */

/** An organization's own failure code beside the standard ones, of one kind (mode, mechanism, cause, ...). */
export const failureCodes = pgTable(
  'failure_codes',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('failure_codes_code_idx').on(t.organizationId, t.kind, sql`upper(${t.code})`),
    check('failure_codes_kind_check', sql`${t.kind} in ('mode', 'mechanism', 'cause', 'remedy', 'detection')`),
  ],
);

/** What failed on the valve a work order restored: one report per work order (its own id for the audit trail). */
export const workOrderFailures = pgTable(
  'work_order_failures',
  {
    id: serial('id').primaryKey(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id),
    mode: text('mode').notNull(),
    mechanism: text('mechanism'),
    cause: text('cause'),
    remedy: text('remedy'),
    detectedBy: text('detected_by'),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('work_order_failures_work_order_idx').on(t.workOrderId),
    index('work_order_failures_valve_idx').on(t.organizationId, t.valveId, t.failedAt),
  ],
);

/** A period a valve was out of service for a work order's work; periods of one order never overlap. */
export const downtimePeriods = pgTable(
  'downtime_periods',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('downtime_periods_work_order_idx').on(t.workOrderId),
    index('downtime_periods_valve_idx').on(t.organizationId, t.valveId, t.startedAt),
    check('downtime_periods_order_check', sql`${t.endedAt} > ${t.startedAt}`),
  ],
);
