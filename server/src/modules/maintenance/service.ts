import type { MaintenanceRecord } from '@common/schemas/maintenance-records';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenanceRecords } from '../../db/schema';
import { maintenanceRecordFields, newestRecordsFirst } from '../../presenters/maintenance-records';

/** A valve's history, newest first. The caller has checked that the valve is the organization's. */
export function listRecordsForValve(
  db: Database,
  organizationId: number,
  valveId: number,
): Promise<MaintenanceRecord[]> {
  return db
    .select(maintenanceRecordFields)
    .from(maintenanceRecords)
    .where(and(eq(maintenanceRecords.organizationId, organizationId), eq(maintenanceRecords.valveId, valveId)))
    .orderBy(newestRecordsFirst);
}
