import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './organizations';
import { users } from './users';

/**
 * How a register's columns map to a kind's fields (issue 32), kept per organization, kind and header set, so the
 * next file with the same columns is read the same way without a mapping sent along.
 */
export const importColumnMappings = pgTable(
  'import_column_mappings',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    kind: text('kind').notNull(),
    /** The file's column names, compared regardless of case and punctuation, joined in order. */
    headers: text('headers').notNull(),
    mapping: jsonb('mapping').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_column_mappings_organization_kind_headers_idx').on(t.organizationId, t.kind, t.headers)],
);
