import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';

/** bytea as a Buffer on both drivers: node-postgres answers a Buffer, PGlite a Uint8Array (shared, not copied). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files kept in the database (FILE_STORE=database, lib/stored-files.ts): photos, thumbnails, documents and
 * request photos, under the generated keys their rows name, so every server process reaches them and a pg_dump holds
 * them with those rows (docs/decisions/116-stored-files.md).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  organizationId: organizationId(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
