import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { readPlanRow } from './service';

/** Maintenance plans as a record kind: a plant-limited user sees a plan that covers a valve of their plants. */
export const maintenancePlanRecords: RecordKind = {
  name: 'maintenance_plan',
  inScope: async (db, scope, id) => void (await readPlanRow(db, scope, id)),
  history: (id) => [ownRow('maintenance_plans', id)],
};
