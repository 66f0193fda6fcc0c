import { sql } from 'drizzle-orm';
import { date, foreignKey, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId, plants } from './organizations';

export const valves = pgTable(
  'valves',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    valveId: text('valve_id').notNull(),
    type: text('type').notNull(),
    size: text('size').notNull(),
    pressure: text('pressure').notNull(),
    plant: text('plant').notNull(),
    location: text('location').notNull(),
    system: text('system').notNull(),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    status: text('status').notNull().default('active'),
    specifications: text('specifications'),
    operatingManual: text('operating_manual'),
    installationGuide: text('installation_guide'),
    maintenanceProcedure: text('maintenance_procedure'),
    troubleshootingGuide: text('troubleshooting_guide'),
    safetyProtocol: text('safety_protocol'),
    partsList: text('parts_list'),
    nozzleConfiguration: text('nozzle_configuration'),
    torqueSpecifications: text('torque_specifications'),
    nationalBoardInfo: text('national_board_info'),
    asmeCodeInfo: text('asme_code_info'),
    certificationData: text('certification_data'),
    lastMaintenance: date('last_maintenance', { mode: 'string' }),
    nextMaintenance: date('next_maintenance', { mode: 'string' }),
    maintenanceIntervalDays: integer('maintenance_interval_days').notNull().default(180),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
    /**
     * What a search looks in, lower case, kept by the database: tag, type, manufacturer, model, plant, location
     * and system (decisions/090). `||` rather than concat_ws, which PostgreSQL does not count as immutable.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(valve_id || ' ' || type || ' ' || manufacturer || ' ' || model || ' ' || plant || ' ' || location || ' ' || system)`,
    ),
  },
  (t) => [
    // A tag is the plant's, any case kept, unique regardless of case (issue 30).
    uniqueIndex('valves_org_lower_valve_id_idx').on(t.organizationId, sql`lower(${t.valveId})`),
    plantByName(t.organizationId, t.plant, 'valves_plant_fk'),
    index('valves_org_plant_idx').on(t.organizationId, t.plant),
    index('valves_org_status_idx').on(t.organizationId, t.status),
  ],
);

/**
 * A record's plant, named: renaming the plant renames it here too, and no record names a plant that is not. No
 * action (checked at the statement's end) rather than restrict, so an organization's deletion cascades through both.
 */
export function plantByName(
  organization: Parameters<typeof foreignKey>[0]['columns'][number],
  plant: Parameters<typeof foreignKey>[0]['columns'][number],
  name: string,
) {
  return foreignKey({ columns: [organization, plant], foreignColumns: [plants.organizationId, plants.name], name })
    .onUpdate('cascade')
    .onDelete('no action');
}

/** A row that belongs to one valve and goes when the valve goes (readings, plans, documents...). */
export const valveIdColumn = () =>
  integer('valve_id')
    .notNull()
    .references(() => valves.id, { onDelete: 'cascade' });
