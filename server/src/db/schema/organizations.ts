import { boolean, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Every tenant table's owner: its rows go when the organization goes. */
export const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  /** The demo generator's organizations: demo-only controls (Simulate Scan) show for them, never for a real one. */
  demo: boolean('demo').notNull().default(false),
  createdAt: createdAt(),
});

/** The plants an organization runs; users may be limited to some of them. */
export const plants = pgTable(
  'plants',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('plants_org_name_idx').on(t.organizationId, t.name)],
);
