import { type AnyColumn, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, valves, workOrders } from '../../db/schema';
import { ownRow, type RecordKind } from '../../lib/record-kinds';
import { plantTimeZone } from '../plants';
import { signatureRowsOf } from '../signatures';
import { assertWorkOrderExists } from './service';

const nameOf = (userId: AnyColumn) =>
  sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${userId})`;

/**
 * What a signature on a work order binds of the order itself (its findings, photos and runs come from their own
 * kinds): the fields a reader knows by these labels. Workflow stamps (approved, closed, version) are left out, so
 * an approval signs the same content as the completion it approves.
 */
async function signedFields(db: Database, id: number) {
  const [row] = await db
    .select({
      'Work order': workOrders.workOrderId,
      Valve: valves.valveId,
      Title: workOrders.title,
      Description: workOrders.description,
      Priority: workOrders.priority,
      Status: workOrders.status,
      'Due date': workOrders.dueDate,
      'Assigned to': nameOf(workOrders.assignedToUserId),
      'Completed by': nameOf(workOrders.completedByUserId),
      'Completed at': workOrders.completedAt,
    })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(eq(workOrders.id, id));
  return row ?? {};
}

/** Work orders as a record kind: their history shows the order and its signatures (photos and runs add theirs). */
export const workOrderRecords: RecordKind = {
  name: 'work_order',
  inScope: assertWorkOrderExists,
  history: (id) => [ownRow('work_orders', id), signatureRowsOf('work_order', sql`${id}`)],
  signedFields,
  timeZoneOf: async (db, id) => {
    const [row] = await db
      .select({ plant: valves.plant, organizationId: valves.organizationId })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .where(eq(workOrders.id, id));
    return row ? plantTimeZone(db, row.organizationId, row.plant) : null;
  },
};
