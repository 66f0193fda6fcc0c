import { sql } from 'drizzle-orm';
import { isoInstant, jsonObject, jsonPairs } from '../../db/json';
import { users, valves, workOrders } from '../../db/schema';
import {
  assigneeOfWorkOrder,
  creatorOfWorkOrder,
  newestWorkOrdersFirst,
  workOrderSummaryJson,
} from '../work-orders/json';
import { valveSummaryColumns } from './columns';

/*
 * Valve JSON built by the database (db/json.ts says why) for the two hottest reads: the whole list, and one valve's
 * detail. The keys and formats are those of common/schemas/valves.ts, and valves.test.ts holds every field to the
 * schema.
 */

/** common's valveSummary. */
export const valveSummaryJson = jsonObject(valveSummaryColumns);

/** The valve's work orders as common's workOrderSummary list, newest first. */
const workOrdersJson = sql`coalesce((
  select json_agg(${workOrderSummaryJson} order by ${newestWorkOrdersFirst})
  from ${workOrders}
  left join ${users} as ${sql.identifier('assignee')} on ${assigneeOfWorkOrder}
  left join ${users} as ${sql.identifier('creator')} on ${creatorOfWorkOrder}
  where ${workOrders.valveId} = ${valves.id}
), '[]'::json)`;

/** common's valveDetail, as text. */
export const valveDetailJson = sql<string>`json_build_object(${jsonPairs({
  ...valveSummaryColumns,
  specifications: valves.specifications,
  operatingManual: valves.operatingManual,
  installationGuide: valves.installationGuide,
  maintenanceProcedure: valves.maintenanceProcedure,
  troubleshootingGuide: valves.troubleshootingGuide,
  safetyProtocol: valves.safetyProtocol,
  partsList: valves.partsList,
  nozzleConfiguration: valves.nozzleConfiguration,
  torqueSpecifications: valves.torqueSpecifications,
  nationalBoardInfo: valves.nationalBoardInfo,
  asmeCodeInfo: valves.asmeCodeInfo,
  certificationData: valves.certificationData,
  maintenanceIntervalDays: valves.maintenanceIntervalDays,
  createdAt: isoInstant(valves.createdAt),
  updatedAt: isoInstant(valves.updatedAt),
  version: valves.version,
  workOrders: workOrdersJson,
})})::text`;
