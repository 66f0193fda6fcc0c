import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
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
    /** Generated file names under DATA_DIR/uploads; never a client-given name. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_valve_idx').on(t.valveId), index('photos_work_order_idx').on(t.workOrderId)],
);
