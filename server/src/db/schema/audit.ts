import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The append-only history of changes, written only by the `audit_row_change()` trigger (the migration attaches it
 * to each audited table) and refused any UPDATE, DELETE or TRUNCATE by another trigger. No foreign keys: the
 * history outlives the rows it tells of.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id'),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    action: text('action').notNull(),
    /** update: { field: { old, new } } of the fields that changed; insert: null; delete: the row as it was. */
    changes: jsonb('changes'),
    /** From `valveops.user_id` / `valveops.device`, set for the transaction (lib/audit.ts); null if not set. */
    userId: integer('user_id'),
    device: text('device'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_row_idx').on(t.tableName, t.rowId, t.id)],
);
