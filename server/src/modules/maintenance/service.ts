import type { MaintenanceRecord } from '@common/schemas/maintenance-records';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenanceRecords } from '../../db/schema';
import { newestRecordsFirst } from './json';

export function presentRecord(row: typeof maintenanceRecords.$inferSelect): MaintenanceRecord {
  return {
    id: row.id,
    valveId: row.valveId,
    workOrderId: row.workOrderId,
    type: row.type,
    description: row.description,
    findings: row.findings,
    actionsPerformed: row.actionsPerformed,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A valve's history, newest first. The caller has checked that the valve is the organization's. */
export async function listRecordsForValve(
  db: Database,
  organizationId: number,
  valveId: number,
): Promise<MaintenanceRecord[]> {
  const rows = await db
    .select()
    .from(maintenanceRecords)
    .where(and(eq(maintenanceRecords.organizationId, organizationId), eq(maintenanceRecords.valveId, valveId)))
    .orderBy(newestRecordsFirst);
  return rows.map(presentRecord);
}
