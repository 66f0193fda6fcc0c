import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valveIdColumn } from './valves';

/**
 * Files kept with a valve: manufacturers' manuals, certificates, drawings. A deleted document keeps its row (who,
 * when, why; the audit trigger writes it into the valve's history) and loses its file.
 */
export const valveDocuments = pgTable(
  'valve_documents',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: valveIdColumn(),
    /** The name the uploader gave the file, shown and offered on download; never used as a path. */
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Generated key of the stored file (lib/stored-files.ts). */
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletionReason: text('deletion_reason'),
  },
  (t) => [index('valve_documents_valve_idx').on(t.valveId)],
);
