import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizationId } from './organizations';
import { plantByName } from './valves';

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id'),
    /** The plant of the valve concerned, so plant-limited users see only their plants' events. */
    plant: text('plant'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_org_created_idx').on(t.organizationId, t.createdAt),
    plantByName(t.organizationId, t.plant, 'activities_plant_fk'),
  ],
);
