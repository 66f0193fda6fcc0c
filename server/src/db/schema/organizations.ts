import type { PlantUnits } from '@common/schemas/plants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
  /** The organization's own tag convention (a regular expression) new valves must match; null takes any tag. */
  tagPattern: text('tag_pattern'),
  /** The one currency (ISO 4217) its prices and costs are in (issue 33). */
  currency: text('currency').notNull().default('USD'),
  createdAt: createdAt(),
});

/**
 * The plants an organization runs (issue 30): an admin's data. Users may be limited to some of them. Records name
 * their plant by name through a foreign key on (organization, name) that cascades a rename (decisions/102); a plant
 * with valves is retired, never deleted.
 */
export const plants = pgTable(
  'plants',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** IANA zone: the plant's days, plans and DST. */
    timeZone: text('time_zone').notNull().default('UTC'),
    units: jsonb('units').$type<PlantUnits>().notNull().default({ pressure: 'psi', temperature: '°F', size: 'in' }),
    code: text('code'),
    siteName: text('site_name'),
    address: text('address'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plants_org_name_idx').on(t.organizationId, t.name),
    uniqueIndex('plants_org_lower_name_idx').on(t.organizationId, sql`lower(${t.name})`),
  ],
);

/**
 * A plant's units or areas and their systems (issue 30): plant → area → system → valve position. Each level names
 * its parent by name through a foreign key that cascades a rename or a move, as records name their plant
 * (decisions/103), so a valve's plant, area and system texts are always nodes of the tree.
 */
export const plantAreas = pgTable(
  'plant_areas',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    plant: text('plant').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('plant_areas_org_plant_name_key').on(t.organizationId, t.plant, t.name),
    uniqueIndex('plant_areas_org_plant_lower_name_idx').on(t.organizationId, t.plant, sql`lower(${t.name})`),
    foreignKey({
      columns: [t.organizationId, t.plant],
      foreignColumns: [plants.organizationId, plants.name],
      name: 'plant_areas_plant_fk',
    })
      .onUpdate('cascade')
      .onDelete('no action'),
  ],
);

export const plantSystems = pgTable(
  'plant_systems',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    plant: text('plant').notNull(),
    area: text('area').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('plant_systems_org_plant_area_name_key').on(t.organizationId, t.plant, t.area, t.name),
    uniqueIndex('plant_systems_org_plant_area_lower_name_idx').on(
      t.organizationId,
      t.plant,
      t.area,
      sql`lower(${t.name})`,
    ),
    foreignKey({
      columns: [t.organizationId, t.plant, t.area],
      foreignColumns: [plantAreas.organizationId, plantAreas.plant, plantAreas.name],
      name: 'plant_systems_area_fk',
    })
      .onUpdate('cascade')
      .onDelete('no action'),
  ],
);

/**
 * The organization's own valve types, added to the standard list every organization starts from
 * (common/constants.ts STANDARD_VALVE_TYPES), so the standard list stays one constant rather than rows per tenant.
 */
export const valveTypes = pgTable(
  'valve_types',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('valve_types_org_lower_name_idx').on(t.organizationId, sql`lower(${t.name})`)],
);
