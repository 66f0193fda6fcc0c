import type { ValveCriticality } from '@common/constants';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizationId, plantSystems, plants } from './organizations';

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
    /** The valve's unit or area in the plant tree; `location` is the position's own description. */
    area: text('area').notNull(),
    location: text('location').notNull(),
    system: text('system').notNull(),
    /**
     * The size and pressure rating as values (issue 30), read from the texts by the database's own functions
     * (migration 0031, decisions/104): one parser, and values that can never disagree with the text shown.
     */
    sizeDn: integer('size_dn').generatedAlwaysAs(sql`valve_size_dn(size)`),
    sizeNps: numeric('size_nps', { precision: 6, scale: 3, mode: 'number' }).generatedAlwaysAs(
      sql`valve_size_nps(size)`,
    ),
    pressureClass: integer('pressure_class').generatedAlwaysAs(sql`valve_pressure_class(pressure)`),
    pressurePn: integer('pressure_pn').generatedAlwaysAs(sql`valve_pressure_pn(pressure)`),
    bodyMaterial: text('body_material'),
    trimMaterial: text('trim_material'),
    endConnection: text('end_connection'),
    manufacturer: text('manufacturer').notNull(),
    model: text('model').notNull(),
    status: text('status').notNull().default('active'),
    /** A, B or C (issue 35): with an anomaly's severity it sets the priority of the valve's alarms. */
    criticality: text('criticality').$type<ValveCriticality>().notNull().default('B'),
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
     * What a search looks in, lower case, kept by the database: tag, type, manufacturer, model, plant, area,
     * location and system (decisions/090). `||` rather than concat_ws, which PostgreSQL does not count as immutable.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(valve_id || ' ' || type || ' ' || manufacturer || ' ' || model || ' ' || plant || ' ' || area || ' ' || location || ' ' || system)`,
    ),
  },
  (t) => [
    // A tag is the plant's, any case kept, unique regardless of case (issue 30).
    uniqueIndex('valves_org_lower_valve_id_idx').on(t.organizationId, sql`lower(${t.valveId})`),
    // The plant through its system: one chain of cascading keys (plant → area → system → valve), since two
    // paths from a plant to its valves would each check the other's half-done rename (decisions/103).
    foreignKey({
      columns: [t.organizationId, t.plant, t.area, t.system],
      foreignColumns: [plantSystems.organizationId, plantSystems.plant, plantSystems.area, plantSystems.name],
      name: 'valves_system_fk',
    })
      .onUpdate('cascade')
      .onDelete('no action'),
    index('valves_org_plant_area_system_idx').on(t.organizationId, t.plant, t.area, t.system),
    index('valves_org_plant_idx').on(t.organizationId, t.plant),
    index('valves_org_status_idx').on(t.organizationId, t.status),
    check('valves_criticality_check', sql`${t.criticality} in ('A', 'B', 'C')`),
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
