import { eq } from 'drizzle-orm';
import { downtimePeriods, workOrderFailures } from '../../db/schema';
import { type RecordKind, rowsWhere } from '../../lib/record-kinds';
import { assertWorkOrderExists } from '../work-orders';

/**
 * A work order's failure report as a record kind: it and the order's downtime show in the order's history (who
 * coded the failure, who recorded or removed a period). It lives and dies with its work order.
 */
export const failureReportRecords: RecordKind = {
  name: 'failure_report',
  inScope: async (db, scope, id) => {
    const [row] = await db
      .select({ workOrderId: workOrderFailures.workOrderId })
      .from(workOrderFailures)
      .where(eq(workOrderFailures.id, id));
    await assertWorkOrderExists(db, scope, row?.workOrderId ?? 0);
  },
  historyOf: {
    work_order: (workOrderId) => [
      rowsWhere(
        workOrderFailures,
        'work_order_failures',
        workOrderFailures.id,
        eq(workOrderFailures.workOrderId, workOrderId),
      ),
      rowsWhere(downtimePeriods, 'downtime_periods', downtimePeriods.id, eq(downtimePeriods.workOrderId, workOrderId)),
    ],
  },
};
