import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { workOrders } from './work-orders';

/*
 * Hours, rates and contractors on work orders (issue 33, docs/decisions/111-labor-and-costs.md). Money is
 * numeric(12,2) in the organization's one currency (organizations.currency).
 */

/**
 * A stretch of work by one person on one work order. A running timer is a row with `started_at` and no `ended_at`
 * (one per person, a partial unique index); minutes are filled when it stops, or given outright for logged hours.
 */
export const laborEntries = pgTable(
  'labor_entries',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    minutes: integer('minutes'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The day worked, on which the rate is looked up. */
    workedOn: date('worked_on', { mode: 'string' }).notNull(),
    /** The rate in force on the day worked, stamped when logged and again when a rate for that day is added. */
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    note: text('note'),
    loggedByUserId: integer('logged_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** Set by a trigger on every change (migration 0041): the offline change feed's cursor reads it. */
    updatedAt: updatedAt(),
  },
  (t) => [
    index('labor_entries_work_order_idx').on(t.workOrderId),
    index('labor_entries_organization_day_idx').on(t.organizationId, t.workedOn),
    uniqueIndex('labor_entries_one_running_timer_idx')
      .on(t.userId)
      .where(sql`${t.endedAt} is null and ${t.minutes} is null`),
    check('labor_entries_minutes_check', sql`${t.minutes} is null or ${t.minutes} between 1 and 1440`),
    check(
      'labor_entries_shape_check',
      sql`${t.minutes} is not null or (${t.startedAt} is not null and ${t.endedAt} is null)`,
    ),
  ],
);

/** An hourly rate from a day on, for one person or for a role; the newest in force on the day worked applies. */
export const laborRates = pgTable(
  'labor_rates',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role'),
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('labor_rates_lookup_idx').on(t.organizationId, t.userId, t.role, t.effectiveFrom),
    check('labor_rates_who_check', sql`(${t.userId} is null) <> (${t.role} is null)`),
    check('labor_rates_rate_check', sql`${t.hourlyRate} >= 0`),
  ],
);

/** A contractor's invoice against a work order. */
export const contractorCosts = pgTable(
  'contractor_costs',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
    loggedByUserId: integer('logged_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('contractor_costs_work_order_idx').on(t.workOrderId),
    check('contractor_costs_amount_check', sql`${t.amount} >= 0`),
  ],
);
