import type { ValveDetail, ValveSummary } from '@common/schemas/valves';
import { sql } from 'drizzle-orm';
import { isoInstant, jsonArray, jsonObject, jsonText } from '../db/json';
import { plants, valves } from '../db/schema';
import { valveIdentityFields } from './valve-identity';
import { workOrdersOfValveJson } from './work-orders';

/*
 * A valve's wire formats (common/schemas/valves.ts), as fields of the valves table keyed by the wire's names.
 * Selected, the fields are the object as sent (filtered lists, pages, the scanner's lookup); the two hottest reads,
 * the whole list and the detail, are JSON the database builds from the same fields. valves.test.ts holds every
 * field to the schema.
 */

/** The record id of the plant a valve names (its name is the key the foreign key holds, decisions/102). */
// Written out whole: drizzle leaves a single table's columns unqualified, which inside the subquery would be the plant's.
const plantIdOfValve = sql<number>`(select p.id from ${plants} p where p.organization_id = "valves"."organization_id" and p.name = "valves"."plant")`;

/** common's valveSummary: the list's fields, everything but the long documentation texts. */
export const valveSummaryFields = {
  ...valveIdentityFields,
  plantId: plantIdOfValve,
  sizeDn: valves.sizeDn,
  sizeNps: valves.sizeNps,
  pressureClass: valves.pressureClass,
  pressurePn: valves.pressurePn,
  manufacturer: valves.manufacturer,
  model: valves.model,
  status: valves.status,
  criticality: valves.criticality,
  lastMaintenance: valves.lastMaintenance,
  nextMaintenance: valves.nextMaintenance,
};

/** common's valveLookup: what the scanner shows of a tag it read. */
export const valveLookupFields = {
  id: valves.id,
  valveId: valves.valveId,
  type: valves.type,
  size: valves.size,
  plant: valves.plant,
  plantId: plantIdOfValve,
  location: valves.location,
};

/** The rows' valves as common's valveSummary list in the order they were registered, as text. */
export const valveListText = jsonText<ValveSummary[]>(jsonArray(jsonObject(valveSummaryFields), sql`${valves.id}`));

/** common's valveDetail for one row of valves, with its work orders: as a value (the driver parses it) and as text. */
export const valveDetailJson = sql<ValveDetail>`${jsonObject({
  ...valveSummaryFields,
  bodyMaterial: valves.bodyMaterial,
  trimMaterial: valves.trimMaterial,
  endConnection: valves.endConnection,
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
  workOrders: workOrdersOfValveJson,
})}`;
export const valveDetailText = jsonText<ValveDetail>(valveDetailJson);
