import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valves } from './valves';

export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    workOrderId: text('work_order_id').notNull(),
    valveId: integer('valve_id')
      .notNull()
      .references(() => valves.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('pending'),
    priority: text('priority').notNull().default('medium'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the overdue activity was written, so it is written once however many servers watch. */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who last started the work and who completed it: the names on the work (issue 17). */
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    completedByUserId: integer('completed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A duplicate or unneeded order is cancelled with a reason, never deleted: its number stays accounted for. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByUserId: integer('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** After completion: reviewed and approved, then closed (status stays completed; decisions/064). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByUserId: integer('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('work_orders_org_wo_id_idx').on(t.organizationId, t.workOrderId),
    index('work_orders_valve_idx').on(t.valveId),
    index('work_orders_org_status_idx').on(t.organizationId, t.status),
  ],
);

/** The last work order number given out per organization and year: allocated atomically, never reused. */
export const workOrderSequences = pgTable(
  'work_order_sequences',
  {
    organizationId: organizationId(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);
