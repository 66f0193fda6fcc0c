import type { PlanTarget, PlanTrigger } from '@common/schemas/maintenance-plans';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId } from './organizations';
import { procedures } from './procedures';
import { users } from './users';
import { valveIdColumn } from './valves';
import { workOrders } from './work-orders';

/** A preventive plan: which valves (target), what work, and what makes it due (trigger); both as the contract says. */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority').notNull().default('medium'),
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The procedure the raised work orders follow (its version current when each is raised). */
    procedureId: integer('procedure_id').references(() => procedures.id, { onDelete: 'set null' }),
    target: jsonb('target').$type<PlanTarget>().notNull(),
    trigger: jsonb('trigger').$type<PlanTrigger>().notNull(),
    leadDays: integer('lead_days').notNull().default(7),
    skipIfOpen: boolean('skip_if_open').notNull().default(true),
    timeZone: text('time_zone').notNull(),
    active: boolean('active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('maintenance_plans_org_idx').on(t.organizationId)],
);

/**
 * Every occurrence a plan has acted on, once: the unique (plan, valve, key) is what makes generation exactly-once
 * however many servers run the job. `key` is the plant's day for calendar plans, `cycles:3000` for meters,
 * `condition:<day>` for conditions. A skipped one (a work order still open) has no work order.
 */
export const maintenancePlanOccurrences = pgTable(
  'maintenance_plan_occurrences',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => maintenancePlans.id, { onDelete: 'cascade' }),
    valveId: valveIdColumn(),
    key: text('key').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('maintenance_plan_occurrences_key_idx').on(t.planId, t.valveId, t.key),
    index('maintenance_plan_occurrences_work_order_idx').on(t.workOrderId),
  ],
);
