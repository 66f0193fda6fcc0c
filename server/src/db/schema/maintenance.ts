import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valveIdColumn } from './valves';
import { workOrders } from './work-orders';

export const maintenanceRecords = pgTable(
  'maintenance_records',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: valveIdColumn(),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    description: text('description').notNull(),
    findings: text('findings'),
    actionsPerformed: text('actions_performed'),
    performedByUserId: integer('performed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('maintenance_records_valve_idx').on(t.valveId, t.createdAt),
    index('maintenance_records_work_order_idx').on(t.workOrderId),
    index('maintenance_records_org_type_idx').on(t.organizationId, t.type, t.createdAt),
  ],
);
