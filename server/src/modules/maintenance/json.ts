import { sql } from 'drizzle-orm';
import { isoInstant, jsonObject } from '../../db/json';
import { maintenanceRecords } from '../../db/schema';

/** common's maintenanceRecord for one row of maintenance_records (db/json.ts says why the database builds it). */
export const maintenanceRecordJson = jsonObject({
  id: maintenanceRecords.id,
  valveId: maintenanceRecords.valveId,
  workOrderId: maintenanceRecords.workOrderId,
  type: maintenanceRecords.type,
  description: maintenanceRecords.description,
  findings: maintenanceRecords.findings,
  actionsPerformed: maintenanceRecords.actionsPerformed,
  createdAt: isoInstant(maintenanceRecords.createdAt),
});

/** Newest first, as every history shows them. */
export const newestRecordsFirst = sql`${maintenanceRecords.createdAt} desc, ${maintenanceRecords.id} desc`;
