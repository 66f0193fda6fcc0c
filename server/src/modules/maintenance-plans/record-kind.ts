import type { PlanTarget } from '@common/schemas/maintenance-plans';
import { eq } from 'drizzle-orm';
import { maintenancePlans } from '../../db/schema';
import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { readPlanRow } from './service';
import { valvesOfTarget } from './targets';

/** Maintenance plans as a record kind: a plant-limited user sees a plan that covers a valve of their plants. */
export const maintenancePlanRecords: RecordKind = {
  name: 'maintenance_plan',
  inScope: async (db, scope, id) => void (await readPlanRow(db, scope, id)),
  // A deleted plan's history is read by whoever could read the plan: its valves as they are now decide.
  deletedInScope: async (db, scope, row) =>
    row.organization_id === scope.organizationId &&
    (scope.plants === null || (await valvesOfTarget(db, scope, row.target as PlanTarget)).length > 0),
  history: (id) => [ownRow('maintenance_plans', id)],
  timeZoneOf: async (db, id) => {
    const [row] = await db
      .select({ timeZone: maintenancePlans.timeZone })
      .from(maintenancePlans)
      .where(eq(maintenancePlans.id, id));
    return row?.timeZone ?? null;
  },
};
