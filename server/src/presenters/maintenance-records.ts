import { sql } from 'drizzle-orm';
import { isoInstant, jsonObject } from '../db/json';
import { maintenanceRecords } from '../db/schema';
import { personById } from './users';

/**
 * common's maintenanceRecord, as fields of maintenance_records keyed by the wire's names: selected (or returned by
 * an insert) they are the record as sent; as `maintenanceRecordJson` the database builds it inside a work order.
 */
export const maintenanceRecordFields = {
  id: maintenanceRecords.id,
  valveId: maintenanceRecords.valveId,
  workOrderId: maintenanceRecords.workOrderId,
  type: maintenanceRecords.type,
  description: maintenanceRecords.description,
  findings: maintenanceRecords.findings,
  actionsPerformed: maintenanceRecords.actionsPerformed,
  performedByUser: personById(maintenanceRecords.performedByUserId),
  createdAt: isoInstant(maintenanceRecords.createdAt),
};

export const maintenanceRecordJson = jsonObject(maintenanceRecordFields);

/** Newest first, as every history shows them. */
export const newestRecordsFirst = sql`${maintenanceRecords.createdAt} desc, ${maintenanceRecords.id} desc`;
