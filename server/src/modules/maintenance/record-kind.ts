import { and, eq } from 'drizzle-orm';
import { maintenanceRecords, valves } from '../../db/schema';
import { type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { valvesInScope } from '../../lib/scope';
import { notFound } from '../../plugins/errors';

/** Maintenance records as a record kind: each is its valve's, and shows in the valve's history. */
export const maintenanceRecordRecords: RecordKind = {
  name: 'maintenance_record',
  inScope: async (db, scope, id) => {
    const [row] = await db
      .select({ id: maintenanceRecords.id })
      .from(maintenanceRecords)
      .innerJoin(valves, eq(valves.id, maintenanceRecords.valveId))
      .where(and(valvesInScope(scope), eq(maintenanceRecords.id, id)));
    if (!row) throw notFound('Maintenance record not found');
  },
  // A work order's findings and actions are part of what its signatures bind.
  signedPartsOf: {
    work_order: (db, workOrderId) =>
      db
        .select({
          id: maintenanceRecords.id,
          Type: maintenanceRecords.type,
          Description: maintenanceRecords.description,
          Findings: maintenanceRecords.findings,
          'Actions performed': maintenanceRecords.actionsPerformed,
        })
        .from(maintenanceRecords)
        .where(eq(maintenanceRecords.workOrderId, workOrderId))
        .orderBy(maintenanceRecords.id),
  },
  historyOf: {
    valve: (valveId) => [
      rowsWhere(
        maintenanceRecords,
        'maintenance_records',
        maintenanceRecords.id,
        eq(maintenanceRecords.valveId, valveId),
      ),
    ],
  },
};
