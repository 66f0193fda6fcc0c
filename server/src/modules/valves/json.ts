import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { users, valves, workOrders } from '../../db/schema';
// The aliases' names, written out in the joins below: a sql template renders an alias without its table.
import { assignee, creator } from '../work-orders/service';

/*
 * Valve JSON built by PostgreSQL, for the two hottest reads (the whole list, and one valve's detail). Decoding rows
 * field by field, mapping them and serialising them again was most of the server's time on those reads; as one
 * text column the database's C code does that work and the server sends the text as it is. The keys and formats are
 * those of common/schemas/valves.ts, and valves.test.ts holds every field to the schema.
 */

/** The format of Date.toISOString, which every other response uses for instants. */
const isoInstant = (column: AnyColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const identityPairs = sql`'id', ${valves.id}, 'valveId', ${valves.valveId}, 'type', ${valves.type},
  'size', ${valves.size}, 'pressure', ${valves.pressure}, 'plant', ${valves.plant},
  'location', ${valves.location}, 'system', ${valves.system}`;

const summaryPairs = sql`${identityPairs}, 'manufacturer', ${valves.manufacturer}, 'model', ${valves.model},
  'status', ${valves.status}, 'lastMaintenance', ${valves.lastMaintenance},
  'nextMaintenance', ${valves.nextMaintenance}`;

/** common's valveSummary. */
export const valveSummaryJson = sql`json_build_object(${summaryPairs})`;

const userRefJson = (user: { id: AnyColumn; name: AnyColumn }) =>
  sql`case when ${user.id} is null then null else json_build_object('id', ${user.id}, 'name', ${user.name}) end`;

/** The valve's work orders as common's workOrderSummary list, newest first; overdue as isOverdue derives it. */
const workOrdersJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', ${workOrders.id}, 'workOrderId', ${workOrders.workOrderId}, 'title', ${workOrders.title},
    'description', ${workOrders.description}, 'status', ${workOrders.status}, 'priority', ${workOrders.priority},
    'overdue', (${workOrders.status} <> 'completed' and coalesce(${workOrders.dueDate} < now(), false)),
    'dueDate', ${isoInstant(workOrders.dueDate)}, 'completedAt', ${isoInstant(workOrders.completedAt)},
    'createdAt', ${isoInstant(workOrders.createdAt)}, 'updatedAt', ${isoInstant(workOrders.updatedAt)},
    'version', ${workOrders.version}, 'valve', json_build_object(${identityPairs}),
    'assignedToUser', ${userRefJson(assignee)}, 'createdByUser', ${userRefJson(creator)}
  ) order by ${workOrders.createdAt} desc, ${workOrders.id} desc)
  from ${workOrders}
  left join ${users} as ${sql.identifier('assignee')} on ${assignee.id} = ${workOrders.assignedToUserId}
  left join ${users} as ${sql.identifier('creator')} on ${creator.id} = ${workOrders.createdByUserId}
  where ${workOrders.valveId} = ${valves.id}
), '[]'::json)`;

/** common's valveDetail, as text. */
export const valveDetailJson = sql<string>`json_build_object(${summaryPairs},
  'specifications', ${valves.specifications}, 'operatingManual', ${valves.operatingManual},
  'installationGuide', ${valves.installationGuide}, 'maintenanceProcedure', ${valves.maintenanceProcedure},
  'troubleshootingGuide', ${valves.troubleshootingGuide}, 'safetyProtocol', ${valves.safetyProtocol},
  'partsList', ${valves.partsList}, 'nozzleConfiguration', ${valves.nozzleConfiguration},
  'torqueSpecifications', ${valves.torqueSpecifications}, 'nationalBoardInfo', ${valves.nationalBoardInfo},
  'asmeCodeInfo', ${valves.asmeCodeInfo}, 'certificationData', ${valves.certificationData},
  'maintenanceIntervalDays', ${valves.maintenanceIntervalDays},
  'createdAt', ${isoInstant(valves.createdAt)}, 'updatedAt', ${isoInstant(valves.updatedAt)},
  'version', ${valves.version}, 'workOrders', ${workOrdersJson})::text`;
