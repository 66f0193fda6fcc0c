import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { valves } from './valves';
import { workOrders } from './work-orders';

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: integer('valve_id').references(() => valves.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'cascade' }),
    description: text('description'),
    /** Generated keys of the stored files (lib/stored-files.ts); never a client-given name. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the stored image, taken at upload: a signature on its work order binds it (issue 27 item 3). */
    contentHash: text('content_hash'),
    createdAt: createdAt(),
    /** A wrong photo is deleted with a reason: the row stays for the valve's history, the files go. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    deletionReason: text('deletion_reason'),
  },
  (t) => [index('photos_valve_idx').on(t.valveId), index('photos_work_order_idx').on(t.workOrderId)],
);
